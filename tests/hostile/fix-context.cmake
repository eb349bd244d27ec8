# A helper reached from the poll and from a work item (corpus/fix/context,
# issue 55 class 10), check's own findings: c_clean() is called by the poll
# (the ring embedded in its vector) and by the ring's reset work, which runs
# in a context of its own. c9be29f proved "served by one NAPI instance" from
# the poll alone and hoisted the descriptor into the ring; with the work run
# at the doorbell, the poll printed the work's checksum. Now check names the
# other entry (owner "other-context", reached_from c_reset_work); hoist
# refuses, auto marks it __uninitialized (the same output).
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(context)
zt_diff_check_roots(context ${WORK}/f.json none c_poll)
file(REMOVE ${WORK}/src/context/compile_commands.json)
zt_diff_fix(context ${WORK}/f.json
	"refused: struct c_desc d in c_clean\\(\\): struct c_ring is found from the poll c_poll\\(\\), but c_reset_work\\(\\) reaches the function too"
	--strategy=hoist)
zt_diff_fix(context ${WORK}/f.json "applied: struct c_desc d in c_clean" --strategy=auto)

# The release in the caller (corpus/fix/aftercaller, issue 55 class 5 from
# the callers' side; found by a breaker on 2026-12-07): a_poll() calls
# napi_complete_done() and then a_tail(). Hoisted into the ring, a_tail()'s
# buffer was filled by the poll main.c runs at the next call into the kernel
# and printed that poll's checksum. check now says the function may run
# after its instance is let go (owner.after_release, over the callers'
# index); hoist refuses, auto marks it __uninitialized (the same output).
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(aftercaller)
zt_diff_check_roots(aftercaller ${WORK}/f.json none a_poll)
file(REMOVE ${WORK}/src/aftercaller/compile_commands.json)
zt_diff_fix(aftercaller ${WORK}/f.json
	"refused: struct a_desc a in a_tail\\(\\): a_tail\\(\\) may run after its NAPI instance is let go: a_poll\\(\\) may let the NAPI instance go \\(napi_complete_done\\(\\) at line 39\\) before it calls a_tail\\(\\) at line 41"
	--strategy=hoist)
zt_diff_fix(aftercaller ${WORK}/f.json "applied: struct a_desc a in a_tail" --strategy=auto)

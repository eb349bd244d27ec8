# A buffer used after napi_complete_done() (corpus/fix/release, issue 55
# class 5). main.c's napi_complete_done() runs the poll again before it
# returns, as another CPU may once the instance is let go. c9be29f hoisted d
# into the ring: the second poll filled the copy the first still read, and
# the rewritten build printed the second packet's checksum twice. Now the
# hoist is refused with the line of the use; auto falls back to
# __uninitialized (the same output). e, read only before the call, is hoisted.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(release)
zt_diff_finding(${WORK}/t.json release t_clean d "struct t_desc" 32 11 32
	ring "struct t_ring" 14 "struct t_vector" t_poll)
zt_diff_fix(release ${WORK}/t.json
	"refused: struct t_desc d in t_clean\\(\\): d is used at line 18 after napi_complete_done\\(\\) lets the NAPI instance go"
	--strategy=hoist)
zt_diff_fix(release ${WORK}/t.json "applied: struct t_desc d in t_clean" --strategy=auto)
zt_diff_case(release)
zt_diff_finding(${WORK}/t.json release t_clean_first e "struct t_desc" 32 25 32
	ring "struct t_ring" 14 "struct t_vector" t_poll)
zt_diff_fix(release ${WORK}/t.json "applied: struct t_desc e in t_clean_first" --strategy=hoist)

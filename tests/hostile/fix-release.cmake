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
# Let go where last stop's rule did not look: through a function pointer
# (ring->done, set to napi_complete_done in main.c), and three same-file
# wrappers down, and read through a pointer into the buffer after the call
# (t_clean_alias). All three were hoisted and printed the re-run poll's checksum;
# now the one through a pointer is refused as "may let go" (its callees are
# not known), the deep one as letting go through napi_complete_done().
foreach(c "t_clean_ptr;f;37;f is used at line 44 after the call at line 43, which may let the NAPI instance go: zerotax cannot follow done\\(\\)"
	  "t_clean_deep;g;66;g is used at line 73 after t_done1\\(\\) \\(line 72\\) lets the NAPI instance go through napi_complete_done\\(\\)"
	  "t_clean_alias;h;80;h is used at line 88 after napi_complete_done\\(\\) lets the NAPI instance go")
	list(GET c 0 fn)
	list(GET c 1 sym)
	list(GET c 2 line)
	list(GET c 3 why)
	zt_diff_case(release)
	zt_diff_finding(${WORK}/t.json release ${fn} ${sym} "struct t_desc" 32 ${line} 32
		ring "struct t_ring" 14 "struct t_vector" t_poll)
	zt_diff_fix(release ${WORK}/t.json "refused: struct t_desc ${sym} in ${fn}\\(\\): ${why}"
		--strategy=hoist)
	zt_diff_fix(release ${WORK}/t.json "applied: struct t_desc ${sym} in ${fn}" --strategy=auto)
endforeach()

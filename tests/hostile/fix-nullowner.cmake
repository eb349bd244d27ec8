# An owner that may be NULL (corpus/fix/nullowner, issue 55 class 11):
# t_rx_tested() tests its ring, t_rx_given() is given NULL by a call of the
# poll. c9be29f hoisted both into the ring, and the rewritten build wrote
# through a pointer computed from NULL. Now the hoist is refused with the
# line of the test or the call; auto falls back to __uninitialized (the same
# output).
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
foreach(c "t_rx_tested;d;11;16" "t_rx_given;e;22;35")
	list(GET c 0 fn)
	list(GET c 1 sym)
	list(GET c 2 line)
	list(GET c 3 null)
	zt_diff_case(nullowner)
	zt_diff_finding(${WORK}/t.json nullowner ${fn} ${sym} "struct t_desc" 32 ${line} 32
		ring "struct t_ring" 14 "struct t_vector" t_poll)
	zt_diff_fix(nullowner ${WORK}/t.json
		"refused: struct t_desc ${sym} in ${fn}\\(\\): ring may be NULL \\(tested or given NULL at line ${null}\\)"
		--strategy=hoist)
	zt_diff_fix(nullowner ${WORK}/t.json "applied: struct t_desc ${sym} in ${fn}" --strategy=auto)
endforeach()

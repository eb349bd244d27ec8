# An owner that may be NULL (corpus/fix/nullowner, issue 55 class 11).
# c9be29f hoisted t_rx_tested's and t_rx_given's buffers into the ring, and
# the rewritten build wrote through a pointer computed from NULL; last stop's
# rule, which looked for a NULL, still hoisted the ones given NULL through a
# variable or tested in a way it did not read ('for (; ring;)', a cast, GNU
# '?:'). Now non-NULL is proved or the hoist is refused, with the line that
# says why; auto falls back to __uninitialized (the same output). A ring
# dereferenced before the buffer's first use, or given only addresses two
# callers up, is still hoisted.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
foreach(c "t_rx_tested;d;13;t_rx_tested\\(\\) tests it at line 18"
	  "t_rx_given;e;24;t_poll\\(\\) gives it NULL at line 99"
	  "t_rx_var;f;32;t_poll\\(\\) gives it 'none' at line 101, which nothing proves non-NULL"
	  "t_rx_for;g;40;t_rx_for\\(\\) changes 'ring' at line 44"
	  "t_rx_cast;h;50;t_poll\\(\\) gives it 'none' at line 105"
	  "t_rx_elvis;i;61;t_poll\\(\\) gives it 'none' at line 107")
	list(GET c 0 fn)
	list(GET c 1 sym)
	list(GET c 2 line)
	list(GET c 3 why)
	zt_diff_case(nullowner)
	zt_diff_finding(${WORK}/t.json nullowner ${fn} ${sym} "struct t_desc" 32 ${line} 32
		ring "struct t_ring" 14 "struct t_vector" t_poll)
	zt_diff_fix(nullowner ${WORK}/t.json
		"refused: struct t_desc ${sym} in ${fn}\\(\\): ring may be NULL: ${why}"
		--strategy=hoist)
	zt_diff_fix(nullowner ${WORK}/t.json "applied: struct t_desc ${sym} in ${fn}" --strategy=auto)
endforeach()
foreach(c "t_rx_deref;j;71" "t_rx_chain;k;80")
	list(GET c 0 fn)
	list(GET c 1 sym)
	list(GET c 2 line)
	zt_diff_case(nullowner)
	zt_diff_finding(${WORK}/t.json nullowner ${fn} ${sym} "struct t_desc" 32 ${line} 32
		ring "struct t_ring" 14 "struct t_vector" t_poll)
	zt_diff_fix(nullowner ${WORK}/t.json "applied: struct t_desc ${sym} in ${fn}" --strategy=hoist)
endforeach()

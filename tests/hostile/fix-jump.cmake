# Jumps past the declaration (corpus/fix/jump, issue 55 class 12): a
# descriptor declared at the top of a switch body, and one in a block a goto
# enters below its declaration. c9be29f hoisted both: "struct t_desc *d =
# &ring->d;" is never executed on those paths, and the rewritten build wrote
# through an unset pointer. Now the hoist is refused with the label's line;
# auto falls back to __uninitialized, which definite assignment proves, and
# the rewritten build prints what the original does.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
foreach(c "t_rx_kind;d;13;15" "t_rx_again;e;33;36")
	list(GET c 0 fn)
	list(GET c 1 sym)
	list(GET c 2 line)
	list(GET c 3 label)
	zt_diff_case(jump)
	zt_diff_finding(${WORK}/t.json jump ${fn} ${sym} "struct t_desc" 32 ${line} 32
		ring "struct t_ring" 14 "struct t_vector" t_poll)
	zt_diff_fix(jump ${WORK}/t.json
		"refused: struct t_desc ${sym} in ${fn}\\(\\): a jump reaches the block of ${sym} past its declaration \\(the label or case at line ${label}\\)"
		--strategy=hoist)
	zt_diff_fix(jump ${WORK}/t.json "applied" --strategy=auto)
endforeach()

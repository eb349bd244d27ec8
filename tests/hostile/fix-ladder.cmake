# Callees that fill a buffer, as the kernel writes them (corpus/fix/ladder),
# each through the differential run (the rewrite reads what the original
# reads):
#  - l_build() fills it, then may leave by its error ladder (goto err): a
#    callee's labels were reached "from elsewhere", so every goto ladder in a
#    callee hid what it wrote (6.12's virtnet_build_xdp_buff_mrg():
#    receive_mergeable_xdp()'s xdp, "flags may be read before it is written");
#  - l_fill() writes it only when it returns 0 (return -22 first): a caller
#    that leaves on a non-zero result, directly or through 'err' (and
#    unlikely(err < 0)), reads it written (6.12's veth_xdp_rcv_skb() and
#    veth_convert_skb_to_xdp_buff());
#  - and one that reads it when l_fill() failed is refused;
#  - tests that agree: 'if (!held) { l_build(&b); held = ...; }' and later
#    'if (held) ... else read b': where held is still NULL the block ran
#    (6.12's ixgbe_clean_rx_irq(), its skb); with held changed between the
#    two tests, refused;
#  - the same with a switch between the two tests (a case is entered from
#    its switch's head, where the guard holds: 6.12's igc_clean_rx_irq()),
#    and a guard made inside a switch, which a later case is entered
#    without: refused;
#  - a designated initializer's named field, read where no other write came
#    first, kept as a store before the block's first statement (6.12's
#    igc_clean_rx_irq(), ctx = { .rx_ts = NULL }), both strategies; and one
#    a later declaration reads before that statement: refused;
#  - a callee that takes the buffer back to the struct around it
#    (container_of(): 6.12's XDP metadata kfuncs, mlx5e_xmit_xdp_frame()):
#    what it reads of that struct is read; written first, applied; the
#    other field written after the call, refused at the callee's read;
#  - a callee given the buffer by value: what its body reads of its copy
#    (6.1's bnxt_rx_xdp()), applied; one that reads a field never written,
#    refused;
#  - a flag set only after the writes ('active = 1' in the block, 'if (active)'
#    later; 6.12's bnxt_rx_pkt(), xdp_active), and one set elsewhere too,
#    refused.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(ladder)
foreach(c "l_handle;35" "l_handle_ok;60" "l_handle_err;69" "l_handle_agree;94"
		"l_handle_flag;125" "l_handle_agree_switch;163")
	list(GET c 0 fn)
	list(GET c 1 line)
	zt_diff_finding(${WORK}/${fn}.json ladder ${fn} b "struct l_buff" 64 ${line} 64 ring
			"struct l_ring" 22 "struct l_vector" l_poll)
	zt_diff_fix(ladder ${WORK}/${fn}.json "applied: struct l_buff b in ${fn}"
		--strategy=uninitialized)
endforeach()
zt_diff_finding(${WORK}/wrong.json ladder l_handle_wrong b "struct l_buff" 64 80 64 ring
		"struct l_ring" 22 "struct l_vector" l_poll)
zt_diff_fix(ladder ${WORK}/wrong.json
	"refused: struct l_buff b in l_handle_wrong\\(\\): .* of b may be read before it is written: read at line 83"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/disagree.json ladder l_handle_disagree b "struct l_buff" 64 110 64 ring
		"struct l_ring" 22 "struct l_vector" l_poll)
zt_diff_fix(ladder ${WORK}/disagree.json
	"refused: struct l_buff b in l_handle_disagree\\(\\): .* of b may be read before it is written: read at line 119"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/twice.json ladder l_handle_flag_twice b "struct l_buff" 64 143 64 ring
		"struct l_ring" 22 "struct l_vector" l_poll)
zt_diff_fix(ladder ${WORK}/twice.json
	"refused: struct l_buff b in l_handle_flag_twice\\(\\): .* of b may be read before it is written: read at line 153"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/case.json ladder l_handle_case_guard b "struct l_buff" 64 189 64 ring
		"struct l_ring" 22 "struct l_vector" l_poll)
zt_diff_fix(ladder ${WORK}/case.json
	"refused: struct l_buff b in l_handle_case_guard\\(\\): .* of b may be read before it is written: read at line 201"
	--strategy=uninitialized)
# The check finding of FN's local (the owner: the ring of l_poll's vector) in JSON,
# its initializer designated when DESIGNATED is given.
function(ladder_finding json fn sym type size line)
	zt_diff_finding(${json} ladder ${fn} ${sym} "${type}" ${size} ${line} ${size} ring
			"struct l_ring" 22 "struct l_vector" l_poll)
	if("designated" IN_LIST ARGN)
		file(READ ${json} j)
		string(REPLACE "\"explicit_init\": null" "\"explicit_init\": \"designated\"" j "${j}")
		file(WRITE ${json} "${j}")
	endif()
endfunction()

foreach(strategy uninitialized hoist)
	ladder_finding(${WORK}/named.json l_handle_named b "struct l_buff" 64 213 designated)
	zt_diff_fix(ladder ${WORK}/named.json "applied: struct l_buff b in l_handle_named"
		--strategy=${strategy})
	string(MD5 tag "--strategy=${strategy}")
	file(READ ${WORK}/out-${tag}/rx.c after)
	if(strategy STREQUAL "hoist")
		set(store "\n\tint err = 0;\n\n\tb->flags = 2;\n\tif \\(ring->index & 1\\)")
	else()
		set(store "\n\tint err = 0;\n\n\tb.flags = 2;\n\tif \\(ring->index & 1\\)")
	endif()
	if(NOT after MATCHES "${store}")
		message(FATAL_ERROR "--strategy=${strategy}: the named field is not kept as a store "
			"before the block's first statement:\n${after}")
	endif()
endforeach()
# FUNCTION|SYMBOL|TYPE|SIZE|LINE|designated or -|what fix says (--strategy=uninitialized)
set(cases
	"l_handle_named_early|b|struct l_buff|64|231|designated|refused: struct l_buff b in l_handle_named_early\\(\\): flags of b may be read before it is written: read at line 232"
	"l_handle_wrapped|wr|struct l_wrap|72|258|-|applied: struct l_wrap wr in l_handle_wrapped"
	"l_handle_wrapped_late|wr|struct l_wrap|72|267|-|refused: struct l_wrap wr in l_handle_wrapped_late\\(\\): meta of wr may be read before it is written: read at line 270, in l_meta_peek\\(\\) at line 251, called at line 270"
	"l_handle_by_value|b|struct l_buff|64|293|-|applied: struct l_buff b in l_handle_by_value"
	"l_handle_by_value_unset|b|struct l_buff|64|302|-|refused: struct l_buff b in l_handle_by_value_unset\\(\\): flags of b may be read before it is written: read at line 305, in l_flags_of\\(\\) at line [0-9]+ \\(its copy\\), called at line 305")
foreach(c IN LISTS cases)
	string(REPLACE "|" ";" c "${c}")
	list(GET c 0 fn)
	list(GET c 1 sym)
	list(GET c 2 type)
	list(GET c 3 size)
	list(GET c 4 line)
	list(GET c 5 init)
	list(GET c 6 says)
	ladder_finding(${WORK}/${fn}.json ${fn} ${sym} "${type}" ${size} ${line} ${init})
	zt_diff_fix(ladder ${WORK}/${fn}.json "${says}" --strategy=uninitialized)
endforeach()

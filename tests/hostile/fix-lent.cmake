# A context lent to the task and the value of memcpy() (corpus/fix/lent), each
# through the differential run, --strategy=uninitialized:
#  - 'struct bpf_net_context __bpf_net_ctx, *bpf_net_ctx;' published by
#    bpf_net_ctx_set(), whose readers write each part first (its fact in
#    rules/init-helpers.conf), its pointer kept from the call's value and
#    tested by bpf_net_ctx_clear(): applied, the attribute on that one
#    declarator of two, a name spatch would read as an attribute (6.12's
#    tun_build_skb());
#  - memcpy() of the head only, the tail read through the pointer it returns:
#    refused at that read;
#  - the whole pair copied, then read through that pointer: applied;
#  - the value of a partial copy given to a call: refused, all of it read;
#  - a callee that writes on one path and then reads: refused, that read named.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(lent)
zt_diff_finding(${WORK}/lent.json lent l_rx_lent __bpf_net_ctx "struct bpf_net_context" 64 15 64
		ring "struct l_ring" 28 "struct l_vector" l_poll)
zt_diff_fix(lent ${WORK}/lent.json "applied: struct bpf_net_context __bpf_net_ctx in l_rx_lent"
	--strategy=uninitialized)
file(GLOB_RECURSE out ${WORK}/out-*/rx.c)
file(STRINGS ${out} decl REGEX "__bpf_net_ctx __attribute__\\(\\(__uninitialized__\\)\\), \\*bpf_net_ctx;")
if(NOT decl)
	message(FATAL_ERROR "the attribute is not on __bpf_net_ctx's declarator alone")
endif()
zt_diff_finding(${WORK}/copied.json lent l_rx_copied pair "struct l_pair" 6 36 6
		ring "struct l_ring" 28 "struct l_vector" l_poll)
zt_diff_fix(lent ${WORK}/copied.json
	"refused: struct l_pair pair in l_rx_copied\\(\\): tail of pair may be read before it is written: read at line 39"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/all.json lent l_rx_copied_all pair "struct l_pair" 6 45 6
		ring "struct l_ring" 28 "struct l_vector" l_poll)
zt_diff_fix(lent ${WORK}/all.json "applied: struct l_pair pair in l_rx_copied_all"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/given.json lent l_rx_given pair "struct l_pair" 6 54 6
		ring "struct l_ring" 28 "struct l_vector" l_poll)
zt_diff_fix(lent ${WORK}/given.json
	"refused: struct l_pair pair in l_rx_given\\(\\): .* of pair may be read before it is written: read at line 56, where memcpy\\(\\) returns its address for other code to read"
	--strategy=uninitialized)
# A callee that writes on one path only, then reads: the reason is that read's
# (a write lost at the callee's join once took its place in the reason).
zt_diff_finding(${WORK}/half.json lent l_rx_half pair "struct l_pair" 6 69 6
		ring "struct l_ring" 28 "struct l_vector" l_poll)
zt_diff_fix(lent ${WORK}/half.json
	"refused: struct l_pair pair in l_rx_half\\(\\): tail of pair may be read before it is written: read at line 71, in l_pair_fill_maybe\\(\\) at line 64, called at line 71"
	--strategy=uninitialized)

# Switches (corpus/fix/switch), each through the differential run,
# --strategy=uninitialized:
#  - a callee whose every case, the default too, writes l4_len before its
#    break (6.12 vmxnet3's vmxnet3_parse_hdr()): applied;
#  - no default: the way past every case writes nothing, refused;
#  - a case entered both by falling through and from the switch's head: what
#    every entry wrote (l4_len) is written, what only the case before wrote
#    (l3_len) is not, refused at that read;
#  - a break in a loop in a case leaves the loop, and the case goes on to
#    write: applied.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(switch)
zt_diff_finding(${WORK}/parsed.json switch s_rx_parsed hdr "struct s_hdr" 32 31 32
		ring "struct s_ring" 19 "struct s_vector" s_poll)
zt_diff_fix(switch ${WORK}/parsed.json "applied: struct s_hdr hdr in s_rx_parsed"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/nodefault.json switch s_rx_nodefault hdr "struct s_hdr" 32 40 32
		ring "struct s_ring" 19 "struct s_vector" s_poll)
zt_diff_fix(switch ${WORK}/nodefault.json
	"refused: struct s_hdr hdr in s_rx_nodefault\\(\\): l4_len of hdr may be read before it is written: read at line 50"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/fallthrough.json switch s_rx_fallthrough hdr "struct s_hdr" 32 56 32
		ring "struct s_ring" 19 "struct s_vector" s_poll)
zt_diff_fix(switch ${WORK}/fallthrough.json
	"refused: struct s_hdr hdr in s_rx_fallthrough\\(\\): l3_len of hdr may be read before it is written: read at line 71"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/loop.json switch s_rx_loop hdr "struct s_hdr" 32 77 32
		ring "struct s_ring" 19 "struct s_vector" s_poll)
zt_diff_fix(switch ${WORK}/loop.json "applied: struct s_hdr hdr in s_rx_loop"
	--strategy=uninitialized)

# A field written only where another is not 0 (corpus/fix/frags), each
# through the differential run, --strategy=uninitialized:
#  - info written under 'if (x->multi)', read by callees that take the member,
#    reach the rest by container_of() and read it only under their own test
#    of multi (one through a count set there, then a loop up to it), and by
#    the caller under a later test of it: applied;
#  - multi is 0 at the call (the function returned where it was not): applied;
#  - info written under another test: refused at the callee's read;
#  - multi written again after the test: refused at the callee's read;
#  - the callee writes multi before its own test: that test is not the
#    caller's, refused at the callee's read;
#  - a flag in a union whose other member is written between the two tests:
#    no fact about it, refused;
#  - written in a do-while's body (no break): the body ran, applied.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(frags)
foreach(c "frags;47;applied: struct f_frags fr in f_rx_frags"
	  "single;63;applied: struct f_frags fr in f_rx_single"
	  "other;76;refused: struct f_frags fr in f_rx_other\\(\\): info of fr may be read before it is written: read at line 83, in f_send\\(\\) at line 41"
	  "rewritten;89;refused: struct f_frags fr in f_rx_rewritten\\(\\): info of fr may be read before it is written: read at line 97, in f_send\\(\\) at line 41"
	  "do;140;applied: struct f_frags fr in f_rx_do"
	  "flipped;113;refused: struct f_frags fr in f_rx_flipped\\(\\): info of fr may be read before it is written: read at line 120, in f_send_flipped\\(\\) at line 107")
	list(GET c 0 name)
	list(GET c 1 line)
	list(GET c 2 want)
	zt_diff_finding(${WORK}/${name}.json frags f_rx_${name} fr "struct f_frags" 48 ${line} 48
			ring "struct f_ring" 20 "struct f_vector" s_poll)
	zt_diff_fix(frags ${WORK}/${name}.json "${want}" --strategy=uninitialized)
endforeach()
zt_diff_finding(${WORK}/union.json frags f_rx_union fr "struct f_ufrags" 24 126 24
		ring "struct f_ring" 20 "struct f_vector" s_poll)
zt_diff_fix(frags ${WORK}/union.json
	"refused: struct f_ufrags fr in f_rx_union\\(\\): info of fr may be read before it is written: read at line 134"
	--strategy=uninitialized)

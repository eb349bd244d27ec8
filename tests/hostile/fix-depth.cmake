# A read past the depth the analysis follows (corpus/fix/depth, issue 55
# class 6): eight calls down a field never written is read. The callee past
# the limit is unknown and reads all it is given; c9be29f kept only the
# first field of that read (written), called the local written first,
# applied, and the rewritten poll printed the dirty stack. Now refused, the
# limit named, through the differential run with both strategies.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(depth)
zt_diff_finding(${WORK}/d.json depth d_rx d "struct d_desc" 32 24 32
		ring "struct d_ring" 14 "struct d_vector" d_poll)
foreach(strategy uninitialized auto)
	zt_diff_fix(depth ${WORK}/d.json
		"refused: struct d_desc d in d_rx\\(\\): vlan of d may be read before it is written: read at line 29"
		--strategy=${strategy})
endforeach()

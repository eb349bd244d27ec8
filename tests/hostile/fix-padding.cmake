# Bytes, not fields (corpus/fix/padding, issue 55 classes 1 and 7): check's
# own findings, each rewrite through the differential run on a dirty stack,
# every byte the ring got printed, with both strategies:
#  - every field written, the record memcpy()'d out: its holes are read,
#    refused at the copy;
#  - '= {}' then every field, the record assigned whole: refused (dropping
#    the initializer leaked the stack into the ring);
#  - a by-value copy the callee keeps whole, one field never written:
#    refused at the call (c9be29f saw only the copy's first field);
#  - the fields read one by one: no finding (the compilers drop that zero),
#    its answer is in the corpus (written first).
# c9be29f's fix applied the three and the ring got the stack's bytes.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(padding)
zt_diff_check(padding g_poll ${WORK}/f.json)
file(REMOVE ${WORK}/src/padding/compile_commands.json)
# one run per strategy: the three refusals in order, then the count
foreach(strategy uninitialized auto)
	zt_diff_fix(padding ${WORK}/f.json
		"refused: struct g_rec r in g_rx_copy\\(\\): <padding> of r may be read before it is written: read at line 22.*refused: struct g_rec r in g_rx_cleared\\(\\): <padding> of r may be read before it is written: read at line 35.*refused: struct g_rec r in g_rx_kept\\(\\): tag of r may be read before it is written: read at line 53.*verified: 0 applied, 3 refused"
		--strategy=${strategy})
endforeach()

# Issue 31's reversed type in our own small tree (corpus/fix/reversed): the
# buffer's type is defined in en/xdp.h, which includes the owner's en.h
# through the tree's -I (not next to itself), as mlx5e was before its per-RQ
# buffer. A hoist must move the definition into en.h before the owner, leave
# nothing in en/xdp.h and add no #include (a cycle); the rewritten tree reads
# what the original reads (the differential run). From check's own finding.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(reversed)
set(d ${WORK}/src/reversed)
zt_diff_check(reversed r_poll ${WORK}/f.json -I${d})
zt_diff_fix(reversed ${WORK}/f.json "verified: 1 applied, 0 refused"
	-p ${d} --strategy=hoist)
file(GLOB en_h ${WORK}/out-*/en.h)
file(GLOB xdp_h ${WORK}/out-*/en/xdp.h)
file(READ ${en_h} en)
file(READ ${xdp_h} xdp)
string(FIND "${en}" "struct r_buff {" def)
string(FIND "${en}" "struct r_rq {" owner)
string(FIND "${xdp}" "struct r_buff {" left)
string(FIND "${en}${xdp}" "#include \"en/xdp.h\"" inc)
if(def EQUAL -1 OR NOT def LESS owner OR NOT left EQUAL -1 OR NOT inc EQUAL -1)
	message(FATAL_ERROR "struct r_buff was not moved into en.h before struct r_rq (or en/xdp.h "
		"still defines it, or an #include was added):\nen.h:\n${en}\nen/xdp.h:\n${xdp}")
endif()

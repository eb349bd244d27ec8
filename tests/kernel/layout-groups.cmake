# Issue 27 on the whole 6.12 test bed: `zerotax layout -p <the bed's db> -j 2` over every
# driver's objects (zt_bed_objects) with no --struct (every struct the code
# touches): no suggestion places a field one path writes per packet in a cache line with a
# read-mostly field another path reads, unless the report says so
# (tests/layout/check_groups.py, by paths, from the JSON alone). -DCC=gcc|clang
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
if(NOT CC)
	set(CC clang)
endif()
string(TOUPPER ${CC} CCU)
set(obj ${KERNEL_${CCU}_OBJ})
zt_bed_objects(${obj})
# The fields the code touches come from the source, whichever compiler built the
# objects: both trees' runs read the clang tree's database, and the gcc run (after
# the clang one, tests/kernel/layout.tests.cmake) finds its TUs in the per-TU cache.
zt_krun(1 out layout -p ${KERNEL_CLANG_OBJ}/db/all -j 2 --format=json ${BED_OBJS})
file(WRITE ${WORK}/groups.json "${out}")
zt_kjudge("a line mixes one path's writes with another's read-mostly fields, unreported"
	python3 ${SRC}/tests/layout/check_groups.py ${WORK}/groups.json)

# Issue 27 on the 6.12 test bed: `zerotax layout -p <mlx5 db> -j 2` over mlx5_core.o and
# ice.o with no --struct (every struct the code touches): no suggestion places a field one
# path writes per packet in a cache line with a read-mostly field another path reads,
# unless the report says so (tests/layout/check_groups.py, by paths, from the JSON alone).
# Not yet run: the 6.12 fixture was still building when it was written.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)

set(objs ${KERNEL_CLANG_OBJ}/drivers/net/ethernet/mellanox/mlx5/core/mlx5_core.o)
if(EXISTS ${KERNEL_CLANG_OBJ}/drivers/net/ethernet/intel/ice/ice.o)
	list(APPEND objs ${KERNEL_CLANG_OBJ}/drivers/net/ethernet/intel/ice/ice.o)
endif()
zt_krun(1 out layout -p ${KERNEL_CLANG_OBJ}/db/mlx5 -j 2 --format=json ${objs})
file(WRITE ${WORK}/groups.json "${out}")
execute_process(COMMAND python3 ${SRC}/tests/layout/check_groups.py ${WORK}/groups.json
	RESULT_VARIABLE rc OUTPUT_VARIABLE msg ERROR_VARIABLE perr)
message(STATUS "${msg}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${perr}")
endif()

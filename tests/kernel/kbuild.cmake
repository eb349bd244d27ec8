# Kbuild mode on the real tree: make C=2 CHECK="zerotax check --kbuild" over
# mlx5 core, then zerotax report, equals zerotax check -p on the same tree
# (findings and run). Make runs in a copy of the O= directory: the fixture is
# shared and never written. AST only (--evidence=none) on both sides: Kbuild
# mode compiles evidence for each of the 80 TUs on its own, which would cost
# minutes of CI for what kernel/check-* already covers with evidence.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.1)
string(TOUPPER ${CC} CCU)
set(obj ${KERNEL_${CCU}_OBJ})
set(copy ${WORK}/obj)
set(mlx5 drivers/net/ethernet/mellanox/mlx5/core)
file(REMOVE_RECURSE ${copy})
execute_process(COMMAND cp -a ${obj} ${copy} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "cannot copy ${obj}")
endif()
if(CC STREQUAL "clang")
	set(kcc LLVM=-19)
else()
	set(kcc CC=${GCC})
endif()
set(results ${WORK}/results.jsonl)
file(REMOVE ${results})
string(TIMESTAMP t0 "%s")
execute_process(COMMAND make -s -C ${KERNEL_SRC} O=${copy} ARCH=x86_64 ${kcc} -j2 C=2
		"CHECK=${ZEROTAX} check --kbuild --results=${results} --evidence=none"
		${mlx5}/
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(TIMESTAMP t1 "%s")
math(EXPR dt "${t1} - ${t0}")
message(STATUS "make C=2 over ${mlx5}: ${dt} s (exit ${rc})")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "make C=2: exit ${rc}\n${out}\n${err}")
endif()
zt_krun(any reported report ${results} --format=json)
zt_krun(any plain check -p ${obj}/db/mlx5 -j 2 --evidence=none --format=json)
file(WRITE ${WORK}/report.json "${reported}")
file(WRITE ${WORK}/check.json "${plain}")
execute_process(COMMAND python3 ${SRC}/tests/kernel/same_findings.py
		${WORK}/report.json ${WORK}/check.json ${results} ${KERNEL_SRC}/${mlx5}
	RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "Kbuild mode and check -p differ (${WORK}/report.json, ${WORK}/check.json)")
endif()

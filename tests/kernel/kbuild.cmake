# Kbuild mode on the real tree: make C=2 CHECK="zerotax check --kbuild
# --evidence=build" over igc (12 TUs, one finding) on the 6.12 tree, then zerotax report, equals
# zerotax check -p --evidence=build on the same database (findings and run):
# the checker reads the evidence the build left next to each object, found
# through Kbuild's dependency file, as check -p finds it through -o. Make runs
# in a copy of the O= directory (the fixture is shared and never written),
# with the fixture's KCFLAGS, so it rebuilds nothing and only runs the checker.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
string(TOUPPER ${CC} CCU)
set(obj ${KERNEL_${CCU}_OBJ})
set(copy ${WORK}/obj)
set(dir drivers/net/ethernet/intel/igc)
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
if(KERNEL_${CCU}_KCFLAGS)
	list(APPEND kcc "KCFLAGS=${KERNEL_${CCU}_KCFLAGS}")
endif()
set(results ${WORK}/results.jsonl)
file(REMOVE ${results})
string(TIMESTAMP t0 "%s")
execute_process(COMMAND make -s -C ${KERNEL_SRC} O=${copy} ARCH=x86_64 ${kcc} -j2 C=2
		"CHECK=${ZEROTAX} check --kbuild --results=${results} --evidence=build"
		${dir}/
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(TIMESTAMP t1 "%s")
math(EXPR dt "${t1} - ${t0}")
message(STATUS "make C=2 over ${dir}: ${dt} s (exit ${rc})")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "make C=2: exit ${rc}\n${out}\n${err}")
endif()
zt_krun(any reported report ${results} --format=json)
zt_krun(any plain check -p ${obj}/db/igc -j 2 --evidence=build --format=json --no-cache)
file(WRITE ${WORK}/report.json "${reported}")
file(WRITE ${WORK}/check.json "${plain}")
execute_process(COMMAND python3 ${SRC}/tests/kernel/same_findings.py
		${WORK}/report.json ${WORK}/check.json ${results} ${KERNEL_SRC}/${dir}
	RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "Kbuild mode and check -p differ (${WORK}/report.json, ${WORK}/check.json)")
endif()

# zerotax check -p on each compile database of one fixture tree (-DCC=clang|gcc):
# every TU parsed, no evidence failure, and what the tree is known to hold
# (tests/kernel/check_tree.py states it and why).
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.1)
string(TOUPPER ${CC} CCU)
set(obj ${KERNEL_${CCU}_OBJ})
foreach(db mlx5 ice net)
	zt_krun(any out check -p ${obj}/db/${db} -j 2 --evidence=both --format=json)
	file(WRITE ${WORK}/${db}.json "${out}")
	execute_process(COMMAND python3 ${SRC}/tests/kernel/check_tree.py ${CC} ${db} ${WORK}/${db}.json
		RESULT_VARIABLE rc)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${CC} ${db}: the findings are not what the tree holds (${WORK}/${db}.json)")
	endif()
endforeach()

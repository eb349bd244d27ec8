# The findings of `check` on 6.1's mlx5 core and ice, pinned with their
# frequency and rank order (issue "check on real drivers"): what is 6.1's own
# (mlx5e's on-stack struct xdp_buff, ranked by the tree's compiler; ice's RX
# buffer in the ring). Every TU parsed on a whole tree is the 6.12 bed's test. Lean: each run reads only the TUs
# of the hot paths (a filtered copy of the fixture's compile database), and the
# pins live in check_accuracy.py, which judges any check JSON of the tree.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.1)
find_program(PYTHON3 python3 REQUIRED)
set(pins ${SRC}/tests/kernel/check_accuracy.py)
set(mlx5_tus en_main.c en_tx.c en_txrx.c en_rx.c en/xdp.c)
set(ice_tus ice_main.c ice_base.c ice_xsk.c ice_txrx.c ice_txrx_lib.c)

foreach(run gcc-mlx5 clang-mlx5 gcc-ice)
	string(REPLACE "-" ";" parts ${run})
	list(GET parts 0 cc)
	list(GET parts 1 driver)
	string(TOUPPER ${cc} CC)
	set(db ${WORK}/db-${run})
	execute_process(COMMAND ${PYTHON3} ${pins} filter
			${KERNEL_${CC}_OBJ}/db/${driver}/compile_commands.json ${db} ${${driver}_tus}
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${run}: cannot filter the compile database\n${out}${err}")
	endif()
	zt_krun(1 json check -p ${db} --rules ${SRC}/rules/hotpaths/mlx5e.conf
		--format=json --evidence=both -j 2 --no-cache)
	file(WRITE ${WORK}/${run}.json "${json}")
	execute_process(COMMAND ${PYTHON3} ${pins} verify ${run} ${WORK}/${run}.json
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	message("${out}${err}")
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${run}: the findings differ from the pins")
	endif()
endforeach()

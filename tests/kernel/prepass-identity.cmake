# check with and without the token pre-pass on the fixture's trees: the JSON
# must be the same byte for byte but for run.prefilter, and the pre-pass must
# skip TUs. The two runs share a cache (the pre-pass run reads the TUs it
# parses from it, so it costs little): the clang tree's mlx5 core with both
# compilers' evidence (the evidence loop: callers of candidates), the gcc
# tree's mlx5 core and the clang tree's ice with --evidence=none.
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.1)
set(rules ${SRC}/rules/hotpaths/mlx5e.conf)
set(same ${SRC}/tests/unit/prepass/same_findings.py)

function(same name db evidence min_skipped)
	foreach(mode off on)
		string(TIMESTAMP t0 "%s")
		execute_process(COMMAND ${ZEROTAX} check -p ${db} --rules ${rules} --format=json -j 2
				--evidence=${evidence} --cache ${WORK}/cache-${name} --prefilter=${mode}
			WORKING_DIRECTORY ${WORK} OUTPUT_FILE ${WORK}/${name}-${mode}.json
			ERROR_VARIABLE err RESULT_VARIABLE rc)
		string(TIMESTAMP t1 "%s")
		math(EXPR dt "${t1} - ${t0}")
		message(STATUS "${name} --prefilter=${mode}: ${dt} s (exit ${rc})")
		if(rc GREATER 1)
			message(FATAL_ERROR "${name} --prefilter=${mode}: exit ${rc}\n${err}")
		endif()
	endforeach()
	execute_process(COMMAND python3 ${same} ${WORK}/${name}-on.json ${WORK}/${name}-off.json
			${min_skipped}
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${name}: ${out}${err}")
	endif()
	message(STATUS "${name}: ${out}")
endfunction()

file(REMOVE_RECURSE ${WORK}/cache-clang-mlx5 ${WORK}/cache-gcc-mlx5 ${WORK}/cache-clang-ice)
same(clang-mlx5 ${KERNEL_CLANG_OBJ}/db/mlx5 both 1)
same(gcc-mlx5 ${KERNEL_GCC_OBJ}/db/mlx5 none 1)
same(clang-ice ${KERNEL_CLANG_OBJ}/db/ice none 1)

# check with and without the token pre-pass on the 6.12 test bed: the JSON
# must be the same byte for byte but for run.prefilter, and the pre-pass must
# skip TUs. The whole bed of the clang tree (every driver, one database) with
# --evidence=none, and the gcc tree's ice with its build's evidence (the
# evidence loop: callers of candidates). Each pair shares a cache (the
# pre-pass run reads the TUs it parses from it, so it costs little).
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.12)
set(same ${SRC}/tests/unit/prepass/same_findings.py)

function(same name db evidence min_skipped)
	foreach(mode off on)
		string(TIMESTAMP t0 "%s")
		execute_process(COMMAND ${ZEROTAX} check -p ${db} --format=json -j 2
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

# The build's evidence on ice (44 TUs; 98 s for both runs) rather than mlx5
# core (180 TUs, 250 s): CI's budget. The corpus's check/prepass-identity
# keeps the evidence loop's second round.
file(REMOVE_RECURSE ${WORK}/cache-clang-all ${WORK}/cache-gcc-ice)
same(clang-all ${KERNEL_CLANG_OBJ}/db/all none 100)
same(gcc-ice ${KERNEL_GCC_OBJ}/db/ice build 1)

# check with and without the token pre-pass on the 6.12 test bed: the JSON
# must be the same byte for byte but for run.prefilter, and the pre-pass must
# skip TUs. Nine drivers of the clang tree in one database (every driver of the
# bed but mlx5 core and ice: 99 of its 323 TUs) with --evidence=none, and the
# gcc tree's ice with its build's evidence (the evidence loop: callers of
# candidates). Each pair shares a cache (the pre-pass run reads the TUs it
# parses from it, so it costs little).
#
# Why not the whole bed: its --prefilter=off run parses all 323 TUs, 529 s of
# CI's 30 minutes (593 s under CI's load) for the one test. mlx5 core (180 TUs)
# is most of that; its pre-pass is exercised by every bed test of check, whose
# findings kernel/bed-check-* judge against the bed's labels.
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
file(REMOVE_RECURSE ${WORK}/cache-clang-nine ${WORK}/cache-gcc-ice ${WORK}/db-nine)
separate_arguments(names UNIX_COMMAND "${KERNEL_DBS}")
list(REMOVE_ITEM names all mlx5 ice)
set(nine ${names})
list(TRANSFORM nine PREPEND ${KERNEL_CLANG_OBJ}/db/)
list(TRANSFORM nine APPEND /compile_commands.json)
file(MAKE_DIRECTORY ${WORK}/db-nine)
execute_process(COMMAND python3 -c [[
import json, sys
out = [e for f in sys.argv[2:] for e in json.load(open(f))]
json.dump(out, open(sys.argv[1], "w"), indent=1)
print(len(out))
]] ${WORK}/db-nine/compile_commands.json ${nine}
	RESULT_VARIABLE rc OUTPUT_VARIABLE tus ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "the nine drivers' database: ${err}")
endif()
string(STRIP "${tus}" tus)
message(STATUS "clang-nine: ${tus} TUs of ${names}")
same(clang-nine ${WORK}/db-nine none 50)
same(gcc-ice ${KERNEL_GCC_OBJ}/db/ice build 1)

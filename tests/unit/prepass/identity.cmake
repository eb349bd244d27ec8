# check with and without the token pre-pass (cmake -P): the JSON must be the
# same byte for byte but for run.prefilter. Inputs: ZEROTAX, CORPUS, DRIVER,
# WORK, SAME (same_findings.py). A tree only the loop gets right, the corpus
# (each with --evidence=none and both), the reference driver (gcc-12 build).
cmake_minimum_required(VERSION 3.25)
file(MAKE_DIRECTORY ${WORK})

function(same name)
	foreach(mode on off)
		execute_process(COMMAND ${ZEROTAX} check --format=json --no-cache --prefilter=${mode} ${ARGN}
			OUTPUT_FILE ${WORK}/${name}-${mode}.json ERROR_VARIABLE err RESULT_VARIABLE rc)
		if(NOT rc EQUAL 1)
			message(FATAL_ERROR "${name} --prefilter=${mode}: exit ${rc}, wanted 1\n${err}")
		endif()
	endforeach()
	execute_process(COMMAND python3 ${SAME} ${WORK}/${name}-on.json ${WORK}/${name}-off.json
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${name}: ${out}${err}")
	endif()
	message(STATUS "${name}: ${out}")
endfunction()

# A hot path through a header the pre-pass does not read (angle-included):
# only the loop with the precise call graph brings complete.c (2 rounds).
set(loop ${CMAKE_CURRENT_LIST_DIR}/loop)
foreach(ev none both)
	same(loop-${ev} --evidence=${ev} -- ${loop}/poll.c ${loop}/complete.c ${loop}/unrelated.c
		-I${loop}/inc)
	file(READ ${WORK}/loop-${ev}-on.json doc)
	string(JSON rounds GET "${doc}" run prefilter rounds)
	string(JSON skipped GET "${doc}" run prefilter skipped)
	string(JSON closure GET "${doc}" run prefilter parsed_because closure)
	if(NOT rounds EQUAL 2 OR NOT skipped EQUAL 1 OR NOT closure EQUAL 1)
		message(FATAL_ERROR "loop-${ev}: ${rounds} rounds, ${skipped} skipped, ${closure} by the loop; wanted 2, 1, 1")
	endif()
endforeach()

file(GLOB sources ${CORPUS}/*.c)
list(SORT sources)
foreach(ev none both)
	same(corpus-${ev} --evidence=${ev} --rules ${CORPUS}/corpus.conf -- ${sources} -I${CORPUS}/include)
endforeach()

if(DRIVER)
	execute_process(
		COMMAND make -s -f ${DRIVER}/variant.mk SRC=${DRIVER} CC=gcc-12 compdb
			COMPDB=${WORK}/compile_commands.json
		RESULT_VARIABLE rc ERROR_VARIABLE err)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "cannot make the reference driver's compile database: ${err}")
	endif()
	same(reference-driver -p ${WORK})
endif()

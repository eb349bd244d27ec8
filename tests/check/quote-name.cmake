# A ' in a file name (issue "Reliability", hostile): clang's optimization record
# names the file 'it''s.c' (YAML single-quoted); the join must still find the
# finding with clang's evidence, exactly as with gcc's.
# Inputs: ZEROTAX, CORPUS, WORK.
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(COPY_FILE ${CORPUS}/inlined_copies.c "${WORK}/it's.c")
foreach(ev gcc clang)
	execute_process(
		COMMAND ${ZEROTAX} check --format=gcc --evidence=${ev} -- "${WORK}/it's.c"
			-I${CORPUS}/include
		OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
	string(REGEX MATCHALL "it's\\.c:[0-9]+:[0-9]+: warning" hits "${out}")
	list(LENGTH hits n)
	if(NOT rc EQUAL 1 OR NOT n EQUAL 2)
		message(FATAL_ERROR "evidence=${ev}: exit ${rc}, ${n} findings (wanted 1 and 2)\n${out}\n${err}")
	endif()
	message("evidence=${ev}: exit ${rc}, ${n} findings in it's.c")
endforeach()

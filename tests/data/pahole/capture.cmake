# Regenerate the captured pahole outputs: cmake -DGCC=gcc -DCLANG=clang-19 -DPAHOLE=pahole
#   -DSRC_DIR=tests/data/pahole -DOUT_DIR=<dir> -P capture.cmake
# Every SOURCE.c listed in cases.txt is compiled with gcc -g -O2 (or, when the
# line says clang, clang -g -gdwarf-5 -O2) and pahole's
# stdout, followed by its stderr's "type 'x' not found" lines (the only stderr
# zerotax reads; DWARF complaints are dropped), is written to OUT_DIR/SOURCE.txt.
foreach(v GCC CLANG PAHOLE SRC_DIR OUT_DIR)
	if(NOT DEFINED ${v})
		message(FATAL_ERROR "capture.cmake: ${v} is not set")
	endif()
endforeach()
file(MAKE_DIRECTORY ${OUT_DIR})
file(STRINGS ${SRC_DIR}/cases.txt lines)
foreach(line ${lines})
	if(line MATCHES "^#" OR line STREQUAL "")
		continue()
	endif()
	separate_arguments(parts UNIX_COMMAND "${line}")
	list(GET parts 0 src)
	list(GET parts 1 types)
	set(cc ${GCC} -g -O2)
	list(LENGTH parts nparts)
	if(nparts GREATER 2)
		list(GET parts 2 compiler)
		if(compiler STREQUAL "clang")
			set(cc ${CLANG} -g -gdwarf-5 -O2)
		endif()
	endif()
	execute_process(COMMAND ${cc} -c ${SRC_DIR}/${src}.c -o ${OUT_DIR}/${src}.o
		RESULT_VARIABLE rc)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "cannot compile ${src}.c")
	endif()
	execute_process(COMMAND ${PAHOLE} -c 64 -C ${types} ${OUT_DIR}/${src}.o
		OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "pahole failed on ${src}.o")
	endif()
	string(REGEX MATCHALL "[^\n]*type '[^']*' not found[^\n]*\n" missing "${err}")
	string(REPLACE ";" "" missing "${missing}")
	file(WRITE ${OUT_DIR}/${src}.txt "${out}${missing}")
	file(REMOVE ${OUT_DIR}/${src}.o)
endforeach()

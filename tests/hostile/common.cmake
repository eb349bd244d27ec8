# Helpers of the hostile cases (tests/hostile/*.cmake): a scratch folder with
# a TU that has one finding, a compile database, and a run that checks the
# exit code and the first line zerotax says.
cmake_minimum_required(VERSION 3.19)

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# ok.c: one hot 256-byte local whose address escapes (one finding with --hot rx)
set(ZT_OK_C "struct big { char b[256]; };\nvoid use(struct big *);\nvoid rx(void)\n{\n\tstruct big x;\n\n\tuse(&x);\n}\n")
file(WRITE ${WORK}/ok.c "${ZT_OK_C}")

# zt_db(FILE...): WORK/compile_commands.json with "gcc -O2 -c FILE" per file
function(zt_db)
	set(entries "")
	foreach(f ${ARGN})
		list(APPEND entries "  {\"directory\": \"${WORK}\", \"file\": \"${f}\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"${f}\"]}")
	endforeach()
	list(JOIN entries ",\n" body)
	file(WRITE ${WORK}/compile_commands.json "[\n${body}\n]\n")
endfunction()

# zt_case(NAME EXPECTED_RC FIRST_LINE_REGEX [ENV k=v...] -- ARGS...): run
# zerotax in WORK; fail unless it exits EXPECTED_RC and its first line of
# stderr (of stdout when stderr is empty) matches. OUT/ERR set in the caller.
function(zt_case name expect regex)
	set(args ${ARGN})
	set(env "")
	list(FIND args "--" sep)
	if(sep GREATER 0)
		list(SUBLIST args 0 ${sep} env)
	endif()
	math(EXPR from "${sep} + 1")
	list(SUBLIST args ${from} -1 args)
	execute_process(COMMAND ${CMAKE_COMMAND} -E env ${env} ${ZEROTAX} ${args}
		WORKING_DIRECTORY ${WORK} TIMEOUT 240
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	set(first "${err}")
	if(first STREQUAL "")
		set(first "${out}")
	endif()
	string(REGEX REPLACE "\n.*" "" first "${first}")
	message(STATUS "${name}: exit ${rc}: ${first}")
	if(NOT rc STREQUAL "${expect}")
		message(FATAL_ERROR "${name}: exit ${rc}, expected ${expect}\nstdout:\n${out}\nstderr:\n${err}")
	endif()
	if(NOT first MATCHES "${regex}")
		message(FATAL_ERROR "${name}: first line '${first}' does not match '${regex}'\nstderr:\n${err}")
	endif()
	set(OUT "${out}" PARENT_SCOPE)
	set(ERR "${err}" PARENT_SCOPE)
endfunction()

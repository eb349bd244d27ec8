# Helpers of the CI tests (tests/ci/*.cmake): a fresh copy of the test tree
# with its compile database, running zerotax, comparing JSON findings.
cmake_minimum_required(VERSION 3.19)

# Copy tests/ci/tree to DIR and write DIR/compile_commands.json (what Kbuild's
# gen_compile_commands.py would write for it: the build's flags, no CHECKFLAGS).
function(zt_prepare_tree dir)
	file(REMOVE_RECURSE ${dir})
	file(MAKE_DIRECTORY ${dir})
	file(COPY ${TREE}/ DESTINATION ${dir})
	file(GLOB srcs RELATIVE ${dir} ${dir}/*.c)
	list(SORT srcs)
	set(entries "")
	foreach(s ${srcs})
		string(REPLACE ".c" ".o" o ${s})
		list(APPEND entries "  {\"directory\": \"${dir}\", \"file\": \"${s}\", \"arguments\": [\"gcc\", \"-Iinclude\", \"-O2\", \"-Wall\", \"-fno-strict-aliasing\", \"-ftrivial-auto-var-init=zero\", \"-DKBUILD_MODNAME=\\\"drv\\\"\", \"-c\", \"-o\", \"${o}\", \"${s}\"]}")
	endforeach()
	list(JOIN entries ",\n" body)
	file(WRITE ${dir}/compile_commands.json "[\n${body}\n]\n")
endfunction()

# zt_run(EXPECTED_RC OUTVAR [DIR dir] ARGS...): run zerotax, fail unless it exits
# EXPECTED_RC; OUTVAR gets stdout, OUTVAR_err stderr.
function(zt_run expect outvar)
	set(dir ${CMAKE_CURRENT_BINARY_DIR})
	set(args ${ARGN})
	list(GET args 0 first)
	if(first STREQUAL "DIR")
		list(GET args 1 dir)
		list(REMOVE_AT args 0 1)
	endif()
	execute_process(COMMAND ${ZEROTAX} ${args}
		WORKING_DIRECTORY ${dir}
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	if(NOT rc EQUAL expect)
		message(FATAL_ERROR "zerotax ${args}: exit ${rc}, expected ${expect}\nstdout:\n${out}\nstderr:\n${err}")
	endif()
	set(${outvar} "${out}" PARENT_SCOPE)
	set(${outvar}_err "${err}" PARENT_SCOPE)
endfunction()

# The "findings" array of a JSON result, and how many there are.
function(zt_findings json outvar countvar)
	string(JSON f GET "${json}" findings)
	string(JSON n LENGTH "${json}" findings)
	set(${outvar} "${f}" PARENT_SCOPE)
	set(${countvar} ${n} PARENT_SCOPE)
endfunction()

function(zt_expect_same what a b)
	if(NOT a STREQUAL b)
		file(WRITE ${WORK}/${what}.a.json "${a}")
		file(WRITE ${WORK}/${what}.b.json "${b}")
		message(FATAL_ERROR "${what}: the findings differ (see ${WORK}/${what}.[ab].json)")
	endif()
	message(STATUS "${what}: identical findings")
endfunction()

# Field KEY of finding I.
function(zt_finding_get json i key outvar)
	string(JSON v GET "${json}" findings ${i} ${key})
	set(${outvar} "${v}" PARENT_SCOPE)
endfunction()

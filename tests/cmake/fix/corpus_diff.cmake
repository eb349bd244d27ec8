# The differential run over every corpus/fix tree that fix rewrites in the
# end-to-end tests (fix.cmake) and that has no run of its own (the trees with
# a main.c run in tests/hostile/fix-*.cmake): each is built from the
# original and from fix's rewrite, with the kernel's auto-init
# (-ftrivial-auto-var-init=zero), and run under valgrind's memcheck with the
# harness's main (diff/TREE.c, which includes the tree's .c files and calls
# each rewritten function directly, printing what it returns: a dirty stack,
# queues from malloc() whose new fields start undefined). The two runs must
# print the same, and neither may read a byte nothing wrote. Both strategies; a refusal leaves nothing to
# compare for that finding. Run with cmake -P; ZT, CORPUS, DATA, WORK, GCC.
cmake_minimum_required(VERSION 3.25)

set(HERE ${CMAKE_CURRENT_LIST_DIR})
find_program(VALGRIND valgrind REQUIRED)

# Build MAIN, which includes TREE's .c files (-I every directory of it, extra -I from ARGN), into EXE.
function(diff_build tree main exe)
	file(GLOB_RECURSE all LIST_DIRECTORIES true ${tree}/*)
	set(incs -I${HERE}/diff)
	foreach(d ${tree} ${all})
		if(IS_DIRECTORY ${d})
			list(APPEND incs -I${d})
		endif()
	endforeach()
	list(APPEND incs -I${tree})
	foreach(d ${ARGN})
		list(APPEND incs -I${d})
	endforeach()
	execute_process(COMMAND ${GCC} -std=gnu11 -O0 -g -ftrivial-auto-var-init=zero ${incs}
				${main} -o ${exe}
			RESULT_VARIABLE rc ERROR_VARIABLE e)
	if(rc)
		message(FATAL_ERROR "${tree} does not build with ${main}:\n${e}")
	endif()
endfunction()

# Run EXE under memcheck: its output into OUT; an undefined read fails.
function(diff_run exe out)
	execute_process(COMMAND ${VALGRIND} -q --error-exitcode=99 --exit-on-first-error=no ${exe}
			RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e TIMEOUT 60)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${exe}: exit ${rc} (99: memcheck saw a read of bytes "
			"nothing wrote)\n${o}${e}")
	endif()
	set(${out} "${o}" PARENT_SCOPE)
endfunction()

# TREE (under corpus/fix), its FIXTURE (tests/data/fix or, with own, tests/cmake/fix/data);
# ARGN: extra include directories below the tree ("include").
function(diff_tree tree fixture)
	set(w ${WORK}/${tree})
	file(REMOVE_RECURSE ${w})
	file(MAKE_DIRECTORY ${w}/src)
	file(COPY ${CORPUS}/${tree} DESTINATION ${w}/src)
	if(EXISTS ${DATA}/${fixture}.json.in)
		file(READ ${DATA}/${fixture}.json.in text)
	else()
		file(READ ${HERE}/data/${fixture}.json.in text)
	endif()
	string(REPLACE "@CORPUS@" "${w}/src" text "${text}")
	file(WRITE ${w}/findings.json "${text}")
	set(extra "")
	set(fixextra "")
	foreach(d ${ARGN})
		list(APPEND extra ${w}/src/${tree}/${d})
		list(APPEND fixextra -I${w}/src/${tree}/${d})
	endforeach()
	if(fixextra)
		list(PREPEND fixextra --)
	endif()
	diff_build(${w}/src/${tree} ${HERE}/diff/${tree}.c ${w}/before.run ${extra})
	diff_run(${w}/before.run before)
	set(applied 0)
	foreach(strategy auto uninitialized)
		set(out ${w}/${strategy})
		execute_process(COMMAND ${ZT} fix -i ${w}/findings.json -s ${w}/src/${tree}
					--strategy=${strategy} --no-sparse --output ${out} ${fixextra}
				RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE e)
		if(rc GREATER 1)
			message(FATAL_ERROR "${tree}: fix --strategy=${strategy}: exit ${rc}\n${e}")
		endif()
		string(REGEX MATCH "verified: [0-9]+ applied" v "${e}")
		string(REGEX REPLACE "[^0-9]" "" n "${v}")
		if("${n}" STREQUAL "" OR n EQUAL 0)
			message(STATUS "${tree} ${strategy}: nothing applied")
			continue()
		endif()
		math(EXPR applied "${applied} + ${n}")
		set(extra_out "")
		foreach(d ${ARGN})
			list(APPEND extra_out ${out}/${d})
		endforeach()
		diff_build(${out} ${HERE}/diff/${tree}.c ${out}.run ${extra_out})
		diff_run(${out}.run after)
		if(NOT before STREQUAL after)
			message(FATAL_ERROR "${tree}: fix --strategy=${strategy} changed what the code "
				"reads:\noriginal:\n${before}rewritten:\n${after}")
		endif()
		message(STATUS "${tree} ${strategy}: ${n} applied, same output, memcheck clean")
	endforeach()
	if(applied EQUAL 0)
		message(FATAL_ERROR "${tree}: fix applied nothing with either strategy")
	endif()
endfunction()

diff_tree(safe safe)
diff_tree(chain chain)
diff_tree(mixed mixed)
diff_tree(otherdir otherdir)
diff_tree(public public include)
diff_tree(after after)
diff_tree(series series)

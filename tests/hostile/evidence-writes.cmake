# Issue 30, item 10: options of the build that make the compiler write a file
# of its own (-Wa,-adhln=FILE, -fopt-info-all=FILE, -fproc-stat-report=FILE,
# -save-stats, -fmodules-cache-path=DIR with -fmodules) never reach a command
# we rebuild: the evidence compile of both compilers, libclang's arguments
# (compile-args shows them). The filter is an allow-list (tool/ast/cmdline.c):
# after check, nothing was written outside its scratch, and the finding is
# there with both compilers' evidence.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

set(O ${WORK}/out)
file(MAKE_DIRECTORY ${O} ${WORK}/build)
set(writers "-Wa,-adhln=${O}/listing" "-fopt-info-all=${O}/optinfo"
	"-fproc-stat-report=${O}/stat" "-save-stats" "-save-stats=cwd"
	"-fmodules" "-fmodules-cache-path=${O}/modcache" "-Xclang" "-fmodules-cache-path=${O}/mc2"
	"-mllvm" "-info-output-file=${O}/info" "-Wa,-al=${O}/al")
foreach(cc gcc clang)
	set(args "\"${cc}\", \"-O2\"")
	foreach(a ${writers})
		string(APPEND args ", \"${a}\"")
	endforeach()
	string(APPEND args ", \"-c\", \"${WORK}/ok.c\"")
	file(WRITE ${WORK}/build/compile_commands.json
		"[{\"directory\": \"${WORK}/build\", \"file\": \"${WORK}/ok.c\", \"arguments\": [${args}]}]\n")
	zt_case(writes-${cc} 1 "" -- check -p ${WORK}/build --no-cache --evidence=both --hot rx --format=json)
	file(GLOB_RECURSE wrote ${O}/* ${WORK}/build/*)
	list(REMOVE_ITEM wrote ${WORK}/build/compile_commands.json)
	if(wrote)
		message(FATAL_ERROR "writes-${cc}: the build's options wrote: ${wrote}\n${ERR}")
	endif()
	string(JSON g GET "${OUT}" findings 0 details evidence gcc bytes)
	string(JSON c GET "${OUT}" findings 0 details evidence clang bytes)
	message(STATUS "writes-${cc}: nothing written outside scratch; evidence gcc ${g}, clang ${c}")
	if(NOT g EQUAL 256 OR NOT c EQUAL 256)
		message(FATAL_ERROR "writes-${cc}: evidence gcc ${g}, clang ${c}:\n${ERR}")
	endif()
	execute_process(COMMAND ${ZEROTAX} compile-args -p ${WORK}/build OUTPUT_VARIABLE args)
	foreach(bad "adhln" "opt-info" "proc-stat" "save-stats" "modules" "info-output" "-al=")
		if(args MATCHES "${bad}")
			message(FATAL_ERROR "compile-args keeps '${bad}':\n${args}")
		endif()
	endforeach()
endforeach()

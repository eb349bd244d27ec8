# Issue 30, items 5 and 6: SIGQUIT, SIGUSR1 and SIGALRM to the process group;
# kill -9 of zerotax itself; and (in a PID namespace of its own, unshare -fp
# --mount-proc) 50 kills of the parent of `fix --in-place` at random points:
# every file original or fully rewritten, no worker alive, no scratch. The
# runs are in kill_signals.py.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

find_program(PYTHON3 python3 REQUIRED)
set(args ${ZEROTAX} ${WORK} ${SRC}/corpus/stack-autoinit ${SRC}/corpus/fix/safe
	${SRC}/tests/data/fix/safe.json.in)
execute_process(COMMAND ${PYTHON3} ${SRC}/tests/hostile/kill_signals.py ${args}
		TIMEOUT 280 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "kill-signals: ${rc}\n${err}")
endif()
find_program(UNSHARE unshare)
execute_process(COMMAND ${UNSHARE} -fp --mount-proc true RESULT_VARIABLE urc
		OUTPUT_QUIET ERROR_QUIET)
if(NOT UNSHARE OR NOT urc EQUAL 0)
	message(STATUS "kill-signals: no PID namespace here (unshare -fp): the 50 kills are not run")
	return()
endif()
execute_process(COMMAND ${UNSHARE} -fp --mount-proc ${PYTHON3}
			${SRC}/tests/hostile/kill_signals.py ${args} --namespace
		TIMEOUT 1100 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "kill-signals (namespace): ${rc}\n${err}")
endif()

# SIGINT, SIGTERM and SIGHUP during `check` while its evidence compiles run
# (text, --format=json, --kbuild): scratch removed, compilers ended, exit
# 128 + the signal, the JSON error object in JSON mode. The runs are in
# check_signals.py; the compiler stops on a marker, nothing is timed.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

find_program(PYTHON3 python3 REQUIRED)
execute_process(COMMAND ${PYTHON3} ${SRC}/tests/hostile/check_signals.py ${ZEROTAX} ${WORK}
			${SRC}/corpus/stack-autoinit
		TIMEOUT 280 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "check-signals: ${rc}\n${err}")
endif()

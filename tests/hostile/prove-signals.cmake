# SIGINT and SIGTERM during `prove`'s build of the reference driver: the
# build copies (BUILD/prove) and the scratch removed, the compilers ended,
# exit 128 + the signal. The runs are in prove_signals.py, with a build
# directory of their own; the compiler stops on a marker, nothing is timed.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

find_program(PYTHON3 python3 REQUIRED)
execute_process(COMMAND ${PYTHON3} ${SRC}/tests/hostile/prove_signals.py ${ZEROTAX} ${WORK}
			${SRC} ${BUILD}
		TIMEOUT 280 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "prove-signals: ${rc}\n${err}")
endif()

# SIGINT, SIGTERM and SIGHUP during `fix` (while it rewrites, and during the
# renames of --in-place): scratch removed, children ended, the tree
# byte-identical, exit 128 + the signal. The runs are in fix_signals.py.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

find_program(PYTHON3 python3 REQUIRED)
execute_process(COMMAND ${PYTHON3} ${SRC}/tests/hostile/fix_signals.py ${ZEROTAX} ${WORK}
			${SRC}/corpus/fix/safe ${SRC}/tests/data/fix/safe.json.in
		TIMEOUT 280 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "fix-signals: ${rc}\n${err}")
endif()

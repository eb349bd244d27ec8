# Issue 27 on the reference driver: every struct its code touches (-p, no --struct),
# no suggestion mixes one path's per-packet writes with another path's read-mostly
# fields in a cache line unless the report says so (tests/layout/check_groups.py).
# Inputs: ZEROTAX, DRIVER, WORK, SRC.
cmake_minimum_required(VERSION 3.25)

include(${CMAKE_CURRENT_LIST_DIR}/driver-objects.cmake)
set(objs ${zt_driver_objs})
execute_process(
	COMMAND ${ZEROTAX} layout -p ${WORK} --format=json --no-cache ${objs}
	OUTPUT_FILE ${WORK}/groups.json ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 AND NOT rc EQUAL 1)
	message(FATAL_ERROR "zerotax layout exited ${rc}\n${err}")
endif()
execute_process(COMMAND python3 ${SRC}/tests/layout/check_groups.py ${WORK}/groups.json
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${err}")
endif()

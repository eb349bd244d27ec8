# Issue 30 item 14b: fix -p BUILD without --input ran check into an
# undocumented BUILD/zerotax-check.json (with the database inside the tree,
# --in-place then always failed on its own file). Now the findings go to
# scratch: BUILD holds nothing new afterwards.
include(${SRC}/tests/hostile/common.cmake)
zt_db(ok.c)
file(GLOB before RELATIVE ${WORK} ${WORK}/*)
execute_process(COMMAND ${ZEROTAX} fix -p ${WORK}
	WORKING_DIRECTORY ${WORK} TIMEOUT 240 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "fix-no-input: exit ${rc}")
file(GLOB after RELATIVE ${WORK} ${WORK}/*)
if(NOT before STREQUAL after)
	message(FATAL_ERROR "fix-no-input: BUILD changed: before '${before}', after '${after}'\n${err}")
endif()

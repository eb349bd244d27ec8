# One `zerotax prove --patch ... --quick` run (tests/cmake/prove.cmake): the exit code
# and the behaviour class it reports, never a timing.
#   -DZEROTAX= -DSRC= -DBUILD= -DPATCH= -DRC= -DEXPECT=<regex> [-DALL=1] [-DEXTRA=a;b]
execute_process(
	COMMAND ${ZEROTAX} prove --quick --source ${SRC}/reference-driver --build ${BUILD}
		--trace-packets 256 --patch ${PATCH} ${EXTRA}
	WORKING_DIRECTORY ${SRC}
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL ${RC})
	message(FATAL_ERROR "exit code ${rc}, expected ${RC}\n${out}\n${err}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT}")
	message(FATAL_ERROR "output does not match '${EXPECT}':\n${out}\n${err}")
endif()
# -DALL=1: EXPECT's two groups are "N of M cases": all of them
if(ALL AND NOT CMAKE_MATCH_1 EQUAL CMAKE_MATCH_2)
	message(FATAL_ERROR "only ${CMAKE_MATCH_1} of ${CMAKE_MATCH_2} cases:\n${out}\n${err}")
endif()
# the driver's source is never written
execute_process(COMMAND git -C ${SRC} status --porcelain -- reference-driver
	OUTPUT_VARIABLE dirty RESULT_VARIABLE grc)
if(grc EQUAL 0 AND NOT dirty STREQUAL "")
	message(FATAL_ERROR "prove --patch wrote into reference-driver/:\n${dirty}")
endif()

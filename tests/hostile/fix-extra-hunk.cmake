# Issue 30 item 2b: spatch's output carries a statement the semantic patch
# did not ask for (a spatch on PATH that slips one in after the rewrite).
# fix must refuse it as not the planned rewrite, and write nothing.
cmake_minimum_required(VERSION 3.19)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/src ${WORK}/bin)
file(COPY ${SRC}/corpus/fix/queues DESTINATION ${WORK}/src)
file(READ ${SRC}/tests/cmake/fix/data/queues.json.in text)
string(REPLACE "@CORPUS@" "${WORK}/src" text "${text}")
file(WRITE ${WORK}/f.json "${text}")
find_program(REAL_SPATCH spatch REQUIRED)
file(WRITE ${WORK}/bin/spatch "#!/bin/sh
'${REAL_SPATCH}' \"$@\" | sed 's/^\\(+.*\\*b = &rx->b;\\)$/\\1\\n+\\trx->packets++;/'
")
file(CHMOD ${WORK}/bin/spatch PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(SHA256 ${WORK}/src/queues/rx.c before)
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${WORK}/bin:$ENV{PATH}"
		${ZEROTAX} fix -i ${WORK}/f.json -s ${WORK}/src/queues --strategy=hoist --in-place
		--force
	WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
	TIMEOUT 240)
message(STATUS "exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 1)
	message(FATAL_ERROR "an extra statement from spatch was applied (exit ${rc})")
endif()
if(NOT "${out}${err}" MATCHES "step 'verify': spatch's diff of rx.c adds 'rx->packets\\+\\+;', which is not part of the planned rewrite of b in q_handle\\(\\)")
	message(FATAL_ERROR "the refusal does not name the extra statement")
endif()
file(SHA256 ${WORK}/src/queues/rx.c after)
if(NOT before STREQUAL after)
	message(FATAL_ERROR "rx.c was written")
endif()
# the same spatch without the extra line: the rewrite is the plan, applied
file(WRITE ${WORK}/bin/spatch "#!/bin/sh\nexec '${REAL_SPATCH}' \"$@\"\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${WORK}/bin:$ENV{PATH}"
		${ZEROTAX} fix -i ${WORK}/f.json -s ${WORK}/src/queues --strategy=hoist --diff
	WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
	TIMEOUT 240)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "the planned rewrite was refused (exit ${rc}):\n${out}${err}")
endif()

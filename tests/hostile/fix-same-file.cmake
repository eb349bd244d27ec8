# Two findings of one queue whose struct is defined in the same .c file,
# above both (6.12's virtio_net.c: struct receive_queue, receive_small_xdp()
# and receive_mergeable_xdp()). Sites are rewritten bottom-up, but the member
# the first hoist adds to the queue moves the second's declaration down a
# line: its position was stale and the group was refused, "spatch matched
# nothing there". From check's own findings; the differential run reads the
# same.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(samefile)
set(d ${WORK}/src/samefile)
file(WRITE ${d}/compile_commands.json
	"[{\"directory\": \"${d}\", \"file\": \"rx.c\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"rx.c\"]}]\n")
execute_process(COMMAND ${ZEROTAX} check -p ${d} --no-cache --evidence=gcc --hot s_poll
			--format=json
		OUTPUT_FILE ${WORK}/f.json RESULT_VARIABLE rc ERROR_VARIABLE e)
if(NOT rc EQUAL 1)
	message(FATAL_ERROR "check: exit ${rc}, expected 1 (two findings)\n${e}")
endif()
file(REMOVE ${d}/compile_commands.json)
zt_diff_fix(samefile ${WORK}/f.json "verified: 2 applied, 0 refused")

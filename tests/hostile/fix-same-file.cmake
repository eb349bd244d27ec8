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
zt_diff_check(samefile s_poll ${WORK}/f.json)
file(REMOVE ${WORK}/src/samefile/compile_commands.json)
zt_diff_fix(samefile ${WORK}/f.json "verified: 2 applied, 0 refused")

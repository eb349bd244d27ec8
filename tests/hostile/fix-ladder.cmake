# A callee that fills the buffer and then may leave by its error ladder
# (goto err) was summarized as writing nothing: a callee's labels were
# reached "from elsewhere", so every goto ladder in a callee hid what it
# wrote (6.12's virtnet_build_xdp_buff_mrg(): receive_mergeable_xdp()'s xdp
# refused as "flags may be read before it is written"). The attribute is
# sound here, and the differential run reads the same.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/src)
file(COPY ${SRC}/corpus/fix/ladder DESTINATION ${WORK}/src)
zt_diff_finding(${WORK}/ladder.json ladder l_handle b "struct l_buff" 64 33 64 ring
		"struct l_ring" 21 "struct l_vector" l_poll)
zt_diff_fix(ladder ${WORK}/ladder.json "applied" --strategy=uninitialized)

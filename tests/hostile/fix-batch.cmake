# Bulk arrays of frames (corpus/fix/batch), each through the differential run
# (the rewrite reads what the original reads), --strategy=uninitialized:
#  - a counter that starts at 0 and only grows by 'frames[n++] = v' (reset to
#    0 after a flush of the first n): frames[0, n) is always written, and the
#    flush reads no more (6.12's veth_xdp_rcv(), its xdpf);
#  - a copy loop 'for (i = 0; i < n; i++) frames[i] = ...' then the flush of
#    n: applied;
#  - the counter also moves by 'n += 2': frames[1] and [2] are read unwritten,
#    refused;
#  - frames[0] read when the loop may have stored nothing: refused;
#  - a flush of all n inside the copy loop, after frames[i] only: the element
#    the loop is at is not every element below n, refused;
#  - a callee that counts for its caller, applied; one that reads frames[1]
#    of the array it is given, refused (it read only frames[0] before);
#  - a bulk queue whose count is a member beside its array, grown only by
#    'bq->q[bq->count++] = v' and reset to 0, read from index 1 up to the
#    count: applied (6.12's veth_poll(), its bq); one whose count is also
#    set to a number the caller asks for: refused.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(batch)
foreach(c "b_rx_batch;25" "b_rx_copy;41")
	list(GET c 0 fn)
	list(GET c 1 line)
	zt_diff_finding(${WORK}/${fn}.json batch ${fn} frames "void *[4]" 32 ${line} 32 ring
			"struct b_ring" 16 "struct b_vector" b_poll)
	zt_diff_fix(batch ${WORK}/${fn}.json "applied: void \\*\\[4\\] frames in ${fn}"
		--strategy=uninitialized)
endforeach()
zt_diff_finding(${WORK}/skip.json batch b_rx_skip frames "void *[4]" 32 52 32 ring
		"struct b_ring" 16 "struct b_vector" b_poll)
zt_diff_fix(batch ${WORK}/skip.json
	"refused: void \\*\\[4\\] frames in b_rx_skip\\(\\): \\[0, n\\) of frames may be read before it is written: read at line 58"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/first.json batch b_rx_first frames "void *[4]" 32 64 32 ring
		"struct b_ring" 16 "struct b_vector" b_poll)
zt_diff_fix(batch ${WORK}/first.json
	"refused: void \\*\\[4\\] frames in b_rx_first\\(\\): .* of frames may be read before it is written: read at line 69"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/early.json batch b_rx_early frames "void *[4]" 32 75 32 ring
		"struct b_ring" 16 "struct b_vector" b_poll)
zt_diff_fix(batch ${WORK}/early.json
	"refused: void \\*\\[4\\] frames in b_rx_early\\(\\): \\[0, n\\) of frames may be read before it is written: read at line 81"
	--strategy=uninitialized)
# a callee that counts for its caller: 'frames[(*n)++] = v', given frames and &n
# (6.12's mlx5e_ptp_handle_ts_cqe() for mlx5e_ptp_poll_ts_cq()'s metadata_buff)
zt_diff_finding(${WORK}/through.json batch b_rx_through frames "void *[4]" 32 93 32 ring
		"struct b_ring" 16 "struct b_vector" b_poll)
zt_diff_fix(batch ${WORK}/through.json "applied: void \\*\\[4\\] frames in b_rx_through"
	--strategy=uninitialized)
# a callee's frames[1] is not the first element of the caller's array
zt_diff_finding(${WORK}/second.json batch b_rx_second frames "void *[4]" 32 110 32 ring
		"struct b_ring" 16 "struct b_vector" b_poll)
zt_diff_fix(batch ${WORK}/second.json
	"refused: void \\*\\[4\\] frames in b_rx_second\\(\\): \\[\\*\\] of frames may be read before it is written: read at line 113"
	--strategy=uninitialized)
# a bulk queue counted by a member beside its array (6.12 veth's bq)
zt_diff_finding(${WORK}/bq.json batch b_rx_bq bq "struct b_bq" 40 144 40 ring
		"struct b_ring" 16 "struct b_vector" b_poll)
zt_diff_fix(batch ${WORK}/bq.json "applied: struct b_bq bq in b_rx_bq"
	--strategy=uninitialized)
zt_diff_finding(${WORK}/bqset.json batch b_rx_bq_set bq "struct b_bq_set" 40 161 40 ring
		"struct b_ring" 16 "struct b_vector" b_poll)
zt_diff_fix(batch ${WORK}/bqset.json
	"refused: struct b_bq_set bq in b_rx_bq_set\\(\\): q\\[0, count\\) of bq may be read before it is written"
	--strategy=uninitialized)

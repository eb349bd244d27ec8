# Issue 30 item 1: a per-packet local its fill function writes only in part
# (b[0] only for tagged packets), then read whole. Zeroing gave the untagged
# packet b[0] = 0; a per-queue copy would give it the previous packet's tag.
# Two packets through the poll loop, original and rewrite compared.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(partial)
zt_diff_finding(${WORK}/f.json partial p_handle m "struct p_meta" 16 15 16 ring
		"struct p_ring" 26 "struct p_vector" p_poll)
set(why "b\\[0\\] of m may be read before it is written: read at line 18; the write at line 10 \\(p_fill\\(\\)\\) is only on the path where the branch at line 9 of p_fill\\(\\) goes that way")
zt_diff_fix(partial ${WORK}/f.json "${why}" --strategy=hoist)
zt_diff_fix(partial ${WORK}/f.json "${why}")
zt_diff_fix(partial ${WORK}/f.json "${why}" --strategy=uninitialized)

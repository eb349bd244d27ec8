# Issue 30 item 2: --strategy=uninitialized on a 128-byte local whose second
# half is read but never written. clang keeps exactly those 64 bytes of
# zeroing; "64 of 128 removed" is no proof. Definite assignment refuses, and
# the differential run shows what the attribute would have read.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(halfread)
zt_diff_finding(${WORK}/f.json halfread h_handle d "struct h_desc" 128 12 64 ring
		"struct h_ring" 23 "struct h_vector" h_poll)
set(why "hi.w\\[3\\] of d may be read before it is written: read at line 15; no write of it comes before on any path")
zt_diff_fix(halfread ${WORK}/f.json "${why}" --strategy=uninitialized)
zt_diff_fix(halfread ${WORK}/f.json "${why}")

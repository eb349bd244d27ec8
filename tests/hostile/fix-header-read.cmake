# A read before a write found in a callee defined in a header: the reason
# names the header's line as header:line, not as a line of the local's file.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(halfread)
set(T ${WORK}/src/halfread)
file(READ ${T}/h.h h)
string(REPLACE "#endif" "static inline unsigned long h_peek_hi(const struct h_desc *d)
{
	return d->hi.w[3];
}

#endif" h "${h}")
file(WRITE ${T}/h.h "${h}")
file(READ ${T}/rx.c rx)
string(REPLACE "d.hi.w[3]" "h_peek_hi(&d)" rx "${rx}")
file(WRITE ${T}/rx.c "${rx}")
zt_diff_finding(${WORK}/f.json halfread h_handle d "struct h_desc" 128 12 64 ring
		"struct h_ring" 23 "struct h_vector" h_poll)
set(why "hi.w\\[3\\] of d may be read before it is written: read at line 15, in h_peek_hi\\(\\) at h.h:39, called at line 15; no write of it comes before on any path")
zt_diff_fix(halfread ${WORK}/f.json "${why}" --strategy=uninitialized)

# A local filled by memcpy() (review of the bed: a write taken as a read).
# memcpy(&d, slot, sizeof(d)) writes all of d and reads none of it: the
# attribute is sound, and the differential run reads the same. A copy of
# half of it writes nothing zerotax can name (no field-level size
# accounting): refused, with the first read. Through 'p = &d;' after p's
# declaration (the alias rule followed only 'struct c_desc *p = &d;'), the
# same as the whole copy.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(copied)
zt_diff_finding(${WORK}/whole.json copied c_handle d "struct c_desc" 128 12 128 ring
		"struct c_ring" 18 "struct c_vector" c_poll)
zt_diff_fix(copied ${WORK}/whole.json "applied" --strategy=uninitialized)
zt_diff_finding(${WORK}/half.json copied c_handle_half d "struct c_desc" 128 20 128 ring
		"struct c_ring" 18 "struct c_vector" c_poll)
zt_diff_fix(copied ${WORK}/half.json
	"w\\[0\\] of d may be read before it is written: read at line 23" --strategy=uninitialized)
zt_diff_finding(${WORK}/alias.json copied c_handle_alias d "struct c_desc" 128 28 128 ring
		"struct c_ring" 18 "struct c_vector" c_poll)
zt_diff_fix(copied ${WORK}/alias.json "applied" --strategy=uninitialized)

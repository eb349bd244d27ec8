# A callee defined twice in the database (corpus/fix/twodefs, issue 55
# class 13): fill_full.c and fill_stub.c, one per configuration, both in
# compile_commands.json, the full one first. c9be29f took the first body,
# called the local written first and applied; the build that links the stub
# then printed the dirty stack. Now "unknown: a callee defined in more than
# one translation unit", refused, through the differential run.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(twodefs)
set(d ${WORK}/src/twodefs)
set(db "[")
foreach(f fill_full.c fill_stub.c rx.c)
	string(APPEND db "{\"directory\": \"${d}\", \"file\": \"${f}\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"${f}\"]},\n")
endforeach()
string(REGEX REPLACE ",\n$" "]\n" db "${db}")
file(WRITE ${d}/compile_commands.json "${db}")
zt_diff_finding(${WORK}/t.json twodefs t_rx d "struct t_desc" 32 12 32
		ring "struct t_ring" 14 "struct t_vector" t_poll)
foreach(strategy uninitialized auto)
	zt_diff_fix(twodefs ${WORK}/t.json
		"refused: struct t_desc d in t_rx\\(\\): addr of d may be read before it is written: read at line 14.*more than one translation unit"
		-p ${d} --strategy=${strategy})
endforeach()

# Issue 30, item 12: the cache re-hashed the headers a TU read, not the
# include lookups that failed. rx.c includes <q.h>, found in inc2 (-Iinc1
# -Iinc2); a q.h created in inc1 since shadows it, and the cached 200-byte
# finding stayed, though the struct is now 8 bytes. The entry now lists the
# places before each header that held nothing; one that exists is a miss.
include(${SRC}/tests/hostile/common.cmake)
file(MAKE_DIRECTORY ${WORK}/inc1 ${WORK}/inc2 ${WORK}/cache)
file(WRITE ${WORK}/inc2/q.h "struct big { char b[200]; };\n")
file(WRITE ${WORK}/rx.c "#include <q.h>\nvoid use(struct big *);\nvoid rx(void)\n{\n\tstruct big x;\n\n\tuse(&x);\n}\n")
file(WRITE ${WORK}/compile_commands.json "[{\"directory\": \"${WORK}\", \"file\": \"rx.c\", \"arguments\": [\"gcc\", \"-O2\", \"-Iinc1\", \"-Iinc2\", \"-c\", \"rx.c\"]}]\n")
set(args check -p ${WORK} --cache ${WORK}/cache --evidence=none --hot rx)
zt_case(shadow-first 1 "rx.c:5:13: warning: 200-byte" -- ${args})
zt_case(shadow-reused 1 "" -- ${args} -v)
if(NOT ERR MATCHES "cache: 1 of 1 translation units reused" OR NOT OUT MATCHES "200-byte")
	message(FATAL_ERROR "shadow-reused: the entry was not reused:\n${ERR}")
endif()
file(WRITE ${WORK}/inc1/q.h "struct big { char b[8]; };\n")
zt_case(shadow-created 0 "" -- ${args})
# and in the TU's own directory, for a "" include found on -I
file(REMOVE ${WORK}/inc1/q.h)
file(WRITE ${WORK}/rx.c "#include \"q.h\"\nvoid use(struct big *);\nvoid rx(void)\n{\n\tstruct big x;\n\n\tuse(&x);\n}\n")
zt_case(shadow-quote-first 1 "rx.c:5:13: warning: 200-byte" -- ${args})
file(WRITE ${WORK}/q.h "struct big { char b[8]; };\n")
zt_case(shadow-quote-created 0 "" -- ${args})

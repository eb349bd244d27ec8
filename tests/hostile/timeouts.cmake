# Issue 30 item 15: every external program and every read of a special file
# has a bound. Before: a `#include` of a FIFO hung check in libclang, a cache
# entry that is a FIFO hung the cache lookup, a layout object that is a FIFO
# hung pahole's ELF check, and a pahole that never answers waited a minute
# (git and other runs without a timeout waited forever).
include(${SRC}/tests/hostile/common.cmake)

# a header that is a FIFO: the TU is unparsed (timed out, said), the other checked
file(MAKE_DIRECTORY ${WORK}/inc)
execute_process(COMMAND mkfifo ${WORK}/inc/pipe.h RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "mkfifo failed")
endif()
file(WRITE ${WORK}/inc.c "#include \"inc/pipe.h\"\n${ZT_OK_C}")
zt_db(inc.c ok.c)
zt_case(include-fifo 1 "inc.c: could not be parsed fully: parsing timed out after 2 s"
	ZT_TEST_TU_TIMEOUT=2 -- check -p ${WORK} --no-cache --evidence=none --hot rx)
if(NOT OUT MATCHES "ok.c:5:13: warning")
	message(FATAL_ERROR "include-fifo: the finding in ok.c is missing:\n${OUT}")
endif()

# a cache entry that is a FIFO: a miss (parsed again), never a hang
zt_db(ok.c)
zt_case(cache-fill 1 "" -- check -p ${WORK} --cache ${WORK}/cache --evidence=none --hot rx)
file(GLOB_RECURSE entries ${WORK}/cache/*.json)
list(LENGTH entries n)
if(n EQUAL 0)
	message(FATAL_ERROR "cache-fill: no cache entry written")
endif()
foreach(e ${entries})
	file(REMOVE ${e})
	execute_process(COMMAND mkfifo ${e})
endforeach()
zt_case(cache-fifo 1 "" -- check -p ${WORK} --cache ${WORK}/cache --evidence=none --hot rx
	--format=json)
if(NOT OUT MATCHES "\"symbol\": \"x\"")
	message(FATAL_ERROR "cache-fifo: the finding is missing:\n${OUT}")
endif()

# a layout object that is a FIFO
execute_process(COMMAND mkfifo ${WORK}/pipe.o)
zt_case(layout-fifo 3 "cannot read '.*pipe.o': not a regular file" -- layout ${WORK}/pipe.o)

# a pahole that never answers: killed at the bound, said
execute_process(COMMAND gcc -g -O2 -c ok.c -o ok.o WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "gcc -g failed")
endif()
file(WRITE ${WORK}/bin/pahole "#!/bin/sh\nexec sleep 600\n")
file(CHMOD ${WORK}/bin/pahole PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
string(TIMESTAMP t0 "%s")
zt_case(pahole-hangs 3 "timed out after 1500 ms" ZT_TEST_SPAWN_TIMEOUT_MS=1500 --
	layout --pahole ${WORK}/bin/pahole ${WORK}/ok.o)
string(TIMESTAMP t1 "%s")
math(EXPR took "${t1} - ${t0}")
if(took GREATER 30)
	message(FATAL_ERROR "pahole-hangs: took ${took} s")
endif()


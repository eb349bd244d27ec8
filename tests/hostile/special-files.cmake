# Compile-database entries that are not regular files: a FIFO hung check, and
# /dev/zero ate memory until abort (the cache reads entries whole). Now only
# regular files are read: the entry is reported as unparsed, saying what it
# is, and the other TUs are checked (the finding in ok.c still reported).
include(${SRC}/tests/hostile/common.cmake)
execute_process(COMMAND mkfifo ${WORK}/fifo.c RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "mkfifo failed")
endif()
zt_db(fifo.c ok.c)
# the cache on (its key reads the source): it must not block either
zt_case(fifo-entry 1 "fifo.c: could not be parsed fully: not a regular file \\(a FIFO\\), not read"
	-- check -p ${WORK} --cache ${WORK}/cache --evidence=gcc --hot rx --format=json)
if(NOT OUT MATCHES "\"symbol\": \"x\"")
	message(FATAL_ERROR "fifo-entry: the finding in ok.c is missing:\n${OUT}")
endif()
zt_db(/dev/zero ok.c)
zt_case(devzero-entry 1 "/dev/zero: could not be parsed fully: not a regular file \\(a character device\\), not read"
	-- check -p ${WORK} --cache ${WORK}/cache --evidence=gcc --hot rx)
# alone: nothing else to look at, so not exit 0
zt_db(fifo.c)
zt_case(fifo-only 3 "fifo.c: could not be parsed fully: not a regular file"
	-- check -p ${WORK} --no-cache --evidence=none)

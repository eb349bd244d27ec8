# Issue 30: a crash in the AST walk after a successful parse (a fault
# injected in the walker under the test-only ZT_TEST_WALK_CRASH) ended the
# whole run. TUs are walked in worker processes now: the crashed TU is listed
# as unparsed with its signal, every other TU is checked.
# --prefilter=off: crash.c holds no hot code, the pre-pass would skip it.
# ASAN_OPTIONS=handle_segv=0: in the sanitizer build the fault kills the
# worker as it would in a release build, instead of ASan reporting it first.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

file(WRITE ${WORK}/crash.c "int f(void)\n{\n\treturn 1;\n}\n")
string(REPLACE "rx" "rx2" two "${ZT_OK_C}")
file(WRITE ${WORK}/two.c "${two}")
zt_db(crash.c ok.c two.c)
foreach(j 1 2)
	zt_case(walk-crash-j${j} 1 "crash.c: could not be parsed fully: the AST walk crashed with SIGSEGV"
		ZT_TEST_WALK_CRASH=/crash.c ASAN_OPTIONS=handle_segv=0 --
		check -p ${WORK} --no-cache --evidence=none --hot rx --hot rx2 --prefilter=off -j ${j})
	if(NOT OUT MATCHES "ok.c:5:13: warning" OR NOT OUT MATCHES "two.c:5:13: warning")
		message(FATAL_ERROR "walk-crash-j${j}: the other TUs were not checked:\n${OUT}\n${ERR}")
	endif()
endforeach()
zt_case(walk-crash-json 1 "" ZT_TEST_WALK_CRASH=/crash.c ASAN_OPTIONS=handle_segv=0 --
	check -p ${WORK} --no-cache --evidence=none --hot rx --hot rx2 --prefilter=off --format=json)
string(JSON n LENGTH "${OUT}" findings)
string(JSON u LENGTH "${OUT}" run unparsed)
string(JSON uf GET "${OUT}" run unparsed 0 file)
if(NOT n EQUAL 2 OR NOT u EQUAL 1 OR NOT uf MATCHES "crash.c$")
	message(FATAL_ERROR "walk-crash-json: findings ${n}, unparsed ${u} (${uf}):\n${OUT}")
endif()

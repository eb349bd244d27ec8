# Issue 30 item 17: SARIF said "inSource" for a suppression that came from a
# .zerotax-allow file; SARIF 2.1.0 calls that "external" ("inSource" is a
# comment in the code). Both kinds in one run.
include(${SRC}/tests/hostile/common.cmake)
string(REPLACE "x;" "x; /* zerotax: allow stack-autoinit -- accepted here */" inl "${ZT_OK_C}")
string(REPLACE "rx" "rx2" inl "${inl}")
file(WRITE ${WORK}/inl.c "${inl}")
zt_db(ok.c inl.c)
file(WRITE ${WORK}/.zerotax-allow "stack-autoinit ok.c:rx:x -- measured, accepted\n")
zt_case(sarif-kinds 0 "" -- check -p ${WORK} --no-cache --evidence=none --hot rx --hot rx2
	--show-suppressed --format=sarif)
string(REGEX MATCHALL "\"kind\": \"[a-zA-Z]+\"" kinds "${OUT}")
if(NOT kinds MATCHES "external" OR NOT kinds MATCHES "inSource")
	message(FATAL_ERROR "sarif-kinds: want one external and one inSource suppression, got '${kinds}':\n${OUT}")
endif()

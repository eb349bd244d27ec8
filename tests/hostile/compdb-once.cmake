# Issue 30, item 7: the compile database is opened and read once, and the
# document validated is the one used (libclang read it a second time: a build
# regenerating it in between gave the truncated copy, files 1, findings 0,
# exit 0). strace counts the opens of compile_commands.json. And two of
# item 17: an unknown key in an entry is ignored (it said "not a JSON array"),
# and a file name with a non-BMP character written as a JSON surrogate pair
# is the file of that name. A "command" string is split as a shell would.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

string(REPLACE "rx" "rxb" b "${ZT_OK_C}")
file(WRITE ${WORK}/b.c "${b}")
string(REPLACE "rx" "rx2" two "${ZT_OK_C}")
string(REPLACE "struct big" "struct big2" two "${two}")
file(WRITE "${WORK}/😀.c" "${two}")
file(WRITE ${WORK}/compile_commands.json "[
 {\"directory\": \"${WORK}\", \"file\": \"ok.c\", \"output\": \"ok.o\", \"zerotax-unknown\": 1,
  \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"ok.c\"]},
 {\"directory\": \"${WORK}\", \"file\": \"b.c\", \"command\": \"gcc -O2 '-DNAME=a b' \\\"-DQ=\\\\\\\"x\\\\\\\"\\\" -c b.c\"},
 {\"directory\": \"${WORK}\", \"file\": \"\\ud83d\\ude00.c\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"\\ud83d\\ude00.c\"]}]\n")

zt_case(three-tus 1 "" -- check -p ${WORK} --no-cache --evidence=none --hot rx --hot rx2 --hot rxb --format=json)
string(JSON files GET "${OUT}" run files)
string(JSON n LENGTH "${OUT}" findings)
string(JSON unparsed LENGTH "${OUT}" run unparsed)
if(NOT files EQUAL 3 OR NOT n EQUAL 3 OR NOT unparsed EQUAL 0)
	message(FATAL_ERROR "three-tus: files ${files}, findings ${n}, unparsed ${unparsed}:\n${OUT}\n${ERR}")
endif()

# the split command: b.c's -D words reached libclang as the shell would give them
execute_process(COMMAND ${ZEROTAX} compile-args -p ${WORK} OUTPUT_VARIABLE args RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT args MATCHES "\"-DNAME=a b\"" OR NOT args MATCHES "\"-DQ=\\\\\"x\\\\\"\"")
	message(FATAL_ERROR "compile-args: exit ${rc}, the command was not split as a shell does:\n${args}")
endif()

find_program(STRACE strace)
if(NOT STRACE)
	message(STATUS "no strace: the open count is not checked")
	return()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
		${STRACE} -f -qq -e trace=open,openat,openat2 -o ${WORK}/trace
		${ZEROTAX} check -p ${WORK} --no-cache --evidence=none --hot rx
	WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
file(STRINGS ${WORK}/trace opens REGEX "compile_commands\\.json")
list(LENGTH opens k)
message(STATUS "read-once: exit ${rc}, compile_commands.json opened ${k} time(s)")
if(NOT k EQUAL 1)
	message(FATAL_ERROR "read-once: compile_commands.json opened ${k} times:\n${opens}")
endif()

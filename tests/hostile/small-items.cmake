# Issue 30, items 11, 14 and 16, one case each:
#  11: a NUL byte in a rules file ended it there (roots lost, exit 0): now
#      FILE:LINE: a NUL byte, exit 3.
#  14: Kbuild mode given two .c files took the last and dropped the first,
#      exit 0: now "--kbuild: 2 source files given", exit 3 (a .c that is an
#      option's value, as in -include, is still a flag).
#  16: raw ANSI escape sequences from file or symbol names reached the
#      terminal in text output: control characters are escaped (\xNN).
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

# 11: "root other" on line 1, a NUL, then "root rx" (lost before)
file(WRITE ${WORK}/nul.conf "root other\n")
file(APPEND ${WORK}/nul.conf "# x")
execute_process(COMMAND sh -c "printf '\\000\\nroot rx\\n' >> ${WORK}/nul.conf")
zt_case(rules-nul 3 "nul.conf:2: a NUL byte in the rules file"
	-- check --no-cache --evidence=none --rules ${WORK}/nul.conf -- ${WORK}/ok.c)

# 16: a file name with an escape sequence (ESC [ 2 J clears the screen)
string(ASCII 27 esc)
set(evil "${WORK}/a${esc}[2Jb.c")
file(WRITE "${evil}" "${ZT_OK_C}")
zt_case(ansi-name 1 "" -- check --no-cache --evidence=none --hot rx -- "${evil}")
foreach(stream OUT ERR)
	if("${${stream}}" MATCHES "${esc}")
		message(FATAL_ERROR "ansi-name: a raw ESC reached the ${stream}:\n${${stream}}")
	endif()
endforeach()
if(NOT OUT MATCHES "a\\\\x1b\\[2Jb\\.c:5:13: warning")
	message(FATAL_ERROR "ansi-name: the name is not escaped:\n${OUT}")
endif()
zt_case(ansi-name-gcc 1 "" -- check --no-cache --evidence=none --hot rx --format=gcc -- "${evil}")
if("${OUT}" MATCHES "${esc}")
	message(FATAL_ERROR "ansi-name-gcc: a raw ESC reached stdout:\n${OUT}")
endif()

# 14: two .c files in Kbuild mode
file(WRITE ${WORK}/two.c "${ZT_OK_C}")
zt_case(kbuild-two-files 3 "--kbuild: 2 source files given \\(.*ok.c, .*two.c\\)"
	-- check --kbuild --results=${WORK}/two.jsonl --evidence=none -O2 ${WORK}/ok.c ${WORK}/two.c)
zt_case(kbuild-one-file 0 ""
	-- check --kbuild --results=${WORK}/one.jsonl --evidence=none -O2 ${WORK}/ok.c)

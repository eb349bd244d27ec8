# Messages: a missing file said "not valid JSON" at "X:-1:-1:"; now "cannot
# open". Sizes in findings files that no object can have are refused.
include(${SRC}/tests/hostile/common.cmake)
zt_case(diff-missing 3 "cannot open findings file '.*nope.json': No such file or directory"
	-- diff ${WORK}/nope.json ${WORK}/nope.json)
if(ERR MATCHES ":-1:-1:")
	message(FATAL_ERROR "a -1 location:\n${ERR}")
endif()
zt_db(ok.c)
zt_case(baseline-missing 3 "cannot open findings file '.*nope.json'"
	-- check -p ${WORK} --no-cache --evidence=none --hot rx --baseline ${WORK}/nope.json)
# a FIFO where a findings file should be
execute_process(COMMAND mkfifo ${WORK}/fifo.json)
zt_case(diff-fifo 3 "cannot read findings file '.*fifo.json': not a regular file"
	-- diff ${WORK}/fifo.json ${WORK}/fifo.json)
# negative and absurd sizes
execute_process(COMMAND ${ZEROTAX} check -p ${WORK} --no-cache --evidence=none --hot rx --format=json
	WORKING_DIRECTORY ${WORK} OUTPUT_VARIABLE good)
foreach(size -72 4611686018427387904)
	string(REGEX REPLACE "\"size\": [0-9]+" "\"size\": ${size}" bad "${good}")
	file(WRITE ${WORK}/bad.json "${bad}")
	zt_case(diff-size-${size} 3 "finding 0: \"size\" ${size} is out of range"
		-- diff ${WORK}/bad.json ${WORK}/bad.json)
endforeach()
# one bad findings entry, said once (it was "finding 0: ..." and then
# "FILE: cannot read finding 0"), by diff and by check --baseline
string(REGEX REPLACE "\"line\": [0-9]+" "\"line\": -5" bad "${good}")
file(WRITE ${WORK}/badline.json "${bad}")
foreach(how diff baseline)
	if(how STREQUAL "diff")
		set(args diff ${WORK}/badline.json ${WORK}/badline.json)
	else()
		set(args check -p ${WORK} --no-cache --evidence=none --hot rx --baseline
			${WORK}/badline.json)
	endif()
	zt_case(bad-entry-once-${how} 3 "badline.json: finding 0: \"line\" is not a line" -- ${args})
	string(STRIP "${ERR}" said)
	if(said MATCHES "\n")
		message(FATAL_ERROR "bad-entry-once-${how}: more than one line:\n${ERR}")
	endif()
endforeach()
# one problem, said once: a failed evidence compile was an error and then a warning
file(WRITE ${WORK}/gccfails.c "#if !defined(__clang__)\n#error not for gcc\n#endif\n${ZT_OK_C}")
zt_db(gccfails.c)
zt_case(evidence-failure-once 1 "gccfails.c: gcc evidence compile failed, judging from the AST"
	-- check -p ${WORK} --no-cache --evidence=gcc --hot rx)
string(REGEX MATCHALL "failed to compile" said "${ERR}")
list(LENGTH said n)
if(NOT n EQUAL 1 OR ERR MATCHES "zerotax: error")
	message(FATAL_ERROR "evidence-failure-once: said ${n} times:\n${ERR}")
endif()
# A relative TMPDIR (issue 30, item 17): the evidence compiles run in the
# database's directory, so a scratch path relative to ours broke every one of
# them ("cannot open tmp/zerotax-run-.../x.su"). zerotax makes it absolute.
file(MAKE_DIRECTORY ${WORK}/reltmp ${WORK}/elsewhere)
file(WRITE ${WORK}/elsewhere/ok.c "${ZT_OK_C}")
file(WRITE ${WORK}/elsewhere/compile_commands.json "[{\"directory\": \"${WORK}/elsewhere\", \"file\": \"ok.c\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"ok.c\"]}]\n")
foreach(cc gcc clang)
	zt_case(relative-tmpdir-${cc} 1 "ok.c:5:13: warning: 256-byte .*: 256 bytes survive"
		TMPDIR=reltmp -- check -p ${WORK}/elsewhere --no-cache --evidence=${cc} --hot rx)
	if(ERR MATCHES "evidence compile failed")
		message(FATAL_ERROR "relative-tmpdir-${cc}: ${ERR}")
	endif()
endforeach()
file(GLOB left ${WORK}/reltmp/*)
if(left)
	message(FATAL_ERROR "relative-tmpdir: scratch left in TMPDIR: ${left}")
endif()
# libclang's driver rejecting an option with a suggestion ("unknown argument
# '-fstack-protectorr'; did you mean '-fstack-protector'?") was not read by the
# retry: the TU stayed "could not be parsed fully". Both compilers' evidence too.
file(WRITE ${WORK}/elsewhere/compile_commands.json "[{\"directory\": \"${WORK}/elsewhere\", \"file\": \"ok.c\", \"arguments\": [\"gcc\", \"-O2\", \"-fstack-protectorr\", \"-c\", \"ok.c\"]}]\n")
foreach(ev none clang)
	zt_case(did-you-mean-${ev} 1 "ok.c:5:13: warning: 256-byte "
		-- check -p ${WORK}/elsewhere --no-cache --evidence=${ev} --hot rx)
	if(ERR MATCHES "could not be parsed|evidence compile failed")
		message(FATAL_ERROR "did-you-mean-${ev}: ${ERR}")
	endif()
endforeach()
# A 10 MB argument (over the kernel's 128 KiB for one): the evidence compile
# said "could not run" without why.
string(REPEAT "a" 10485760 huge)
file(WRITE ${WORK}/elsewhere/compile_commands.json "[{\"directory\": \"${WORK}/elsewhere\", \"file\": \"ok.c\", \"arguments\": [\"gcc\", \"-O2\", \"-DHUGE=${huge}\", \"-c\", \"ok.c\"]}]\n")
unset(huge)
zt_case(huge-argument 1 "ok.c: gcc evidence compile failed, judging from the AST: .*could not run on .*ok.c: Argument list too long"
	-- check -p ${WORK}/elsewhere --no-cache --evidence=gcc --hot rx)
# layout --apply took a relative DWARF path (an object compiled as
# 'gcc -g -c sub/s.c') against the current directory: "struct rxq is defined
# in sub/s.h, outside ...". It is relative to the object's DW_AT_comp_dir.
file(MAKE_DIRECTORY ${WORK}/lay/sub ${WORK}/lay/away)
file(WRITE ${WORK}/lay/sub/s.h "struct rxq {\n\tchar a;\n\tlong b;\n\tchar c;\n\tlong d;\n\tchar e;\n};\n")
file(WRITE ${WORK}/lay/sub/s.c "#include \"s.h\"\nstruct rxq q;\n")
execute_process(COMMAND gcc-12 -g -O2 -c sub/s.c -o s.o WORKING_DIRECTORY ${WORK}/lay
	RESULT_VARIABLE rc)
if(rc)
	message(FATAL_ERROR "relative-dwarf: gcc-12 failed")
endif()
file(COPY ${WORK}/lay/sub/ DESTINATION ${WORK}/lay/copy)
zt_case(relative-dwarf-apply 0 "struct rxq: reordered in .*/lay/copy/s.h"
	-- layout --struct rxq --apply ${WORK}/lay/copy -s ${WORK}/lay/sub ${WORK}/lay/s.o)
file(READ ${WORK}/lay/copy/s.h moved)
if(NOT moved MATCHES "long b;\n\tlong d;")
	message(FATAL_ERROR "relative-dwarf-apply: not reordered:\n${moved}")
endif()

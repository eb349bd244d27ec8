# A TU that crashes libclang: -fbracket-depth=30000 with deep brackets, and
# nesting deep enough to overflow the parser's stack. Both killed the whole
# run with SIGSEGV; now the TU is reported as unparsed and ok.c still checked.
# --prefilter=off: deep.c holds no hot code, so the pre-pass would skip it.
include(${SRC}/tests/hostile/common.cmake)
string(REPEAT "(" 20000 open)
string(REPEAT ")" 20000 close)
file(WRITE ${WORK}/deep.c "int f(void) { return ${open}1${close}; }\n")
file(WRITE ${WORK}/compile_commands.json "[
 {\"directory\": \"${WORK}\", \"file\": \"deep.c\", \"arguments\": [\"clang\", \"-O2\", \"-fbracket-depth=30000\", \"-c\", \"deep.c\"]},
 {\"directory\": \"${WORK}\", \"file\": \"ok.c\", \"arguments\": [\"clang\", \"-O2\", \"-c\", \"ok.c\"]}]\n")
zt_case(bracket-depth 1 "deep.c: could not be parsed fully: .*bracket nesting level exceeded maximum of 256"
	-- check -p ${WORK} --no-cache --evidence=none --hot rx --prefilter=off)
# 3 million nested ifs (21 MB): more than the parse thread's 512 MiB stack
string(REPEAT "if (1) " 1000 k)
string(REPEAT "${k}" 3000 m)
file(WRITE ${WORK}/deep.c "int f(void) { ${m} return 1; return 0; }\n")
zt_db(deep.c ok.c)
# (libclang prints its own report first; an ASan build warns about the jump first)
zt_case(stack-overflow 1 "libclang: crash detected during parsing|==[0-9]+==WARNING: ASan is ignoring"
	-- check -p ${WORK} --no-cache --evidence=none --hot rx --prefilter=off)
if(NOT ERR MATCHES "deep.c: could not be parsed fully: libclang crashed parsing it")
	message(FATAL_ERROR "stack-overflow: the crash is not reported:\n${ERR}")
endif()
if(NOT OUT MATCHES "ok.c:5:13: warning")
	message(FATAL_ERROR "stack-overflow: ok.c was not checked:\n${OUT}")
endif()

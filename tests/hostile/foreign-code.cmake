# Options that run or load code of the build's choosing during the evidence
# compile (and the libclang parse): -Xclang -load, -Xclang -plugin, -B DIR,
# -wrapper, -specs, -fplugin=. Each would leave a mark; the finding must stay.
include(${SRC}/tests/hostile/common.cmake)
set(mark ${WORK}/FOREIGN-CODE-RAN)
file(MAKE_DIRECTORY ${WORK}/evil)
file(WRITE ${WORK}/evil/plugin.c "#include <stdio.h>\n__attribute__((constructor)) static void ran(void) { FILE *f = fopen(\"${mark}\", \"w\"); if (f) fclose(f); }\n")
execute_process(COMMAND gcc -shared -fPIC -o ${WORK}/evil/x.so ${WORK}/evil/plugin.c RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "cannot build the test plugin")
endif()
foreach(tool as cc1 wrap ld)
	file(WRITE ${WORK}/evil/${tool} "#!/bin/sh\ntouch '${mark}'\nexit 1\n")
	file(CHMOD ${WORK}/evil/${tool} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
endforeach()
set(cases
	"clang|\"-Xclang\", \"-load\", \"-Xclang\", \"${WORK}/evil/x.so\""
	"clang|\"-Xclang\", \"-plugin\", \"-Xclang\", \"evil\""
	"clang|\"-fpass-plugin=${WORK}/evil/x.so\""
	"gcc|\"-fplugin=${WORK}/evil/x.so\""
	"gcc|\"-B\", \"${WORK}/evil\""
	"gcc|\"-B${WORK}/evil\""
	"clang|\"-B\", \"${WORK}/evil\""
	"gcc|\"-wrapper\", \"${WORK}/evil/wrap\""
	"gcc|\"-specs=${WORK}/evil/x.specs\"")
file(WRITE ${WORK}/evil/x.specs "*cc1:\n+ -DSPECS_RAN\n")
set(i 0)
foreach(c ${cases})
	string(REPLACE "|" ";" c "${c}")
	list(GET c 0 cc)
	list(GET c 1 opts)
	file(WRITE ${WORK}/compile_commands.json "[{\"directory\": \"${WORK}\", \"file\": \"ok.c\", \"arguments\": [\"${cc}\", \"-O2\", ${opts}, \"-c\", \"ok.c\"]}]\n")
	math(EXPR i "${i} + 1")
	zt_case(foreign-code-${i} 1 "ok.c:5:13: warning: 256-byte 'struct big x' zeroed"
		-- check -p ${WORK} --no-cache --evidence=${cc} --hot rx)
	if(EXISTS ${mark})
		message(FATAL_ERROR "foreign code ran for ${cc} ${opts}")
	endif()
	if(ERR MATCHES "evidence compile failed")
		message(FATAL_ERROR "the evidence compile failed for ${cc} ${opts}:\n${ERR}")
	endif()
endforeach()

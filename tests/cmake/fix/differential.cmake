# Differential execution of a rewrite (issue 30 items 1 and 2), included by
# tests/hostile/fix-*.cmake: the corpus case's own main.c runs two packets
# through its poll loop, built from the original tree and from fix's
# rewritten copy, with the kernel's auto-init (-ftrivial-auto-var-init=zero);
# every value the code read is printed, and the two runs must print the
# same. A fix that refuses leaves nothing to compare and passes this part.

# zt_diff_case(NAME): a fresh WORK with corpus/fix/NAME copied to WORK/src/NAME.
function(zt_diff_case name)
	file(REMOVE_RECURSE ${WORK})
	file(MAKE_DIRECTORY ${WORK}/src)
	file(COPY ${SRC}/corpus/fix/${name} DESTINATION ${WORK}/src)
endfunction()

# zt_diff_finding(OUT NAME FUNCTION SYMBOL TYPE SIZE LINE CLANG_BYTES OWNER_PARAM
#                 OWNER_TYPE OWNER_LINE NAPI_STRUCT POLL): a check finding for
# corpus/fix/NAME/rx.c, as check writes it (owner served by the NAPI instance).
function(zt_diff_finding out name fn sym type size line clang oparam otype oline napi poll)
	set(d "${WORK}/src/${name}")
	file(GLOB hdr ${d}/*.h)
	set(json "{\"tool\": \"zerotax\", \"version\": \"0.1.0\", \"schema\": 1, \"command\": \"check\",
 \"findings\": [{\"rule\": \"zerotax-stack-autoinit\", \"check\": \"stack-autoinit\", \"level\": \"warning\",
  \"file\": \"${d}/rx.c\", \"line\": ${line}, \"column\": 2, \"function\": \"${fn}\",
  \"symbol\": \"${sym}\", \"type\": \"${type}\", \"size\": ${size},
  \"message\": \"${size}-byte '${type} ${sym}' zeroed on every packet\", \"notes\": [],
  \"chain\": [\"${poll}\", \"${fn}\"], \"frequency\": \"per-packet\", \"rank\": ${size},
  \"fingerprint\": \"differential-${name}\", \"suppressed\": false,
  \"details\": {
   \"decl\": {\"line\": ${line}, \"column\": 2, \"end_line\": ${line}, \"end_column\": 20, \"in_loop\": false, \"explicit_init\": null},
   \"owner\": {\"param\": \"${oparam}\", \"type\": \"${otype}\", \"file\": \"${hdr}\", \"line\": ${oline},
             \"name_taken\": false, \"how\": \"served-by-napi\", \"napi_struct\": \"${napi}\", \"poll\": \"${poll}\"},
   \"type_decl\": null,
   \"uses\": {\"address_passed\": true, \"member_access\": true, \"by_value\": false, \"address_escapes\": false, \"sizeof\": false},
   \"recursive\": false,
   \"evidence\": {\"gcc\": {\"compiler\": \"gcc-12.2.0\", \"bytes\": ${size}, \"inlined\": false, \"function\": \"${fn}\"},
                \"clang\": {\"compiler\": \"clang-19.1.7\", \"bytes\": ${clang}, \"inlined\": false, \"function\": \"${fn}\"}}}}],
 \"summary\": {\"findings\": 1, \"suppressed\": 0}}
")
	file(WRITE ${out} "${json}")
endfunction()

# zt_diff_check(NAME POLL OUT FLAGS...): check's own findings for corpus/fix/NAME/rx.c
# (gcc's evidence, POLL the hot root) into OUT, through a compile database of
# rx.c with FLAGS that stays in the tree (fix -p may read it); exit 1 wanted.
function(zt_diff_check name poll out)
	set(d ${WORK}/src/${name})
	set(args "\"gcc\", \"-O2\"")
	foreach(f ${ARGN})
		string(APPEND args ", \"${f}\"")
	endforeach()
	file(WRITE ${d}/compile_commands.json
		"[{\"directory\": \"${d}\", \"file\": \"rx.c\", \"arguments\": [${args}, \"-c\", \"rx.c\"]}]\n")
	execute_process(COMMAND ${ZEROTAX} check -p ${d} --no-cache --evidence=gcc --hot ${poll}
				--format=json
			OUTPUT_FILE ${out} RESULT_VARIABLE rc ERROR_VARIABLE e)
	if(NOT rc EQUAL 1)
		message(FATAL_ERROR "check: exit ${rc}, expected 1 (findings)\n${e}")
	endif()
endfunction()

# Build DIR's rx.c and main.c with the kernel's auto-init and run it: its output in OUT.
function(zt_diff_run dir out)
	execute_process(COMMAND gcc-12 -std=gnu11 -O0 -ftrivial-auto-var-init=zero -I${dir}
				${dir}/rx.c ${dir}/main.c -o ${dir}.run
			RESULT_VARIABLE rc ERROR_VARIABLE e)
	if(rc)
		message(FATAL_ERROR "${dir} does not build:\n${e}")
	endif()
	execute_process(COMMAND ${dir}.run RESULT_VARIABLE rc OUTPUT_VARIABLE o TIMEOUT 30)
	if(rc)
		message(FATAL_ERROR "${dir}: the poll loop failed (exit ${rc})")
	endif()
	set(${out} "${o}" PARENT_SCOPE)
endfunction()

# zt_diff_fix(NAME JSON REFUSAL_REGEX ARGS...): fix with ARGS into WORK/out-N;
# the rewritten code must read what the original reads, and fix must refuse
# with a reason matching REFUSAL_REGEX (the read and the path, with lines; a
# list: each must match).
function(zt_diff_fix name json regex)
	string(MD5 tag "${ARGN}")
	set(out ${WORK}/out-${tag})
	file(REMOVE_RECURSE ${out})
	execute_process(COMMAND ${ZEROTAX} fix -i ${json} -s ${WORK}/src/${name} --output ${out}
				${ARGN}
			WORKING_DIRECTORY ${WORK} RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
	message(STATUS "fix ${ARGN}: exit ${rc}\n${o}${e}")
	if(rc GREATER 1)
		message(FATAL_ERROR "fix ${ARGN}: exit ${rc}")
	endif()
	zt_diff_run(${WORK}/src/${name} before)
	if(EXISTS ${out}/rx.c)
		zt_diff_run(${out} after)
		if(NOT before STREQUAL after)
			message(FATAL_ERROR "fix ${ARGN} changed what the code reads (exit ${rc}):\n"
				"original:\n${before}rewritten:\n${after}")
		endif()
	endif()
	foreach(r IN LISTS regex)
		if(NOT "${o}${e}" MATCHES "${r}")
			message(FATAL_ERROR "fix ${ARGN}: nothing matching '${r}':\n${o}${e}")
		endif()
	endforeach()
endfunction()

# zt_diff_check_roots(NAME OUT EVIDENCE ROOT...): as zt_diff_check, with no
# compile flags, the evidence given (none: where gcc proves the zero dead by
# itself) and one --hot per root.
function(zt_diff_check_roots name out evidence)
	set(d ${WORK}/src/${name})
	set(hot "")
	foreach(r ${ARGN})
		list(APPEND hot --hot ${r})
	endforeach()
	file(WRITE ${d}/compile_commands.json
		"[{\"directory\": \"${d}\", \"file\": \"rx.c\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"rx.c\"]}]\n")
	execute_process(COMMAND ${ZEROTAX} check -p ${d} --no-cache --evidence=${evidence} ${hot}
				--format=json
			OUTPUT_FILE ${out} RESULT_VARIABLE rc ERROR_VARIABLE e)
	if(NOT rc EQUAL 1)
		message(FATAL_ERROR "check: exit ${rc}, expected 1 (findings)\n${e}")
	endif()
endfunction()

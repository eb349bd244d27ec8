# Issue 30, item 9: an evidence compile that exits 0 but writes no evidence
# (no object: -fsyntax-only, -x c-header, --analyze; no optimizer:
# -Xclang -disable-llvm-passes, -mllvm -disable-llvm-optzns; the zeroing
# emitted without its annotation: KASAN, -fsanitize=kernel-address) is an
# evidence failure of that TU, said per TU, and the TU is judged from the
# AST: the 256-byte finding of ok.c stays (exit 1), never "zero bytes survive".
# (Each evidence compile carries a canary whose zeroing always survives.)
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

# zt_one(NAME CC FLAGS...): ok.c alone, compiled by CC with FLAGS
function(zt_one name cc)
	set(args "")
	foreach(a ${cc} -O2 ${ARGN} -c ok.c)
		string(APPEND args "\"${a}\", ")
	endforeach()
	string(REGEX REPLACE ", $" "" args "${args}")
	file(WRITE ${WORK}/compile_commands.json
		"[{\"directory\": \"${WORK}\", \"file\": \"ok.c\", \"arguments\": [${args}]}]\n")
	if(cc STREQUAL "clang")
		set(ev clang)
	else()
		set(ev gcc)
	endif()
	zt_case(${name} 1 "" -- check -p ${WORK} --no-cache --evidence=${ev} --hot rx --format=json)
	string(JSON bytes ERROR_VARIABLE jerr GET "${OUT}" findings 0 size)
	string(JSON failed ERROR_VARIABLE ferr LENGTH "${OUT}" run evidence_failed)
	if(jerr)
		message(FATAL_ERROR "${name}: the finding is gone:\n${OUT}\n${ERR}")
	endif()
	# either the evidence is there (the option was not kept) or its absence is said
	if(failed GREATER 0)
		if(NOT ERR MATCHES "ok.c: ${ev} evidence .*no evidence, not zero bytes")
			message(FATAL_ERROR "${name}: the missing evidence is not said:\n${ERR}")
		endif()
		message(STATUS "${name}: judged from the AST, said: ${bytes} bytes")
	else()
		string(JSON zeroed GET "${OUT}" findings 0 details evidence ${ev} bytes)
		message(STATUS "${name}: evidence kept, ${zeroed} bytes")
		if(NOT zeroed EQUAL 256)
			message(FATAL_ERROR "${name}: evidence with ${zeroed} bytes")
		endif()
	endif()
endfunction()

zt_one(gcc-syntax-only gcc -fsyntax-only)
zt_one(gcc-c-header gcc -x c-header)
zt_one(clang-syntax-only clang -fsyntax-only)
zt_one(clang-c-header clang -x c-header)
zt_one(clang-analyze clang --analyze)
zt_one(clang-disable-llvm-passes clang -Xclang -disable-llvm-passes)
zt_one(clang-disable-llvm-optzns clang -mllvm -disable-llvm-optzns)
zt_one(clang-kasan clang -fsanitize=kernel-address)

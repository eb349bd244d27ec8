# make -j2 C=1 CHECK="zerotax check --kbuild ..." on a Kbuild-like tree, then
# 'zerotax report': the same findings as 'zerotax check -p' on the same tree.
# C=2 (check every file, built or not) gives them too.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
set(T ${WORK}/tree)
zt_prepare_tree(${T})

foreach(c 1 2)
	set(results ${WORK}/results-C${c}.jsonl)
	file(REMOVE ${results})
	execute_process(COMMAND make -C ${T} -j2 C=${c} CC=gcc
			"CHECK=${ZEROTAX} check --kbuild --results=${results} --no-cache"
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "make C=${c}: exit ${rc}\n${out}\n${err}")
	endif()
	file(STRINGS ${results} lines)
	list(LENGTH lines n)
	if(NOT n EQUAL 3)
		message(FATAL_ERROR "C=${c}: ${n} result lines, expected one per file (3)")
	endif()
	zt_run(1 reported report ${results} --format=json)
	zt_run(1 plain check -p ${T} --format=json --no-cache)
	zt_findings("${reported}" a na)
	zt_findings("${plain}" b nb)
	if(NOT na EQUAL 3)
		message(FATAL_ERROR "expected 3 findings on the test tree, got ${na}:\n${reported}")
	endif()
	zt_expect_same(kbuild-C${c} "${a}" "${b}")
	execute_process(COMMAND make -C ${T} clean OUTPUT_QUIET)
endforeach()

# C=2 over built objects (nothing recompiled, every file checked) appends to
# the same results file again: the report counts each file once.
set(results ${WORK}/results-C1.jsonl)
execute_process(COMMAND make -C ${T} -j2 CC=gcc OUTPUT_QUIET)
execute_process(COMMAND make -C ${T} -j2 C=2 CC=gcc
		"CHECK=${ZEROTAX} check --kbuild --results=${results} --no-cache"
	RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
file(STRINGS ${results} lines)
list(LENGTH lines n)
if(NOT rc EQUAL 0 OR NOT n EQUAL 6)
	message(FATAL_ERROR "make C=2 over built objects: exit ${rc}, ${n} lines (expected 6)")
endif()
zt_run(1 again report ${results} --format=json)
zt_findings("${again}" c nc)
zt_expect_same(kbuild-rebuild "${c}" "${b}")

# The other formats of report: GCC lines and coccicheck's report mode.
zt_run(1 gcc DIR ${T} report ${results} --format=gcc --root ${T})
if(NOT gcc MATCHES "drv_rx.c:7:16: warning: 64-byte 'struct rx_ctx ctx'")
	message(FATAL_ERROR "report --format=gcc:\n${gcc}")
endif()
zt_run(1 cocci DIR ${T} report ${results} --mode=report --root ${T})
if(NOT cocci MATCHES "drv_rx.c:7:15-18: WARNING: 64-byte 'struct rx_ctx ctx'")
	message(FATAL_ERROR "report --mode=report:\n${cocci}")
endif()
# Bad input: a torn line is an input error naming the line.
file(WRITE ${WORK}/torn.jsonl "{\"zerotax-tu\":1,\"cmd\":{\n")
zt_run(3 torn report ${WORK}/torn.jsonl)
if(NOT torn_err MATCHES "torn.jsonl:1:")
	message(FATAL_ERROR "a torn results line was not named:\n${torn_err}")
endif()

# SARIF for a code-scanning service: repository-relative URIs, 1-based columns,
# a partial fingerprint that survives line shifts.
zt_run(1 sarif DIR ${T} report ${results} --format=sarif --root ${T})
string(JSON runs0 GET "${sarif}" runs 0)
string(JSON nres LENGTH "${runs0}" results)
foreach(i RANGE 0 2)
	string(JSON uri GET "${runs0}" results ${i} locations 0 physicalLocation artifactLocation uri)
	string(JSON base GET "${runs0}" results ${i} locations 0 physicalLocation artifactLocation uriBaseId)
	string(JSON fp GET "${runs0}" results ${i} partialFingerprints "zerotaxFingerprint/v1")
	if(uri MATCHES "^/" OR uri MATCHES "^file:" OR NOT base STREQUAL "%SRCROOT%" OR fp STREQUAL "")
		message(FATAL_ERROR "SARIF result ${i}: uri ${uri}, base ${base}, fingerprint ${fp}")
	endif()
	if(uri STREQUAL "drv_rx.c")
		string(JSON col GET "${runs0}" results ${i} locations 0 physicalLocation region startColumn)
		if(NOT col EQUAL 16)
			message(FATAL_ERROR "SARIF column ${col}, expected 16 (1-based)")
		endif()
	endif()
endforeach()
string(JSON help GET "${runs0}" tool driver rules 0 help text)
if(help STREQUAL "" OR NOT nres EQUAL 3)
	message(FATAL_ERROR "SARIF: ${nres} results, rule help '${help}'")
endif()

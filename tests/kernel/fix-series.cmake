# fix --format-patch on two drivers of the 6.12 tree, veth and tun (one TU
# each): a series of two patches and a cover letter, and the tree's own
# scripts/checkpatch.pl --strict finds nothing in either (issue 31). Skipped,
# saying why, when the tree or those databases are not there.
include(${SRC}/tests/kernel/common.cmake)

function(skip why)
	message("fix-series: skipped: ${why}")
endfunction()

execute_process(COMMAND ${SRC}/scripts/kernel-tree.sh env 6.12 RESULT_VARIABLE rc
	OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 0)
	skip("no 6.12 tree (scripts/kernel-tree.sh build 6.12)")
	return()
endif()
zt_kernel_env(6.12)
string(TOUPPER ${CC} CCU)
set(obj ${KERNEL_${CCU}_OBJ})
foreach(need ${obj}/db/veth/compile_commands.json ${obj}/db/tun/compile_commands.json
	     ${KERNEL_SRC}/scripts/checkpatch.pl)
	if(NOT EXISTS ${need})
		skip("no ${need}")
		return()
	endif()
endforeach()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/db)
# one database of the two drivers
execute_process(COMMAND python3 -c "import json, sys; json.dump(json.load(open(sys.argv[1])) + json.load(open(sys.argv[2])), open(sys.argv[3], 'w'))"
		${obj}/db/veth/compile_commands.json ${obj}/db/tun/compile_commands.json
		${WORK}/db/compile_commands.json
	RESULT_VARIABLE rc)
if(rc)
	message(FATAL_ERROR "cannot merge the databases of veth and tun")
endif()
zt_krun(any found check -p ${WORK}/db --rules ${SRC}/rules/hotpaths/tun.conf --format=json -j 2)
file(WRITE ${WORK}/check.json "${found}")
zt_krun(any out fix -i ${WORK}/check.json -p ${WORK}/db -s ${KERNEL_SRC} -j 2 --format=json
	--format-patch ${WORK}/patches --author "zerotax test <zerotax-test@example.org>"
	--signoff)
file(WRITE ${WORK}/fix.json "${out}")

string(JSON n LENGTH "${out}" patches)
string(JSON cover GET "${out}" cover_letter)
if(NOT n EQUAL 2 OR NOT EXISTS "${cover}")
	message(FATAL_ERROR "expected two patches and a cover letter (${WORK}/fix.json):\n${out_err}")
endif()
set(prefixes "")
foreach(i 0 1)
	string(JSON prefix GET "${out}" patches ${i} prefix)
	string(JSON path GET "${out}" patches ${i} path)
	string(JSON status GET "${out}" patches ${i} checkpatch status)
	list(APPEND prefixes ${prefix})
	file(READ ${path} text)
	message(STATUS "${path}: checkpatch ${status}\n${text}")
	if(NOT status STREQUAL "clean")
		string(JSON said GET "${out}" patches ${i} checkpatch)
		message(FATAL_ERROR "checkpatch --strict on ${path}: ${said}")
	endif()
endforeach()
if(NOT prefixes STREQUAL "tun;veth")
	message(FATAL_ERROR "the patches' prefixes: ${prefixes}, expected tun and veth")
endif()

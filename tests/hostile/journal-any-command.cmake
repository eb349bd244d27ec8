# A write-back journal left by a killed `fix --in-place` is put right by the
# next `fix` on the tree, and only by it (issue 30, item 3): a read-only
# command (check, files given or -p from a TU in a subdirectory: the journal
# is at the top) says it is there and touches nothing, even when the
# journal is genuinely ours; layout --apply refuses. fix recovers a journal
# bound to a run of ours -- its run line names a record in the state
# directory, outside the tree, that names this tree -- at both ends: rolled
# back (no commit line: the kept original goes back) and completed (commit
# line: the kept original goes). The real journal, killed at every rename and
# fsync, is fix/hostile-kill-write-back; here it is made by hand, one state each.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

set(T ${WORK}/tree)
set(STATEDIR ${WORK}/state)
set(STATE XDG_STATE_HOME=${STATEDIR})
set(ID 00112233445566778899aabbccddeeff)
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)

# a tree with ok.c, sub/in.c and a header, killed after en.h was replaced,
# and the record a run of ours writes before its journal
function(killed_tree commit)
	file(REMOVE_RECURSE ${T} ${STATEDIR})
	file(MAKE_DIRECTORY ${T}/sub)
	file(WRITE ${T}/ok.c "${ZT_OK_C}")
	file(WRITE ${T}/sub/in.c "int in(void)\n{\n\treturn 0;\n}\n")
	file(WRITE ${T}/en.h.zerotax-orig "/* original */\n")
	file(WRITE ${T}/en.h "/* rewritten */\n")
	# a pid no process has (above the largest pid_max)
	set(j "zerotax write-back journal 3\nrun ${ID} pid 4194305 start 1 uid ${uid}\nfile en.h\n")
	if(commit)
		string(APPEND j "commit\n")
	endif()
	file(WRITE ${T}/.zerotax-journal "${j}")
	file(REAL_PATH ${T} real)
	file(WRITE ${STATEDIR}/zerotax/journals/${ID} "tree ${real}\n")
	file(CHMOD ${STATEDIR}/zerotax/journals/${ID} PERMISSIONS OWNER_READ OWNER_WRITE)
endfunction()

function(expect_tree name text)
	file(READ ${T}/en.h now)
	file(GLOB_RECURSE left ${T}/*.zerotax-* ${T}/.zerotax-*)
	if(NOT now STREQUAL "${text}" OR left)
		message(FATAL_ERROR "${name}: en.h is '${now}', left: ${left}")
	endif()
	if(EXISTS ${STATEDIR}/zerotax/journals/${ID})
		message(FATAL_ERROR "${name}: the run's record was left")
	endif()
endfunction()

function(expect_untouched name)
	file(READ ${T}/en.h now)
	if(NOT now STREQUAL "/* rewritten */\n" OR NOT EXISTS ${T}/en.h.zerotax-orig OR
	   NOT EXISTS ${T}/.zerotax-journal OR NOT EXISTS ${STATEDIR}/zerotax/journals/${ID})
		message(FATAL_ERROR "${name}: the journal or the tree was touched")
	endif()
endfunction()

file(WRITE ${WORK}/sub-db/compile_commands.json
	"[{\"directory\": \"${T}\", \"file\": \"sub/in.c\", \"arguments\": [\"gcc\", \"-c\", \"sub/in.c\"]}]\n")
foreach(commit 0 1)
	if(commit)
		set(said "completed an interrupted write-back: 1 file\\(s\\) rewritten")
		set(text "/* rewritten */\n")
	else()
		set(said "rolled back an interrupted write-back: 1 of 1 file\\(s\\) restored")
		set(text "/* original */\n")
	endif()
	killed_tree(${commit})
	zt_case(check-files-${commit} 0 "warning: .*/tree: holds a write-back journal"
		${STATE} -- check --no-cache --evidence=none -- ${T}/ok.c)
	expect_untouched(check-files-${commit})
	zt_case(check-db-${commit} 0 "warning: .*/tree: holds a write-back journal"
		${STATE} -- check -p ${WORK}/sub-db --no-cache --evidence=none --format=json)
	expect_untouched(check-db-${commit})
	string(JSON n ERROR_VARIABLE jerr LENGTH "${OUT}" findings)
	if(jerr)
		message(FATAL_ERROR "check-db-${commit}: stdout is not the JSON document: ${jerr}")
	endif()
	zt_case(layout-apply-${commit} 3 "error: .*/tree: holds a write-back journal"
		${STATE} -- layout --apply ${T} ${WORK}/none.o)
	expect_untouched(layout-apply-${commit})
	# no findings file: the fix fails after the recovery, which comes first
	zt_case(fix-${commit} 3 "warning: .*/tree: ${said}"
		${STATE} -- fix -i ${WORK}/none.json -s ${T})
	expect_tree(fix-${commit} "${text}")
endforeach()

# a record that names another tree: the journal was copied here
killed_tree(0)
file(WRITE ${STATEDIR}/zerotax/journals/${ID} "tree /elsewhere\n")
zt_case(record-other-tree 3 "not recovering this write-back journal: its record names another tree"
	${STATE} -- fix -i ${WORK}/none.json -s ${T})

# a journal that is not ours is left alone, and fix stops (exit 3)
killed_tree(0)
file(WRITE ${T}/.zerotax-journal "something else\n")
zt_case(foreign-journal 3 "is not a zerotax journal: not touching the tree"
	${STATE} -- fix -i ${WORK}/none.json -s ${T})

# a journal someone holds locked is a write-back running now: not touched,
# and fix stops (the tree is in between at this moment)
find_program(FLOCK flock)
if(FLOCK)
	killed_tree(0)
	execute_process(COMMAND ${FLOCK} ${T}/.zerotax-journal
			${CMAKE_COMMAND} -E env ${STATE} ${ZEROTAX} fix -i ${WORK}/none.json -s ${T}
		RESULT_VARIABLE rc ERROR_VARIABLE err)
	string(REGEX REPLACE "\n.*" "" first "${err}")
	message(STATUS "journal-locked: exit ${rc}: ${first}")
	if(NOT rc EQUAL 3 OR NOT first MATCHES "tree: another zerotax is writing back into this tree now")
		message(FATAL_ERROR "journal-locked: exit ${rc}: ${err}")
	endif()
	expect_untouched(journal-locked)
endif()

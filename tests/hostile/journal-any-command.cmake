# A write-back journal left by a killed `fix --in-place` is found by the next
# command that reads the tree, whichever it is, and put right first, in one
# line on stderr: check (files given, and -p, from a TU in a subdirectory:
# the journal is at the top), layout --apply. Both ends: rolled back (no
# commit line: the kept original goes back) and completed (commit line: the
# kept original goes). The real journal, killed at every rename and fsync, is
# fix/hostile-kill-write-back; here it is made by hand, one state each.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

set(T ${WORK}/tree)
# a tree with ok.c, sub/in.c and a header, killed after en.h was replaced
function(killed_tree commit)
	file(REMOVE_RECURSE ${T})
	file(MAKE_DIRECTORY ${T}/sub)
	file(WRITE ${T}/ok.c "${ZT_OK_C}")
	file(WRITE ${T}/sub/in.c "int in(void)\n{\n\treturn 0;\n}\n")
	file(WRITE ${T}/en.h.zerotax-orig "/* original */\n")
	file(WRITE ${T}/en.h "/* rewritten */\n")
	set(j "zerotax write-back journal 2\nfile en.h\n")
	if(commit)
		string(APPEND j "commit\n")
	endif()
	file(WRITE ${T}/.zerotax-journal "${j}")
endfunction()

function(expect_tree name text)
	file(READ ${T}/en.h now)
	file(GLOB_RECURSE left ${T}/*.zerotax-* ${T}/.zerotax-*)
	if(NOT now STREQUAL "${text}" OR left)
		message(FATAL_ERROR "${name}: en.h is '${now}', left: ${left}")
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
	zt_case(check-files-${commit} 0 "warning: .*/tree: ${said}"
		-- check --no-cache --evidence=none -- ${T}/ok.c)
	expect_tree(check-files-${commit} "${text}")
	killed_tree(${commit})
	zt_case(check-db-${commit} 0 "warning: .*/tree: ${said}"
		-- check -p ${WORK}/sub-db --no-cache --evidence=none --format=json)
	expect_tree(check-db-${commit} "${text}")
	string(JSON n ERROR_VARIABLE jerr LENGTH "${OUT}" findings)
	if(jerr)
		message(FATAL_ERROR "check-db-${commit}: stdout is not the JSON document: ${jerr}")
	endif()
	killed_tree(${commit})
	# no object: the layout fails after the recovery, which comes first
	zt_case(layout-apply-${commit} 3 "warning: .*/tree: ${said}"
		-- layout --apply ${T} ${WORK}/none.o)
	expect_tree(layout-apply-${commit} "${text}")
endforeach()

# a journal that is not ours is left alone, and the command stops (exit 3)
killed_tree(0)
file(WRITE ${T}/.zerotax-journal "something else\n")
zt_case(foreign-journal 3 "is not a zerotax journal: not touching the tree"
	-- check --no-cache --evidence=none -- ${T}/ok.c)

# a journal someone holds locked is a write-back running now: not touched,
# and the command stops (the tree is in between at this moment)
find_program(FLOCK flock)
if(FLOCK)
	killed_tree(0)
	execute_process(COMMAND ${FLOCK} ${T}/.zerotax-journal
			${ZEROTAX} check --no-cache --evidence=none -- ${T}/ok.c
		RESULT_VARIABLE rc ERROR_VARIABLE err)
	string(REGEX REPLACE "\n.*" "" first "${err}")
	message(STATUS "journal-locked: exit ${rc}: ${first}")
	if(NOT rc EQUAL 3 OR NOT first MATCHES "tree: another zerotax is writing back into this tree now")
		message(FATAL_ERROR "journal-locked: exit ${rc}: ${err}")
	endif()
	file(READ ${T}/en.h now)
	if(NOT now STREQUAL "/* rewritten */\n" OR NOT EXISTS ${T}/en.h.zerotax-orig OR NOT EXISTS ${T}/.zerotax-journal)
		message(FATAL_ERROR "journal-locked: a locked journal was touched")
	endif()
endif()

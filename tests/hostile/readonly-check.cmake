# Issue 30, item 3: a read-only command never writes. A tree that carries a
# write-back journal and a kept original (committed into it: a pull request
# can add them) is checked by `check` -- files given, -p, JSON -- and every
# byte of the tree stays as it was: check says the journal is there and
# reads the files as they are. `fix` refuses a journal it did not write (no
# record of its run outside the tree), forged with a run line or not, and
# leaves the tree as it is too. layout --apply (it writes) refuses.
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)

set(T ${WORK}/tree)
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
# a state directory of our own: a leftover record of the user's cannot matter
set(STATE XDG_STATE_HOME=${WORK}/state)

# tree_state(VAR): every file's name, size and SHA-256, and every directory
function(tree_state var)
	file(GLOB_RECURSE all LIST_DIRECTORIES true RELATIVE ${T} ${T}/* ${T}/.*)
	list(SORT all)
	set(s "")
	foreach(f ${all})
		if(IS_DIRECTORY ${T}/${f})
			string(APPEND s "dir ${f}\n")
		else()
			file(SHA256 ${T}/${f} h)
			file(SIZE ${T}/${f} n)
			string(APPEND s "${f} ${n} ${h}\n")
		endif()
	endforeach()
	set(${var} "${s}" PARENT_SCOPE)
endfunction()

# planted(RUNLINE): ok.c replaced by a harmless file, the "original" kept
# beside it holds the finding; the journal asks to roll back (no commit)
function(planted runline)
	file(REMOVE_RECURSE ${T})
	file(MAKE_DIRECTORY ${T}/sub)
	file(WRITE ${T}/ok.c "int ok(void)\n{\n\treturn 0;\n}\n")
	file(WRITE ${T}/ok.c.zerotax-orig "${ZT_OK_C}")
	file(WRITE ${T}/sub/in.c "int in(void)\n{\n\treturn 1;\n}\n")
	file(WRITE ${T}/sub/in.c.zerotax-orig "int in(void)\n{\n\treturn 2;\n}\n")
	file(WRITE ${T}/.zerotax-journal
		"zerotax write-back journal ${runline}file ok.c\nfile sub/in.c\n")
	file(WRITE ${T}/compile_commands.json "[
 {\"directory\": \"${T}\", \"file\": \"ok.c\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"ok.c\"]},
 {\"directory\": \"${T}\", \"file\": \"sub/in.c\", \"arguments\": [\"gcc\", \"-O2\", \"-c\", \"sub/in.c\"]}]\n")
endfunction()

function(unchanged name before)
	tree_state(after)
	if(NOT after STREQUAL before)
		message(FATAL_ERROR "${name}: the tree was written:\nbefore:\n${before}\nafter:\n${after}")
	endif()
endfunction()

# as the previous version wrote it; and one forged with a run line of a dead
# pid and our uid (the record it would need is not there)
foreach(runline "2\n" "3\nrun 0123456789abcdef0123456789abcdef pid 4000000 start 1 uid ${uid}\n")
	string(REGEX MATCH "^[0-9]" v "${runline}")
	planted("${runline}")
	tree_state(before)
	zt_case(check-files-v${v} 0 "warning: .*/tree: holds a write-back journal \\(.zerotax-journal\\): read as it is, nothing touched"
		${STATE} -- check --no-cache --evidence=none --hot rx -- ${T}/ok.c ${T}/sub/in.c)
	unchanged(check-files-v${v} "${before}")
	zt_case(check-db-v${v} 0 "warning: .*/tree: holds a write-back journal"
		${STATE} -- check -p ${T} --no-cache --evidence=none --hot rx --format=json)
	unchanged(check-db-v${v} "${before}")
	string(JSON n ERROR_VARIABLE jerr LENGTH "${OUT}" findings)
	if(jerr OR NOT n EQUAL 0)
		message(FATAL_ERROR "check-db-v${v}: the tree as it is has no finding: ${n} ${jerr}")
	endif()
	# the kept "original" was never put back: the finding it holds is not seen
	zt_case(check-gcc-evidence-v${v} 0 "warning: .*/tree: holds a write-back journal"
		${STATE} -- check -p ${T} --no-cache --evidence=gcc --hot rx)
	unchanged(check-gcc-evidence-v${v} "${before}")
	zt_case(fix-v${v} 3 "error: .*/tree/.zerotax-journal: not recovering this write-back journal: .*the tree is not touched"
		${STATE} -- fix -i ${WORK}/none.json -s ${T})
	unchanged(fix-v${v} "${before}")
	zt_case(layout-apply-v${v} 3 "error: .*/tree: holds a write-back journal .*not writing into a tree in between"
		${STATE} -- layout --apply ${T} ${WORK}/none.o)
	unchanged(layout-apply-v${v} "${before}")
endforeach()

# Issue 30 item 4: fix --in-place writes back only files that are still what
# it read. (1) An edit made while fix verifies (a sparse on PATH that edits
# the tree's rx.c, after the rewrite was made from it) is kept, and fix
# refuses. (2) Two fix --in-place on one
# tree at once (spatch slowed down so they overlap): one applies, the other
# finds the files changed; the tree holds one rewrite, not two, nor a mix.
# (3) A fix started while the tree is locked for a write-back (flock(1)
# holding it) waits for the lock before it reads the tree.
cmake_minimum_required(VERSION 3.19)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/src ${WORK}/bin)
file(COPY ${SRC}/corpus/fix/queues DESTINATION ${WORK}/src)
set(T ${WORK}/src/queues)
file(READ ${SRC}/tests/cmake/fix/data/queues.json.in text)
string(REPLACE "@CORPUS@" "${WORK}/src" text "${text}")
file(WRITE ${WORK}/f.json "${text}")
find_program(REAL_SPATCH spatch REQUIRED)
find_program(REAL_SPARSE sparse REQUIRED)
file(WRITE ${WORK}/bin/spatch "#!/bin/sh
if [ -n \"$ZT_TEST_SLOW\" ]; then sleep \"$ZT_TEST_SLOW\"; fi
exec '${REAL_SPATCH}' \"$@\"
")
file(WRITE ${WORK}/bin/sparse "#!/bin/sh
if [ -n \"$ZT_TEST_EDIT\" ]; then echo '/* edited while fix ran */' >> \"$ZT_TEST_EDIT\"; fi
exec '${REAL_SPARSE}' \"$@\"
")
foreach(tool spatch sparse)
	file(CHMOD ${WORK}/bin/${tool} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
		GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endforeach()
set(fix ${ZEROTAX} fix -i ${WORK}/f.json -s ${T} --strategy=hoist --in-place --force)

# (1) an edit while fix runs
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PATH=${WORK}/bin:$ENV{PATH}"
		"ZT_TEST_EDIT=${T}/rx.c" ${fix}
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 240)
message(STATUS "edit during fix: exit ${rc}\n${out}${err}")
if(rc EQUAL 0)
	message(FATAL_ERROR "fix wrote back over an edit made while it ran")
endif()
if(NOT "${out}${err}" MATCHES "rx.c changed while fix ran")
	message(FATAL_ERROR "the refusal does not say the file changed")
endif()
file(READ ${T}/rx.c rx)
string(FIND "${rx}" "/* edited while fix ran */" kept)
string(FIND "${rx}" "&rx->b" rewritten)
if(kept EQUAL -1 OR NOT rewritten EQUAL -1)
	message(FATAL_ERROR "the edit is lost or a rewrite landed:\n${rx}")
endif()

# (2) two at once, on the original tree
file(REMOVE_RECURSE ${T})
file(COPY ${SRC}/corpus/fix/queues DESTINATION ${WORK}/src)
list(JOIN fix "' '" cmd)
execute_process(COMMAND sh -c "export PATH='${WORK}/bin':\"$PATH\" ZT_TEST_SLOW=2
'${cmd}' > '${WORK}/a.out' 2>&1 & '${cmd}' > '${WORK}/b.out' 2>&1; wait"
	TIMEOUT 240)
file(READ ${WORK}/a.out a)
file(READ ${WORK}/b.out b)
message(STATUS "two at once:\n${a}\n${b}")
# one rewrites; the other finds the files changed, or (started late) the rewrite done
set(n_wrote 0)
foreach(o a b)
	if("${${o}}" MATCHES "verified: 1 applied, 0 refused, [1-9] file")
		math(EXPR n_wrote "${n_wrote} + 1")
	elseif(NOT "${${o}}" MATCHES "changed while fix ran|verified: 1 applied, 0 refused, 0 file")
		message(FATAL_ERROR "unexpected result of a concurrent fix:\n${${o}}")
	endif()
endforeach()
if(NOT n_wrote EQUAL 1)
	message(FATAL_ERROR "${n_wrote} of the two concurrent fix --in-place wrote the tree")
endif()
file(READ ${T}/rx.c rx)
file(READ ${T}/q.h qh)
# ';' protected: a match holding one would count as two list elements
string(REPLACE ";" "<semi>" rx "${rx}")
string(REPLACE ";" "<semi>" qh "${qh}")
string(REGEX MATCHALL "struct q_buf \\*b = &rx->b<semi>" ptrs "${rx}")
string(REGEX MATCHALL "struct q_buf b<semi>" fields "${qh}")
list(LENGTH ptrs np)
list(LENGTH fields nf)
if(NOT np EQUAL 1 OR NOT nf EQUAL 1)
	message(FATAL_ERROR "the tree is not one rewrite: ${np} pointer(s), ${nf} field(s)")
endif()

# (3) a fix waits for a write-back's lock before it reads
file(REMOVE_RECURSE ${T})
file(COPY ${SRC}/corpus/fix/queues DESTINATION ${WORK}/src)
find_program(FLOCK flock REQUIRED)
execute_process(COMMAND sh -c "'${FLOCK}' -x '${T}' sleep 2 & sleep 0.5
'${cmd}' > '${WORK}/c.out' 2>&1; wait"
	TIMEOUT 240)
file(READ ${WORK}/c.out c)
message(STATUS "started while the tree is locked:\n${c}")
if(NOT "${c}" MATCHES "waiting for another zerotax fix on"
		OR NOT "${c}" MATCHES "verified: 1 applied, 0 refused, [1-9] file")
	message(FATAL_ERROR "a fix started under a write-back's lock did not wait for it, or did not apply")
endif()

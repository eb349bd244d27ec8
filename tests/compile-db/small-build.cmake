# compile-db on tests/data/compile-db/src, a small build of ours shaped as
# Kbuild's (see its Makefile): run from tests/cmake/compile-db.cmake.
cmake_minimum_required(VERSION 3.19)
set(tree ${SRC}/tests/data/compile-db/src)
set(obj ${WORK}/obj)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${obj})

# run(EXPECTED_RC ARGS...): zerotax compile-db ARGS; OUT, ERR in the caller
macro(run expect)
	execute_process(COMMAND ${ZEROTAX} compile-db ${ARGN}
		RESULT_VARIABLE rc OUTPUT_VARIABLE OUT ERROR_VARIABLE ERR)
	if(NOT rc EQUAL ${expect})
		message(FATAL_ERROR "compile-db ${ARGN}: exit ${rc}, wanted ${expect}\n${OUT}\n${ERR}")
	endif()
	message(STATUS "compile-db ${ARGN}: exit ${rc}")
endmacro()
macro(said what)
	string(FIND "${ERR}" "${what}" at)
	if(at LESS 0)
		message(FATAL_ERROR "compile-db did not say '${what}':\n${ERR}")
	endif()
endmacro()

# usage: no goal; a goal not in the source tree
run(2 -C ${tree} -O ${obj})
said("give the directories")
run(2 -C ${tree} -O ${obj} nowhere)
said("neither a directory")
run(2 -C ${tree} -O ${obj} .)
said("give a directory or file below the source tree")
run(2 -C ${tree} -O ${obj} drv/none.c)
said("no drv/none.c in the source tree")
# no configuration: said, nothing run
run(3 -C ${tree} -O ${obj} drv)
said("no .config in")
if(EXISTS ${obj}/scripts/module.lds)
	message(FATAL_ERROR "modules_prepare ran without a configuration")
endif()

# --config FILE: copied, completed (olddefconfig), prepared, then make -n;
# two compiles taken, two objects refused with their reasons (exit 3)
file(WRITE ${WORK}/config "CONFIG_SMALL=y\n")
run(3 -C ${tree} -O ${obj} --config=${WORK}/config CC=xcc-test KCFLAGS=-DUSER_FLAG drv/)
said("drv/gen.o: not taken: its source ${obj}/drv/gen.c does not exist")
said("drv/hdr.o: not taken: make has no rule to make 'drv/missing.h'")
said("2 compile(s) taken, 2 not")
file(READ ${obj}/.config config)
if(NOT EXISTS ${obj}/scripts/module.lds OR NOT config MATCHES "# completed")
	message(FATAL_ERROR "no olddefconfig or no modules_prepare:\n${config}")
endif()
file(READ ${obj}/compile_commands.json db)
string(JSON n LENGTH "${db}")
if(NOT n EQUAL 2)
	message(FATAL_ERROR "${n} entries, wanted 2:\n${db}")
endif()
# entry 0 is drv/a.c (sorted by file): its argv as the recipe runs it, the
# shell's quotes removed, the user's KCFLAGS kept and compile-db's own word gone
set(want xcc-test -Wp,-MMD,drv/.a.o.d -I${tree}/include -DDRV_LEVEL=2 -I${tree}/drv
	-DUSER_FLAG "-DKBUILD_BASENAME=\"a\"" "-DKBUILD_MODNAME=\"drvmod\"" -c -o drv/a.o
	${tree}/drv/a.c)
list(LENGTH want nw)
string(JSON na LENGTH "${db}" 0 arguments)
if(NOT na EQUAL nw)
	message(FATAL_ERROR "drv/a.c: ${na} arguments, wanted ${nw}:\n${db}")
endif()
math(EXPR last "${nw} - 1")
foreach(i RANGE ${last})
	list(GET want ${i} w)
	string(JSON got GET "${db}" 0 arguments ${i})
	if(NOT got STREQUAL w)
		message(FATAL_ERROR "drv/a.c: argument ${i} is '${got}', wanted '${w}'")
	endif()
endforeach()
string(JSON dir GET "${db}" 0 directory)
string(JSON out GET "${db}" 1 output)
string(JSON file GET "${db}" 1 file)
if(NOT dir STREQUAL obj OR NOT out STREQUAL "${obj}/drv/sub/b.o" OR
   NOT file STREQUAL "${tree}/drv/sub/b.c")
	message(FATAL_ERROR "directory '${dir}', output '${out}', file '${file}'")
endif()
file(GLOB_RECURSE objects ${obj}/*.o)
if(objects)
	message(FATAL_ERROR "make -n built ${objects}")
endif()

# prepared now: --no-prepare goes on; a file goal; -o
run(0 -C ${tree} -O ${obj} --no-prepare -o ${WORK}/one.json ./drv/sub/b.c)
said("1 compile(s) taken, 0 not")
# a configuration newer than auto.conf is not ready: --no-prepare refuses
execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 1)
file(APPEND ${obj}/.config "CONFIG_MORE=y\n")
run(3 -C ${tree} -O ${obj} --no-prepare drv/sub/b.c)
said("is not prepared")

# a recipe make runs even under -n (Kbuild's '+' lines) built an object: exit 4
run(4 -C ${tree} -O ${obj} bad)
said("make -n built 1 object(s)")

# no O=: the compiles run in the source tree itself (a copy of the small build)
file(COPY ${tree}/ DESTINATION ${WORK}/intree)
file(WRITE ${WORK}/intree/.config "CONFIG_SMALL=y\n")
run(0 -C ${WORK}/intree drv/a.c)
file(READ ${WORK}/intree/compile_commands.json db)
string(JSON dir GET "${db}" 0 directory)
string(JSON out GET "${db}" 0 output)
if(NOT dir STREQUAL "${WORK}/intree" OR NOT out STREQUAL "${WORK}/intree/drv/a.o")
	message(FATAL_ERROR "in the source tree: directory '${dir}', output '${out}'")
endif()

# a directory the configuration compiles nothing of: said, not an error
run(0 -C ${WORK}/intree empty)
said("this configuration compiles nothing below empty")
said("0 compile(s) taken, 0 not")

# Issue 30 items 13 and 14 (layout's part), hostile inputs:
#  - an object whose DWARF prints no struct (-g1) is an input error, never a clean audit;
#  - two objects with different definitions of one struct name: both audited, with a warning;
#  - options after the objects are options: layout --diff OLD.o NEW.o --struct NAME;
#  - an object named like an option reaches pahole after '--' (an object called --version).
# -DZEROTAX= -DGCC= -DWORK=
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
file(WRITE ${WORK}/a.c "struct demo { long a; int b; long c; };\nstruct demo d;\n")
file(WRITE ${WORK}/b.c "struct demo { long a; long c; int b; };\nstruct demo d2;\n")

include(${CMAKE_CURRENT_LIST_DIR}/run.cmake)

run(0 ${GCC} -g -c a.c -o a.o)
run(0 ${GCC} -g -c b.c -o b.o)
run(0 ${GCC} -g1 -c a.c -o g1.o)
file(COPY_FILE ${WORK}/a.o ${WORK}/--version)

# 13a: -g1 (and split DWARF, type units...): pahole prints nothing
run(3 ${ZEROTAX} layout g1.o)
if(NOT err MATCHES "g1.o: pahole printed no struct")
	message(FATAL_ERROR "no-struct object not said: ${err}")
endif()
run(3 ${ZEROTAX} layout --struct demo g1.o)
# with a good object next to it, the bad one is said, the good one audited
run(0 ${ZEROTAX} layout --format=json a.o g1.o)
if(NOT err MATCHES "g1.o: pahole printed no struct")
	message(FATAL_ERROR "no-struct object among others not said: ${err}")
endif()

# 13b: one name, two definitions: never the first silently
run(0 ${ZEROTAX} layout --format=json a.o b.o)
string(JSON n LENGTH "${out}" run structs)
if(NOT n EQUAL 2)
	message(FATAL_ERROR "two definitions of struct demo, ${n} audited:\n${out}")
endif()
if(NOT err MATCHES "struct demo of b.o differs from the one in a.o")
	message(FATAL_ERROR "different definitions not warned about: ${err}")
endif()
# the same definition twice: once, quietly
run(0 ${ZEROTAX} layout --format=json a.o -- --version)
string(JSON n LENGTH "${out}" run structs)
if(NOT n EQUAL 1 OR err MATCHES "differs")
	message(FATAL_ERROR "one definition in two objects: ${n} audited\n${err}")
endif()

# 13c: options after the objects
run(0 ${ZEROTAX} layout --diff a.o b.o --struct demo)
if(NOT out MATCHES "struct demo")
	message(FATAL_ERROR "--struct after the objects not taken: ${out}")
endif()
run(0 ${ZEROTAX} layout a.o --format=json)
string(JSON cmd GET "${out}" command)

# 14: '--' ends our options, and pahole is given '--' before the object
run(0 ${ZEROTAX} layout --format=json -- --version)
string(JSON obj GET "${out}" run structs 0 object)
if(NOT obj STREQUAL "--version")
	message(FATAL_ERROR "object '--version' not read as an object: ${out}")
endif()
message(STATUS "layout hostile inputs: all refused or read as they should be")

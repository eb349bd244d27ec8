# Two functions' locals of one name and type hoisted into one field while
# both are live (issue 55 class 4, corpus/fix/sharedfield): s_outer() calls
# s_inner() (through s_middle()) between filling its mxbuf and reading it.
# Before, all three went into one field of struct s_ring and s_outer() read
# s_inner()'s packet. Now s_outer()'s hoist is refused (auto marks it
# __uninitialized); s_after(), whose call comes after its last use, and
# s_inner() share the field.
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(sharedfield)
zt_diff_check_roots(sharedfield ${WORK}/f.json none s_poll)
file(REMOVE ${WORK}/src/sharedfield/compile_commands.json)
zt_diff_fix(sharedfield ${WORK}/f.json
	"refused: struct s_buf mxbuf in s_outer\\(\\): mxbuf is used at line 43 after the call at line 42, which reaches s_inner\\(\\), whose own mxbuf would go into the same field"
	--strategy=hoist)
zt_diff_fix(sharedfield ${WORK}/f.json
	"applied: struct s_buf mxbuf in s_outer\\(\\)[^\n]*\n    why: uninitialized:;applied: struct s_buf mxbuf in s_after\\(\\)[^\n]*\n    why: hoist:;applied: struct s_buf mxbuf in s_inner\\(\\)[^\n]*\n    why: hoist:"
	--strategy=auto)

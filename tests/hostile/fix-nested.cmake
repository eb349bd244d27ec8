# Two functions' locals of one name and type (corpus/fix/nested, issue 55
# class 4), check's own findings: n_outer() and n_inner() each have a
# 'struct n_desc mxbuf', and n_outer() calls n_inner() between filling its
# own and reading it. c9be29f hoisted both into the ring's one 'mxbuf'
# field, and the outer read printed the inner checksum. Now one function
# keeps the field; under hoist the other is refused, under auto it is
# marked __uninitialized (the same output).
cmake_minimum_required(VERSION 3.19)
include(${SRC}/tests/cmake/fix/differential.cmake)
zt_diff_case(nested)
zt_diff_check_roots(nested ${WORK}/f.json none n_poll)
file(REMOVE ${WORK}/src/nested/compile_commands.json)
zt_diff_fix(nested ${WORK}/f.json
	"refused: struct n_desc mxbuf in n_[a-z]+\\(\\): n_[a-z]+\\(\\) keeps its mxbuf in struct n_ring->mxbuf too.*verified: 1 applied, 1 refused"
	--strategy=hoist)
zt_diff_fix(nested ${WORK}/f.json "verified: 2 applied, 0 refused" --strategy=auto)

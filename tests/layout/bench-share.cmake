# rd-bench-share's grouped struct is the order layout suggests (issue 27): the bench's
# source built with -g, `layout --hot-fields` on struct ring_shared with the threads'
# paths, and pahole's offsets of struct ring_grouped, member by member, must be the
# suggestion's. So the bench's ratio measures layout's own suggestion.
# -DZEROTAX= -DGCC= -DPAHOLE= -DSRC= -DWORK=
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(bench ${SRC}/reference-driver/bench/rd_bench_share.c)

include(${CMAKE_CURRENT_LIST_DIR}/run.cmake)

run(0 ${GCC} -g -O2 -c ${bench} -o share.o)
run(1 ${ZEROTAX} layout --format=json --hot-fields ${SRC}/tests/layout/bench-share/hot.txt
	--struct ring_shared share.o)
file(WRITE ${WORK}/layout.json "${out}")
run(0 ${PAHOLE} -c 64 -C ring_grouped share.o)
file(WRITE ${WORK}/grouped.txt "${out}")
execute_process(COMMAND python3 ${SRC}/tests/layout/check_bench_share.py ${WORK}/layout.json
		${WORK}/grouped.txt
	RESULT_VARIABLE rc OUTPUT_VARIABLE msg ERROR_VARIABLE perr)
message(STATUS "${msg}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${perr}")
endif()

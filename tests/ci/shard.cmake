# --shard 1/2 and --shard 2/2 write per-TU results; 'zerotax merge' of the two
# equals the unsharded run (the call graph is rebuilt from both shards' facts,
# so the chain from drv_main.c's poll loop into drv_rx.c survives the split).
include(${CMAKE_CURRENT_LIST_DIR}/common.cmake)
set(T ${WORK}/tree)
zt_prepare_tree(${T})
file(REMOVE ${WORK}/s1.jsonl ${WORK}/s2.jsonl)
zt_run(0 o check -p ${T} --shard 1/2 --results ${WORK}/s1.jsonl --root ${T} --no-cache)
zt_run(0 o check -p ${T} --shard 2/2 --results ${WORK}/s2.jsonl --root ${T} --no-cache)
file(STRINGS ${WORK}/s1.jsonl l1)
file(STRINGS ${WORK}/s2.jsonl l2)
list(LENGTH l1 n1)
list(LENGTH l2 n2)
math(EXPR total "${n1} + ${n2}")
if(NOT total EQUAL 3 OR n1 EQUAL 0 OR n2 EQUAL 0)
	message(FATAL_ERROR "shards hold ${n1} + ${n2} TUs; expected 3, none empty")
endif()
zt_run(1 merged merge ${WORK}/s1.jsonl ${WORK}/s2.jsonl --format=json)
zt_run(1 plain check -p ${T} --format=json --no-cache)
zt_findings("${merged}" a na)
zt_findings("${plain}" b nb)
zt_expect_same(shard "${a}" "${b}")
# The order of the shards does not matter.
zt_run(1 merged2 merge ${WORK}/s2.jsonl ${WORK}/s1.jsonl --format=json)
zt_findings("${merged2}" c nc)
zt_expect_same(shard-order "${c}" "${b}")
# A shard alone cannot judge the program: --shard without --results is refused.
zt_run(2 o check -p ${T} --shard 1/2)
zt_run(2 o check -p ${T} --shard 3/2 --results ${WORK}/x.jsonl)

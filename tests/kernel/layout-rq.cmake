# `zerotax layout -p <mlx5 db> -j 2 --struct mlx5e_rq mlx5_core.o` on the clang-19
# fixture: a hot-span finding for struct mlx5e_rq whose per-packet members come from the
# real RX path (mlx5e_napi_poll -> mlx5e_poll_rx_cq -> rq->handle_rx_cqe, and the
# INDIRECT_CALL_2 handlers behind rq->wqe.skb_from_cqe / rq->mpwqe.skb_from_cqe_mpwrq).
# The AST pass reads the 80 TUs of the mlx5 database (its time is printed).
include(${SRC}/tests/kernel/common.cmake)
zt_kernel_env(6.1)

set(obj ${KERNEL_CLANG_OBJ}/drivers/net/ethernet/mellanox/mlx5/core/mlx5_core.o)
zt_krun(1 out layout -p ${KERNEL_CLANG_OBJ}/db/mlx5 -j 2 --struct mlx5e_rq --format=json ${obj})
file(WRITE ${WORK}/rq.json "${out}")
file(WRITE ${WORK}/check.py [=[
import json, sys
d = json.load(open(sys.argv[1]))
f = [x for x in d["findings"] if x["rule"] == "zerotax-layout-hot-span" and x["symbol"] == "mlx5e_rq"]
if not f:
    sys.exit("no hot-span finding for struct mlx5e_rq")
det = f[0]["details"]
hot = {h["field"]: h["frequency"] for h in det["hot_fields"]}
want = ["cq", "handle_rx_cqe", "skb_from_cqe", "skb_from_cqe_mpwrq"]
missing = [w for w in want if hot.get(w) != "per-packet"]
print("mlx5e_rq: %d bytes, %d lines, %d hot fields (%d bytes) over %d lines; suggestion: %s"
      % (det["size"], det["cachelines"], len(hot), det["hot_bytes"], det["hot_span"],
         det["suggestion"] and "%d bytes, %d lines, hot span %d" % (det["suggestion"]["size"],
         det["suggestion"]["cachelines"], det["suggestion"]["hot_span"])))
if missing:
    sys.exit("not per-packet from the RX path: %s (hot: %s)" % (missing, sorted(hot)))
# embedded structs count where their hot members lie: the 2056-byte page cache in one line
pc = [h for h in det["hot_fields"] if h["field"] == "page_cache"]
if pc and (pc[0]["hot_lines"] != 1 or pc[0]["hot_bytes"] >= pc[0]["size"]):
    sys.exit("page_cache counted whole: %s" % pc)
if det["hot_span"] >= det["cachelines"] - 2:
    sys.exit("hot span %d of %d lines: embedded structs counted whole?" % (det["hot_span"], det["cachelines"]))
]=])
execute_process(COMMAND python3 ${WORK}/check.py ${WORK}/rq.json
	RESULT_VARIABLE rc OUTPUT_VARIABLE msg ERROR_VARIABLE perr)
message(STATUS "${msg}")
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${perr}")
endif()

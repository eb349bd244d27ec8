#!/usr/bin/env python3
# What zerotax check must report on the fixture's trees, and why.
#   check_tree.py CC DB RESULT.json      (CC: clang|gcc, DB: mlx5|ice|net)
import json
import sys

cc, db, path = sys.argv[1:4]
doc = json.load(open(path))
run, findings = doc["run"], doc["findings"]
errors = []


def fail(msg):
    errors.append(msg)


# Every TU parsed, every evidence compile worked: a real tree is no excuse.
if run.get("unparsed"):
    fail("unparsed: %s" % run["unparsed"])
if run.get("evidence_failed"):
    fail("evidence failed: %s" % run["evidence_failed"])
if run.get("evidence") != "both":
    fail("evidence mode %s" % run.get("evidence"))


def ev(f, comp):
    e = ((f.get("details") or {}).get("evidence") or {}).get(comp)
    return e and e.get("bytes")


# No finding reports more surviving bytes than its variable has.
for f in findings:
    for comp in ("gcc", "clang"):
        b = ev(f, comp)
        if b is not None and f["size"] and b > f["size"]:
            fail("%s %s: %s says %d bytes survive of %d" % (f["function"], f["symbol"], comp, b, f["size"]))

for f in findings:
    print("%s: %-10s rank %6.1f %s %s %s (%d bytes; gcc %s, clang %s)" % (
        db, f["frequency"], f["rank"] or 0, f["function"], f["type"], f["symbol"], f["size"],
        ev(f, "gcc"), ev(f, "clang")))

if db == "mlx5":
    # mlx5e's three skb receive functions keep a struct xdp_buff on the stack
    # (Linux 6.1; upstream later moved it into struct mlx5e_rq).
    want = {"mlx5e_skb_from_cqe_linear", "mlx5e_skb_from_cqe_nonlinear",
            "mlx5e_skb_from_cqe_mpwrq_linear"}
    got = {f["function"]: f for f in findings
           if f["type"] == "struct xdp_buff" and f["symbol"] == "xdp" and f["function"] in want}
    if set(got) != want:
        fail("xdp_buff findings in %s, wanted %s" % (sorted(got), sorted(want)))
    for name, f in got.items():
        g, c = ev(f, "gcc"), ev(f, "clang")
        if g is None or c is None:
            fail("%s: evidence of both compilers wanted, got gcc %s clang %s" % (name, g, c))
            continue
        if f["frequency"] != "per-packet":
            fail("%s: frequency %s" % (name, f["frequency"]))
        # The tree's own compiler decides: the rank is its bytes per packet.
        own = g if cc == "gcc" else c
        if abs((f["rank"] or 0) - own) > 1e-9:
            fail("%s: rank %s, but %s keeps %s bytes (gcc %s, clang %s)" % (
                name, f["rank"], cc, own, g, c))
elif db == "ice":
    # ice 6.1.192 keeps its xdp_buff in the ring: ice_clean_rx_irq works on
    # 'struct xdp_buff *xdp = &rx_ring->xdp' (a member of struct ice_rx_ring),
    # so nothing of that type is zeroed on the stack and none may be reported.
    bad = [f["function"] for f in findings if f["type"] == "struct xdp_buff"]
    if bad:
        fail("ice: struct xdp_buff reported on the stack of %s" % bad)

if errors:
    for e in errors:
        print("check_tree: %s %s: %s" % (cc, db, e), file=sys.stderr)
    sys.exit(1)
print("check_tree: %s %s: %d files, %d findings, as expected" % (cc, db, run["files"], len(findings)))

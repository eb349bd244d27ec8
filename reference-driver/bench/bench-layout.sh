#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# bench-layout: the effect of zerotax layout's suggested reorder of struct xdp_buff_xsk
# and struct mlx5e_rq on the reference driver, end to end:
#   1. baseline .so (gcc-12, auto-init none) and its driver objects with -g
#   2. zerotax layout on those objects (hot fields from the AST pass over the driver's
#      compile database); the suggestion is applied with `zerotax layout --apply` to a COPY
#      of the driver source (the reordered source is only ever generated, never kept)
#   3. the copy is rebuilt, pahole must report the predicted sizes and cache lines
#   4. rd-trace: both builds behave byte-identically
#   5. rd-bench: baseline vs reordered in one run, interleaved rounds, cold cache model,
#      AF_XDP XDP_DROP and striding XDP_DROP + skb path, with --cachegrind
#
# usage: bench-layout.sh --zerotax Z --rd-bench B --rd-trace T --src DIR --out DIR
#                        [--check] [--rounds N] [--packets N]
# --check stops after step 4 (the ctest); exit 1 when a prediction is not confirmed.
set -euo pipefail

ZEROTAX= RD_BENCH= RD_TRACE= SRC= OUT= CHECK=0 ROUNDS=11 PACKETS=300000
while [ $# -gt 0 ]; do
	case "$1" in
	--zerotax) ZEROTAX=$2; shift 2 ;;
	--rd-bench) RD_BENCH=$2; shift 2 ;;
	--rd-trace) RD_TRACE=$2; shift 2 ;;
	--src) SRC=$2; shift 2 ;;
	--out) OUT=$2; shift 2 ;;
	--check) CHECK=1; shift ;;
	--rounds) ROUNDS=$2; shift 2 ;;
	--packets) PACKETS=$2; shift 2 ;;
	*) echo "bench-layout: unknown argument $1" >&2; exit 2 ;;
	esac
done
if [ -z "$ZEROTAX" ] || [ -z "$RD_TRACE" ] || [ -z "$SRC" ] || [ -z "$OUT" ] ||
   { [ "$CHECK" = 0 ] && [ -z "$RD_BENCH" ]; }; then
	echo "usage: bench-layout.sh --zerotax Z --rd-bench B --rd-trace T --src DIR --out DIR [--check] [--rounds N] [--packets N]" >&2
	exit 2
fi

STRUCTS=xdp_buff_xsk,mlx5e_rq
SRC=$(realpath "$SRC")
MK=$SRC/variant.mk
mkdir -p "$OUT"
OUT=$(realpath "$OUT")
COPY=$OUT/reordered-src
rm -rf "$COPY" "$OUT"/*.objs "$OUT"/*.gobjs "$OUT"/db
mkdir -p "$OUT/db"

vmake() {
	env -u MAKEFLAGS -u MAKELEVEL make -s -f "$MK" CC=gcc-12 AUTOINIT=none "$@"
}

echo "== 1. baseline: $SRC"
vmake SRC="$SRC" OUT="$OUT/baseline.so" OBJDIR="$OUT/baseline.objs"
vmake SRC="$SRC" OBJDIR="$OUT/baseline.gobjs" objs

echo "== 2. zerotax layout, suggestion applied to a copy: $COPY"
cp -r "$SRC" "$COPY"
rm -rf "$COPY/tests" "$COPY/bench/"*.sh
# the copy's objects and compile database: DWARF names the copy's files, so --apply
# rewrites the copy and refuses anything outside it
vmake SRC="$COPY" OBJDIR="$OUT/copy.gobjs" objs
vmake SRC="$COPY" OBJDIR="$OUT/copy.gobjs" COMPDB="$OUT/db/compile_commands.json" compdb
set +e
"$ZEROTAX" layout -p "$OUT/db" --pool xdp_buff_xsk --struct "$STRUCTS" \
	"$OUT/baseline.gobjs/en_rx.o" "$OUT/baseline.gobjs/en_xsk_rx.o" > "$OUT/layout-baseline.txt"
rc=$?
"$ZEROTAX" layout -p "$OUT/db" --pool xdp_buff_xsk --struct "$STRUCTS" --apply "$COPY" \
	"$OUT/copy.gobjs/en_rx.o" "$OUT/copy.gobjs/en_xsk_rx.o" > "$OUT/layout-apply.txt" 2> "$OUT/layout-apply.err"
rc2=$?
set -e
cat "$OUT/layout-apply.err"
if [ $rc != 1 ] || [ $rc2 != 1 ]; then
	echo "bench-layout: zerotax layout exited $rc/$rc2, expected findings (1)" >&2
	exit 1
fi
grep -v 'note: per-' "$OUT/layout-baseline.txt" || true
# the baseline objects name the original tree: --apply must refuse to touch it
set +e
"$ZEROTAX" layout --struct "$STRUCTS" --apply "$COPY" "$OUT/baseline.gobjs/en_xsk_rx.o" \
	> /dev/null 2> "$OUT/layout-refuse.err"
rc=$?
set -e
if [ $rc != 3 ] || ! grep -q 'not rewriting it' "$OUT/layout-refuse.err"; then
	echo "bench-layout: --apply did not refuse a file outside $COPY (exit $rc)" >&2
	exit 1
fi
diff -u "$SRC/en.h" "$COPY/en.h" > "$OUT/reorder.diff" || true
diff -u "$SRC/include/net/xsk_buff_pool.h" "$COPY/include/net/xsk_buff_pool.h" >> "$OUT/reorder.diff" || true

echo "== 3. rebuild the copy, pahole against the prediction"
vmake SRC="$COPY" OUT="$OUT/reordered.so" OBJDIR="$OUT/reordered.objs"
vmake SRC="$COPY" OBJDIR="$OUT/reordered.gobjs" objs
fail=0
: > "$OUT/sizes.txt"
for s in xdp_buff_xsk mlx5e_rq; do
	obj=en_rx.o
	[ $s = xdp_buff_xsk ] && obj=en_xsk_rx.o
	# "note: predicted: 576 bytes, 9 cache lines, hot span 6 (now 640 bytes, 10 lines, hot span 9)"
	pred=$(awk -v s="$s" '
		$0 ~ "struct " s " " { cur = 1; next }
		cur && /note: predicted:/ { print; exit }' "$OUT/layout-baseline.txt")
	if [ -z "$pred" ]; then
		echo "bench-layout: no prediction for struct $s" >&2
		exit 1
	fi
	read -r p_size p_lines p_hot n_size n_lines n_hot <<< "$(sed -E \
		's/.*predicted: ([0-9]+) bytes, ([0-9]+) cache lines, hot span ([0-9]+) \(now ([0-9]+) bytes, ([0-9]+) lines, hot span ([0-9]+)\).*/\1 \2 \3 \4 \5 \6/' <<< "$pred")"
	for side in baseline reordered; do
		sum=$(pahole -c 64 -C $s "$OUT/$side.gobjs/$obj" | grep -E '/\* size: ')
		size=$(sed -E 's/.*size: ([0-9]+),.*/\1/' <<< "$sum")
		lines=$(sed -E 's/.*cachelines: ([0-9]+),.*/\1/' <<< "$sum")
		eval "${side}_size=$size ${side}_lines=$lines"
	done
	echo "struct $s: baseline pahole $baseline_size bytes/$baseline_lines lines (zerotax: $n_size/$n_lines, hot span $n_hot);" \
	     "predicted $p_size/$p_lines (hot span $p_hot); reordered pahole $reordered_size/$reordered_lines" | tee -a "$OUT/sizes.txt"
	if [ "$p_size" != "$reordered_size" ] || [ "$p_lines" != "$reordered_lines" ] ||
	   [ "$n_size" != "$baseline_size" ] || [ "$reordered_lines" -ge "$baseline_lines" ]; then
		echo "bench-layout: struct $s: prediction not confirmed" >&2
		fail=1
	fi
done
"$ZEROTAX" layout -p "$OUT/db" --diff --struct "$STRUCTS" "$OUT/baseline.gobjs/en_xsk_rx.o" \
	"$OUT/reordered.gobjs/en_xsk_rx.o" | tee "$OUT/layout-diff.txt" || true
[ $fail = 0 ] || exit 1

echo "== 4. same behaviour: rd-trace logs byte-identical"
for args in "--profile udp64 --mode drop --xsk" "--profile udp512 --mode tx --xsk" \
	    "--profile tcp1500 --mode pass --xsk --rq legacy" "--profile mix --mode none" \
	    "--profile udp64 --mode tx --rq legacy" "--profile tcp9000 --mode drop"; do
	# shellcheck disable=SC2086
	"$RD_TRACE" --so "$OUT/baseline.so" $args --packets 3000 --check > "$OUT/trace-a.txt"
	# shellcheck disable=SC2086
	"$RD_TRACE" --so "$OUT/reordered.so" $args --packets 3000 --check > "$OUT/trace-b.txt"
	if ! cmp -s "$OUT/trace-a.txt" "$OUT/trace-b.txt"; then
		echo "bench-layout: traces differ for $args" >&2
		exit 1
	fi
done
rm -f "$OUT/trace-a.txt" "$OUT/trace-b.txt"
echo "traces identical"
[ "$CHECK" = 1 ] && exit 0

echo "== 5. rd-bench: baseline vs reordered, one run each, interleaved rounds, cold cache"
V=(--variant "baseline=$OUT/baseline.so" --variant "reordered=$OUT/reordered.so")
"$RD_BENCH" "${V[@]}" --xsk --profile udp64 --rq striding --mode drop --cache cold \
	--rounds "$ROUNDS" --packets "$PACKETS" --cachegrind --json "$OUT/xsk-drop.json" \
	| tee "$OUT/xsk-drop.txt"
"$RD_BENCH" "${V[@]}" --profile udp64 --rq striding --mode drop,none --cache cold \
	--rounds "$ROUNDS" --packets "$PACKETS" --cachegrind --json "$OUT/striding.json" \
	| tee "$OUT/striding.txt"
echo "results in $OUT"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# zerotax check on a real kernel tree (opt-in, not part of `make test`):
# unpack Debian's linux-source-6.1, configure it with CONFIG_INIT_STACK_ALL_ZERO=y
# and mlx5e as a module, build mlx5e's receive path, produce Kbuild's compile
# database and run `zerotax check` on it. It must report the on-stack
# `struct xdp_buff` of mlx5e's receive functions and parse every file cleanly.
#
#   scripts/kernel-tree.sh [WORKDIR]          (default: build/kernel-tree)
#   CC=gcc scripts/kernel-tree.sh             build with gcc instead of clang-19
#   ZEROTAX=path/to/zerotax JOBS=N EVIDENCE=both|gcc|clang|none
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$here/build/kernel-tree}
zerotax=${ZEROTAX:-$here/build/tool/zerotax}
jobs=${JOBS:-$(nproc)}
evidence=${EVIDENCE:-both}
cc=${CC:-clang-19}
tarball=/usr/share/linux-source-6.1.tar.xz
[ -f "$tarball" ] || tarball=/usr/src/linux-source-6.1.tar.xz
mlx5=drivers/net/ethernet/mellanox/mlx5/core

if [ ! -f "$tarball" ]; then
	echo "kernel-tree: linux-source-6.1 is not installed; run: apt-get install linux-source-6.1" >&2
	exit 3
fi
[ -x "$zerotax" ] || { echo "kernel-tree: build zerotax first (make build)" >&2; exit 3; }

case "$cc" in
clang*) kmake=(make -s ARCH=x86 LLVM=-${cc#clang-}) ;;
*) kmake=(make -s ARCH=x86 CC="$cc") ;;
esac

mkdir -p "$work"
src=$work/linux-source-6.1
if [ ! -f "$src/Makefile" ]; then
	echo "kernel-tree: unpacking $tarball"
	tar -C "$work" -xf "$tarball"
fi
cd "$src"
if [ ! -f .config ] || ! grep -q '^CONFIG_MLX5_CORE_EN=y' .config; then
	echo "kernel-tree: configuring with $cc"
	"${kmake[@]}" defconfig
	scripts/config --enable NET_VENDOR_MELLANOX --module MLX5_CORE --enable MLX5_CORE_EN \
		--enable INIT_STACK_ALL_ZERO --disable DEBUG_INFO_BTF
	"${kmake[@]}" olddefconfig
fi
grep -q '^CONFIG_INIT_STACK_ALL_ZERO=y' .config || { echo "kernel-tree: INIT_STACK_ALL_ZERO not set" >&2; exit 3; }
echo "kernel-tree: building $mlx5 receive path"
"${kmake[@]}" -j"$jobs" prepare
for o in en_rx en_txrx en_main en/xdp en/params; do
	"${kmake[@]}" -j"$jobs" "$mlx5/$o.o"
done
mkdir -p "$work/db"
python3 scripts/clang-tools/gen_compile_commands.py -d . -o "$work/db/compile_commands.json" "$mlx5"

echo "kernel-tree: zerotax check -p $work/db --evidence=$evidence"
set +e
"$zerotax" check -p "$work/db" -j "$jobs" --evidence="$evidence" \
	--rules "$here/rules/hotpaths/mlx5e.conf" --format=json > "$work/check.json" 2> "$work/check.err"
rc=$?
"$zerotax" check -p "$work/db" -j "$jobs" --evidence="$evidence" \
	--rules "$here/rules/hotpaths/mlx5e.conf" > "$work/check.txt" 2>/dev/null
set -e
cat "$work/check.txt"
if [ "$rc" -ne 1 ]; then
	echo "kernel-tree: zerotax check exited $rc, wanted 1" >&2
	cat "$work/check.err" >&2
	exit 1
fi
python3 - "$work/check.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
run = d["run"]
bad = run["unparsed"] + run.get("evidence_failed", [])
if bad:
	sys.exit("kernel-tree: files not analysed cleanly: %s" % bad)
xdp = [f for f in d["findings"] if f["type"] == "struct xdp_buff"
       and f["function"].startswith("mlx5e_skb_from_cqe")]
if not xdp:
	sys.exit("kernel-tree: no struct xdp_buff finding in mlx5e's receive functions")
for f in xdp:
	ev = f["details"]["evidence"]
	print("kernel-tree: %s: %s %s, %s; gcc %s, clang %s" % (
		f["function"], f["type"], f["symbol"], " -> ".join(f["chain"]),
		ev["gcc"] and ev["gcc"]["bytes"], ev["clang"] and ev["clang"]["bytes"]))
print("kernel-tree: %d files, %d findings, none unparsed" % (run["files"], len(d["findings"])))
PY

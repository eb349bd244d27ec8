#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Regenerate the captured compiler records the evidence readers' tests pin.
# The tests also compile src/ at test time; these copies keep the parsers
# pinned to what gcc-12.2 and clang-19.1 wrote when they were captured.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$here/captured
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
cd "$here/src"
init="-O2 -ftrivial-auto-var-init=zero"
kern="-mno-sse -mno-mmx -mno-sse2 -mno-avx -mno-80387 -fno-strict-aliasing"
remarks="-fsave-optimization-record -foptimization-record-passes=annotation-remarks"

gcc-12 $init -fdump-tree-optimized-lineno="$out/cases.gcc.optimized" \
	-fstack-usage -c -o "$tmp/cases.o" cases.c
cp "$tmp/cases.su" "$out/cases.gcc.su"
gcc-12 $init -fdump-tree-optimized="$out/cases.gcc-nolineno.optimized" -c -o "$tmp/c2.o" cases.c

clang-19 $init -gline-tables-only $remarks -foptimization-record-file="$out/cases.clang.opt.yaml" \
	-fstack-usage -c -o "$tmp/cases.o" cases.c
cp "$tmp/cases.su" "$out/cases.clang.su"
# clang-19's own bitstream file is not standalone (its string table goes into the
# object's remark section, and writing that section crashes clang-19 on x86-64):
# the standalone bitstream copy is converted from the YAML with LLVM's own tool.
/usr/lib/llvm-19/bin/llvm-remarkutil yaml2bitstream "$out/cases.clang.opt.yaml" \
	-o "$out/cases.clang.opt.bitstream"

for v in inline opaque; do
	d=; [ $v = opaque ] && d=-DOPAQUE_FILL
	gcc-12 $init $kern $d -fdump-tree-optimized-lineno="$out/mlx5e_xdp_buff.$v.gcc.optimized" \
		-c -o "$tmp/m.o" mlx5e_xdp_buff.c
	clang-19 $init $kern $d -gline-tables-only $remarks \
		-foptimization-record-file="$out/mlx5e_xdp_buff.$v.clang.opt.yaml" -c -o "$tmp/m.o" \
		mlx5e_xdp_buff.c
done

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# No change of behaviour: run two zerotax binaries (e.g. a build of the base
# commit and of a refactoring branch) on the reference driver and the corpus and
# compare the JSON of check, layout and fix --format=json byte for byte, exit
# codes included.
#
#   scripts/same-json.sh OLD/zerotax NEW/zerotax [WORK]
#
# SAME_JSON_KERNEL=DIR (a kernel fixture's entry, ~/.cache/zerotax/kernel/6.12-*):
# the same on real trees too: check (the build's evidence) on the gcc tree's
# ice and bnxt and the clang tree's mlx5 core, layout -p on ice, fix on ice's
# and bnxt's findings (the JSON of the new binary's check, for both).
#
# SAME_JSON_FINGERPRINTS=changed: across the commit that made every producer
# use zt_fingerprint(), outputs that differ only in fingerprint lines pass
# (and are counted as such).
set -eu
old=$(realpath "$1") new=$(realpath "$2") work=${3:-/tmp/zerotax-same-json}
src=$(cd "$(dirname "$0")/.." && pwd)
drv=$src/reference-driver
cc=${GCC:-gcc-12}

rm -rf "$work"
mkdir -p "$work/drv" "$work/fixsrc"
make -s -f "$drv/variant.mk" SRC="$drv" CC="$cc" EXTRA_CFLAGS=-g \
	COMPDB="$work/drv/compile_commands.json" OBJDIR="$work/drv/objs" compdb objs
cp -a "$src/corpus/fix/safe" "$work/fixsrc/safe"
sed "s|@CORPUS@|$work/fixsrc|g" "$src/tests/data/fix/safe.json.in" >"$work/safe.json"

# run NAME ARGS...: both binaries, stdout to WORK/{old,new}.NAME, exit code appended
run() {
	name=$1
	shift
	for which in old new; do
		eval bin=\$$which
		set +e
		(cd "$work" && "$bin" "$@") >"$work/$which.$name" 2>"$work/$which.$name.err"
		echo "exit $?" >>"$work/$which.$name"
		# SARIF names the docs of the source tree the binary was built from
		sed -i 's|"file://[^"#]*/docs/checks.md|"file://SRC/docs/checks.md|' "$work/$which.$name"
		grep -v '"fingerprint": \|"zerotaxFingerprint/v1": ' "$work/$which.$name" \
			>"$work/$which.$name.nofp" || true
		set -e
	done
	if cmp -s "$work/old.$name" "$work/new.$name"; then
		echo "same: $name ($(wc -c <"$work/new.$name") bytes, $(tail -1 "$work/new.$name"))"
	elif [ "${SAME_JSON_FINGERPRINTS:-}" = changed ] &&
		cmp -s "$work/old.$name.nofp" "$work/new.$name.nofp"; then
		# the fingerprint change is the one intended (see zt_fingerprint()); all else equal
		echo "same but fingerprints: $name ($(grep -c 'ingerprint' "$work/new.$name")" \
			"fingerprint lines, $(tail -1 "$work/new.$name"))"
	else
		echo "DIFFERENT: $name"
		diff -u "$work/old.$name" "$work/new.$name" | head -40
		fail=1
	fi
}

fail=0
corpus=$src/corpus/stack-autoinit
srcs=$(ls "$corpus"/*.c)
run check-driver check -p "$work/drv" --format=json -j 2
run check-driver-sarif check -p "$work/drv" --format=sarif -j 2
for ev in none gcc clang both; do
	# shellcheck disable=SC2086
	run check-corpus-$ev check --format=json --evidence=$ev --rules "$corpus/corpus.conf" \
		-j 2 -- $srcs -I"$corpus/include"
done
# shellcheck disable=SC2086
run layout-driver layout -p "$work/drv" --struct mlx5e_rq --format=json "$work"/drv/objs/*.o
# shellcheck disable=SC2086
run layout-driver-all layout --format=json "$work"/drv/objs/*.o
run fix-driver fix -p "$work/drv" -s "$drv" --format=json --no-sparse
run fix-corpus-safe fix -i safe.json -s fixsrc/safe --format=json
run fix-corpus-unsafe-strategy fix -i safe.json -s fixsrc/safe --strategy=uninitialized \
	--format=json
if [ -n "${SAME_JSON_KERNEL:-}" ]; then
	k=$SAME_JSON_KERNEL
	for d in ice bnxt; do
		run check-kernel-gcc-$d check -p "$k/gcc/db/$d" --evidence=build --format=json -j 2 \
			--no-cache
		set +e
		"$new" check -p "$k/gcc/db/$d" --evidence=build --format=json -j 2 --no-cache \
			>"$work/kernel-$d.json" 2>/dev/null
		set -e
		run fix-kernel-gcc-$d fix -i "$work/kernel-$d.json" -p "$k/gcc/db/$d" -s "$k/src" \
			--format=json --no-sparse -j 2
	done
	run check-kernel-clang-mlx5 check -p "$k/clang/db/mlx5" --evidence=none --format=json \
		-j 2 --no-cache
	run layout-kernel-clang-ice layout -p "$k/clang/db/ice" --format=json -j 2 --no-cache \
		"$k/clang/drivers/net/ethernet/intel/ice/ice.o"
fi
# Option errors: same exit code; the message may be better, but stays one JSON object.
for args in "check --format=json -p" "layout --format=json" \
	"fix --format=json --strategy=nope -i x" "diff --format=json --bogus a b"; do
	name=usage-$(echo "$args" | tr ' =' '__')
	for which in old new; do
		eval bin=\$$which
		set +e
		# shellcheck disable=SC2086
		(cd "$work" && "$bin" $args) >"$work/$which.$name" 2>/dev/null
		echo $? >"$work/$which.$name.rc"
		set -e
	done
	if ! cmp -s "$work/old.$name.rc" "$work/new.$name.rc"; then
		echo "DIFFERENT: $name exits $(cat "$work/old.$name.rc") -> $(cat "$work/new.$name.rc")"
		fail=1
	elif ! python3 -c 'import json,sys; assert isinstance(json.load(sys.stdin), dict)' \
		<"$work/new.$name" 2>/dev/null; then
		echo "NOT JSON: $name (exit $(cat "$work/new.$name.rc")): $(cat "$work/new.$name")"
		fail=1
	else
		echo "same exit, JSON error: $name: $(tr -d '\n' <"$work/new.$name")"
	fi
done
exit $fail

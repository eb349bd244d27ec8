#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# install/relocated: make install into a DESTDIR, copy the prefix somewhere else,
# hide the source and build trees (a private mount namespace with an empty tmpfs
# over them), and run the installed copy's check and fix --diff on the corpus and
# on the reference driver: the same findings and the same diff as this build's
# binary on the same inputs; then prove --quick from the installation.
#   relocated.sh BUILD_DIR SOURCE_DIR ZEROTAX
set -euo pipefail

die() { echo "install/relocated: $*" >&2; exit 1; }

# --- the runs, done once by each binary into its own directory
# run_all BIN OUT IN: IN holds the inputs (copied out of the tree beforehand).
run_all() {
	local bin=$1 out=$2 in=$3 rc
	local corpus=$in/corpus drv=$in/share/zerotax/reference-driver
	mkdir -p "$out" "$out/cache"
	# each binary its own empty cache: no result of one run is read by the other
	export XDG_CACHE_HOME=$out/cache
	run() {
		local name=$1; shift
		rc=0
		"$@" >"$out/$name" 2>"$out/$name.err" || rc=$?
		echo "$name $rc" >>"$out/rc"
	}
	run corpus.json "$bin" check --format=json --rules "$corpus/corpus.conf" -j 2 \
		-- "$corpus"/*.c "-I$corpus/include"
	run corpus.txt "$bin" check --rules "$corpus/corpus.conf" -j 2 \
		-- "$corpus"/*.c "-I$corpus/include"
	run rd.json "$bin" check -p "$in/rd-db" --format=json
	run rd.txt "$bin" check -p "$in/rd-db"
	run rd-hot.json "$bin" check -p "$in/rd-db" --format=json \
		--rules "$in/share/zerotax/rules/hotpaths/mlx5e.conf"
	run rd.sarif "$bin" check -p "$in/rd-db" --format=sarif
	run safe.diff "$bin" fix -i "$in/safe.json" -s "$in/safe" --diff
	run rd.diff "$bin" fix -p "$in/rd-db" -s "$drv" --diff
	run version "$bin" --version
}

if [ "${1:-}" = --hidden ]; then
	# In the private namespace: the trees are hidden, the installed copy runs.
	shift
	work=$1 src=$2 build=$3
	mount -t tmpfs zt-hidden "$src"
	case $build/ in "$src"/*) ;; *) mount -t tmpfs zt-hidden "$build" ;; esac
	[ -z "$(ls -A "$src")" ] || die "the source tree is still visible"
	[ ! -e "$build/CMakeCache.txt" ] || die "the build tree is still visible"
	unset ZEROTAX_DATA
	cd "$work"
	run_all "$work/elsewhere/bin/zerotax" "$work/installed" "$work/elsewhere"
	# prove from the installation: its driver copy (no reference-driver/ here, no
	# --source), a build directory made by the installed helper
	"$work/elsewhere/libexec/zerotax/prove-build-dir" "$work/prove" >/dev/null
	rc=0
	"$work/elsewhere/bin/zerotax" prove --build "$work/prove" --quick -j 2 \
		>"$work/installed/prove.out" 2>&1 || rc=$?
	[ $rc -eq 0 ] && grep -q "traces byte-identical" "$work/installed/prove.out" ||
		die "installed prove --quick exited $rc: $(tail -20 "$work/installed/prove.out")"
	grep -q "check: 4 stack variable" "$work/installed/prove.out" ||
		die "installed prove --quick: $(head -20 "$work/installed/prove.out")"
	exit 0
fi

build=$(realpath "$1") src=$(realpath "$2") zerotax=$(realpath "$3")
# Outside both trees, so that it stays visible once they are hidden.
work=$(mktemp -d "${TMPDIR:-/tmp}/zt-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. make install's step into a DESTDIR, then the prefix copied elsewhere
DESTDIR=$work/dest cmake --install "$build" --prefix /opt/zerotax >"$work/install.log"
prefix=$work/dest/opt/zerotax
for f in bin/zerotax share/zerotax/rules/hoist-to-queue.cocci \
	share/zerotax/rules/uninitialized.cocci share/zerotax/rules/hotpaths/mlx5e.conf \
	share/zerotax/docs/checks.md share/zerotax/reference-driver/variant.mk \
	share/zerotax/reference-driver/patches libexec/zerotax/rd-trace libexec/zerotax/rd-bench \
	libexec/zerotax/prove-build-dir \
	share/man/man1/zerotax.1 share/man/man1/zerotax-check.1 \
	share/bash-completion/completions/zerotax; do
	[ -e "$prefix/$f" ] || die "make install left out $f"
done
cp -a "$prefix" "$work/elsewhere"
rm -rf "$work/dest"
# bash-completion's loader finds the completion where it was installed
if [ -f /usr/share/bash-completion/bash_completion ]; then
	XDG_DATA_DIRS=$work/elsewhere/share bash -c 'source /usr/share/bash-completion/bash_completion
		__load_completion zerotax && complete -p zerotax' | grep -q "_zerotax zerotax$" ||
		die "bash-completion does not load share/bash-completion/completions/zerotax"
fi

# 2. the inputs, copied out of the tree; the reference driver is the installed copy's
in=$work/elsewhere
cp -a "$src/corpus/stack-autoinit" "$in/corpus"
cp -a "$src/corpus/fix/safe" "$in/safe"
sed "s|@CORPUS@|$in|g" "$src/tests/data/fix/safe.json.in" >"$in/safe.json"
mkdir -p "$in/rd-db"
make -s -f "$in/share/zerotax/reference-driver/variant.mk" \
	SRC="$in/share/zerotax/reference-driver" CC=gcc-12 compdb \
	COMPDB="$in/rd-db/compile_commands.json"
# LeakSanitizer's suppressions (a sanitized build) must outlive the hidden tree.
if [[ ${LSAN_OPTIONS:-} == *suppressions=* ]]; then
	supp=${LSAN_OPTIONS#*suppressions=}
	supp=${supp%%:*}
	cp "$supp" "$work/lsan.supp"
	export LSAN_OPTIONS=${LSAN_OPTIONS/$supp/$work/lsan.supp}
fi

# 3. this build's binary, trees in place; both run from $work (files without a
# compile database are judged from the working directory)
cd "$work"
run_all "$zerotax" "$work/build-tree" "$in"

# 4. the installed copy, trees hidden (needs root's mount namespace, as CI has)
if unshare --mount true 2>/dev/null; then
	# run from a copy: the script's own file is in the tree about to be hidden
	cp "$(realpath "$0")" "$work/relocated.sh"
	unshare --mount bash "$work/relocated.sh" --hidden "$work" "$src" "$build"
	hidden=yes
else
	echo "install/relocated: no mount namespace here: the trees stay reachable;" \
		"--version must still name the copy's data" >&2
	(unset ZEROTAX_DATA; run_all "$work/elsewhere/bin/zerotax" "$work/installed" "$in")
	hidden=no
fi

# 5. the same answers
b=$work/build-tree i=$work/installed
grep -qx "data: $work/elsewhere/share/zerotax (installed)" "$i/version" ||
	die "the installed copy reads other data: $(cat "$i/version")"
grep -q "(build tree)" "$b/version" || die "the build tree's binary: $(cat "$b/version")"
cmp -s "$b/rc" "$i/rc" || die "exit codes differ:"$'\n'"$(paste "$b/rc" "$i/rc")"
grep -qx "rd.json 1" "$b/rc" && grep -qx "corpus.json 1" "$b/rc" &&
	grep -qx "safe.diff 0" "$b/rc" && grep -qx "rd.diff 0" "$b/rc" ||
	die "unexpected exit codes: $(tr '\n' ' ' <"$b/rc")"
for f in corpus.json corpus.txt rd.json rd.txt rd-hot.json safe.diff rd.diff; do
	cmp -s "$b/$f" "$i/$f" || die "$f differs:"$'\n'"$(diff "$b/$f" "$i/$f" | head -40)"
done
[ -s "$b/rd.diff" ] && [ -s "$b/safe.diff" ] || die "fix --diff printed no diff"
# SARIF: the same but for the links, which name each binary's own docs
python3 - "$b/rd.sarif" "$i/rd.sarif" "$work/elsewhere/share/zerotax/docs/checks.md" <<'PY'
import json, sys
def load(p):
    d = json.load(open(p))
    drv = d["runs"][0]["tool"]["driver"]
    links = [drv.pop("informationUri", None)] + [r.pop("helpUri", None) for r in drv["rules"]]
    return d, links
b, bl = load(sys.argv[1])
i, il = load(sys.argv[2])
if b != i:
    sys.exit("install/relocated: the SARIF documents differ beyond their links")
want = "file://" + sys.argv[3]
if il[0] != want or not all(l.startswith(want + "#zerotax-") for l in il[1:]):
    sys.exit("install/relocated: the installed copy's links are not its docs: %s" % il[:2])
PY
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$b/rd.json")
c=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$b/corpus.json")
echo "install/relocated: trees hidden: $hidden; same exit codes, findings (reference driver $n," \
	"corpus $c), SARIF and fix diffs ($(grep -c '^+++ ' "$b/rd.diff") files on the driver," \
	"$(grep -c '^+++ ' "$b/safe.diff") on corpus/fix/safe) from $work/elsewhere"
[ $hidden = no ] || echo "install/relocated: the installed prove --quick:" \
	"$(grep -o 'Differential test passed: [0-9]* cases' "$i/prove.out")"

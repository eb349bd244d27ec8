#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The real-kernel test bed: Debian's linux-source-6.12 (the primary tree: a
# dozen drivers) and linux-source-6.1 (what pins 6.1's own code), each
# configured with CONFIG_INIT_STACK_ALL_ZERO=y and DWARF 5 and built twice out
# of tree from one unpacked source (clang-19 with LLVM=-19, gcc-12 with
# CC=gcc-12) for the driver directories zerotax is tested on, with Kbuild's
# compile databases: one per driver and one for the whole tree (db/all). The
# gcc tree of 6.12 is also built with -fcallgraph-info=su: gcc's own call graph
# after inlining (a .ci next to each object), the oracle of the hot paths; both
# trees of 6.12 keep the compiler's auto-init evidence next to each object (the
# flags of 'zerotax build-flags', for check --evidence=build).
# Nothing here is ever committed: the trees live in a cache outside the clone.
#
#   scripts/kernel-tree.sh build [VERSION...]  build (or reuse) the trees of
#                                    each VERSION (default: 6.12 6.1); print
#                                    the entries
#   scripts/kernel-tree.sh env [VERSION]       the fixture's paths as NAME=VALUE
#                                    lines (default 6.12)
#   scripts/kernel-tree.sh check [VERSION [clang|gcc [DB]]]
#                                    run zerotax check on one database by hand
#
# Environment: ZT_KERNEL_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/zerotax/kernel),
# CLANG (clang-19), GCC (gcc-12), JOBS (nproc), ZEROTAX (build/tool/zerotax).
#
# A cache entry is keyed by its recipe (the version's configuration, targets
# and flags below), the compilers' versions and the source package's version,
# so editing the rest of this script never rebuilds a kernel. Each stage
# writes its stamp last, under a lock, so a half-built stage is rebuilt from
# nothing and two concurrent runs (two clones on one runner) never build the
# same entry. The databases are remade when this script changes.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
clang=${CLANG:-clang-19}
gcc=${GCC:-gcc-12}
jobs=${JOBS:-$(nproc)}
cache=${ZT_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/zerotax/kernel}
versions=(6.12 6.1)

mlx5=drivers/net/ethernet/mellanox/mlx5/core
intel=drivers/net/ethernet/intel

# The configuration beyond x86_64 defconfig shared by both versions; every
# line is verified after olddefconfig, so an option Kconfig drops is an
# error, not a surprise.
config_common=(
	--enable INIT_STACK_ALL_ZERO
	--disable INIT_STACK_NONE
	--enable DEBUG_INFO
	--disable DEBUG_INFO_NONE
	--disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT
	--disable DEBUG_INFO_DWARF4
	--enable DEBUG_INFO_DWARF5
	--disable DEBUG_INFO_BTF
	--enable MODULES
	--enable BPF_SYSCALL
	--enable XDP_SOCKETS
	--enable NET_VENDOR_MELLANOX
	--module MLX5_CORE
	--enable MLX5_CORE_EN
	--enable NET_VENDOR_INTEL
	--module ICE
)
verify_common=(
	INIT_STACK_ALL_ZERO=y DEBUG_INFO=y DEBUG_INFO_DWARF5=y DEBUG_INFO_BTF=n
	MODULES=y BPF_SYSCALL=y XDP_SOCKETS=y NET_VENDOR_MELLANOX=y MLX5_CORE=m
	MLX5_CORE_EN=y NET_VENDOR_INTEL=y ICE=m
)

# recipe VERSION: set the version's targets (Kbuild goals), databases
# (name -> object paths, split out of db/all by source path), configuration
# and extra compiler flags per compiler.
recipe() {
	unset dbs
	declare -gA dbs
	case "$1" in
	6.12)
		targets=("$mlx5/" "$intel/ice/" "$intel/i40e/" "$intel/ixgbe/" "$intel/igc/"
			 drivers/net/ethernet/broadcom/bnxt/ drivers/net/ethernet/mellanox/mlx4/
			 drivers/net/virtio_net.o drivers/net/veth.o drivers/net/tun.o
			 net/xdp/ net/core/xdp.o net/core/page_pool.o)
		dbs=([mlx5]="$mlx5" [ice]="$intel/ice" [i40e]="$intel/i40e"
		     [ixgbe]="$intel/ixgbe" [igc]="$intel/igc"
		     [bnxt]=drivers/net/ethernet/broadcom/bnxt
		     [mlx4]=drivers/net/ethernet/mellanox/mlx4
		     [virtio_net]=drivers/net/virtio_net.c [veth]=drivers/net/veth.c
		     [tun]=drivers/net/tun.c [net]="net/xdp net/core")
		# mlx5's E-Switch and TC code (the TC-restore path of its RX) needs
		# switchdev and TC's skb extension.
		config=("${config_common[@]}"
			--enable NET_CLS_ACT --enable NET_TC_SKB_EXT --enable NET_SWITCHDEV
			--enable MLX5_ESWITCH --enable MLX5_CLS_ACT
			--module I40E --module IXGBE --module IGC
			--enable NET_VENDOR_BROADCOM --module BNXT
			--module MLX4_EN
			--module VIRTIO_NET --module VETH --module TUN)
		verify=("${verify_common[@]}" NET_CLS_ACT=y NET_TC_SKB_EXT=y NET_SWITCHDEV=y
			MLX5_ESWITCH=y MLX5_CLS_ACT=y I40E=m IXGBE=m
			IGC=m NET_VENDOR_BROADCOM=y BNXT=m MLX4_EN=m MLX4_CORE=m VIRTIO_NET=m
			VETH=m TUN=m)
		# The oracle's input, next to each object: gcc's call graph after
		# inlining (x.ci) and the optimized trees with the zeroing that
		# survived (x.c.*t.optimized, the .DEFERRED_INIT calls); and the
		# build evidence of both compilers: frame sizes (x.su), clang's
		# auto-init remarks (x.opt.yaml).
		kcflags_gcc="-fcallgraph-info=su -fdump-tree-optimized-lineno -fstack-usage"
		kcflags_clang="-fsave-optimization-record -foptimization-record-passes=annotation-remarks -fstack-usage"
		;;
	6.1)
		targets=("$mlx5/" "$intel/ice/" net/xdp/ net/core/xdp.o net/core/page_pool.o)
		dbs=([mlx5]="$mlx5" [ice]="$intel/ice" [net]="net/xdp net/core")
		config=("${config_common[@]}")
		verify=("${verify_common[@]}")
		# None: 6.1's tests rebuild copies of the tree with the kernel's
		# make, which would rebuild every object whose flags differ.
		kcflags_gcc=
		kcflags_clang=
		;;
	*)
		die "no such version '$1' (have: ${versions[*]})"
		;;
	esac
	tarball=/usr/src/linux-source-$1.tar.xz
	package=linux-source-$1
}

die() { echo "kernel-tree: $*" >&2; exit 3; }
say() { echo "kernel-tree: $*" >&2; }
now() { date +%s.%N; }
# Print how long a stage took, so make test shows where its time goes.
stage() {
	local name=$1 t0 t1
	shift
	t0=$(now)
	"$@"
	t1=$(now)
	printf 'kernel-tree: stage %-20s %7.1f s\n' "$name" "$(echo "$t1 - $t0" | bc)" >&2
}

# The entry of the version recipe() last set: its recipe, the compilers and
# the source package.
entry_key() {
	[ -f "$tarball" ] || die "$tarball missing: run scripts/install-deps.sh"
	command -v "$clang" >/dev/null || die "$clang not found"
	command -v "$gcc" >/dev/null || die "$gcc not found"
	{
		declare -p targets config verify kcflags_gcc kcflags_clang
		"$clang" --version | head -1
		"$gcc" --version | head -1
		dpkg-query -W -f='${Version}\n' "$package" 2>/dev/null || stat -c %s "$tarball"
	} | sha256sum | cut -c1-16
}

# use VERSION: recipe() and the paths of its entry.
use() {
	version=$1
	recipe "$version"
	entry=$cache/$version-$(entry_key)
	src=$entry/src
}

kmake() {
	local cc=$1
	shift
	case "$cc" in
	clang) make -s -C "$src" O="$entry/clang" ARCH=x86_64 LLVM="-${clang#clang-}" \
		${kcflags_clang:+KCFLAGS="$kcflags_clang"} "$@" ;;
	gcc) make -s -C "$src" O="$entry/gcc" ARCH=x86_64 CC="$gcc" HOSTCC="$gcc" \
		${kcflags_gcc:+KCFLAGS="$kcflags_gcc"} "$@" ;;
	esac
}

unpack() {
	rm -rf "$entry/src.tmp" "$src"
	mkdir -p "$entry/src.tmp"
	tar -C "$entry/src.tmp" -xJf "$tarball"
	mv "$entry/src.tmp/$package" "$src"
	rmdir "$entry/src.tmp"
}

configure() {
	local cc=$1 obj=$entry/$1 want got name val
	kmake "$cc" defconfig >/dev/null
	"$src/scripts/config" --file "$obj/.config" "${config[@]}"
	kmake "$cc" olddefconfig >/dev/null
	for want in "${verify[@]}"; do
		name=${want%=*}
		val=${want#*=}
		if [ "$val" = n ]; then
			grep -q "^CONFIG_$name=" "$obj/.config" && die "$cc: CONFIG_$name is set after olddefconfig"
		else
			got=$(sed -n "s/^CONFIG_$name=//p" "$obj/.config")
			[ "$got" = "$val" ] || die "$cc: CONFIG_$name=${got:-unset} after olddefconfig, wanted $val"
		fi
	done
}

build() {
	local cc=$1 t
	kmake "$cc" -j"$jobs" modules_prepare
	kmake "$cc" -j"$jobs" "${targets[@]}"
	[ -f "$entry/$cc/$mlx5/mlx5_core.o" ] || die "$cc: $mlx5/mlx5_core.o not built"
	for t in "${targets[@]}"; do
		case "$t" in
		*.o) [ -f "$entry/$cc/$t" ] || die "$cc: $t not built" ;;
		esac
	done
}

# db/all from every object built (gen_compile_commands.py walks the
# directories it is given, so drivers/net covers the drivers below it), then
# one database per driver: the entries whose source lies below its paths.
# The oracle's and the evidence's flags are the fixture's, not the user's
# build: they are left out of the databases, so both trees' commands are what
# Kbuild would run.
databases() {
	local cc=$1 obj=$entry/$1 name flags
	flags=kcflags_$cc
	mkdir -p "$obj/db/all"
	python3 "$src/scripts/clang-tools/gen_compile_commands.py" -d "$obj" \
		-o "$obj/db/all/compile_commands.json" "$obj/drivers/net" "$obj/net"
	for name in "${!dbs[@]}"; do
		echo "$name ${dbs[$name]}"
	done | python3 -c '
import json, os, sys
obj, src, fixture = sys.argv[1], os.path.realpath(sys.argv[2]), sys.argv[3].split()
path = os.path.join(obj, "db", "all", "compile_commands.json")
every = json.load(open(path))
for e in every:
    if "arguments" in e:
        e["arguments"] = [a for a in e["arguments"] if a not in fixture]
    if "command" in e:
        e["command"] = " ".join(w for w in e["command"].split(" ") if w not in fixture)
json.dump(every, open(path, "w"), indent=2)
for line in sys.stdin:
    name, *paths = line.split()
    roots = [os.path.join(src, p) for p in paths]
    keep = [e for e in every
            if any(os.path.realpath(os.path.join(e["directory"], e["file"])) == r
                   or os.path.realpath(os.path.join(e["directory"], e["file"])).startswith(r + "/")
                   for r in roots)]
    if not keep:
        sys.exit("kernel-tree: database %s: no compile command below %s" % (name, paths))
    os.makedirs(os.path.join(obj, "db", name), exist_ok=True)
    json.dump(keep, open(os.path.join(obj, "db", name, "compile_commands.json"), "w"), indent=2)
    print("kernel-tree: db %-10s %4d TUs" % (name, len(keep)), file=sys.stderr)
print("kernel-tree: db %-10s %4d TUs" % ("all", len(every)), file=sys.stderr)
' "$obj" "$src" "${!flags}"
}

# A stage's stamp is written after it finished; a tree whose compile did not
# finish is built again from nothing. The databases' stamp holds this
# script's hash: a new script remakes them, never the objects.
build_tree() {
	local cc=$1 obj=$entry/$1 me
	me=$(sha256sum "$here/scripts/kernel-tree.sh" | cut -d' ' -f1)
	[ "$(cat "$obj/.zerotax-built" 2>/dev/null)" = "$me" ] && return 0
	if [ ! -f "$obj/.zerotax-compiled" ]; then
		rm -rf "$obj"
		mkdir -p "$obj"
		stage "configure-$version-$cc" configure "$cc"
		stage "build-$version-$cc" build "$cc"
		touch "$obj/.zerotax-compiled"
	fi
	rm -rf "$obj/db"
	stage "database-$version-$cc" databases "$cc"
	echo "$me" >"$obj/.zerotax-built"
}

do_build() {
	local t0 v
	[ $# -gt 0 ] || set -- "${versions[@]}"
	for v in "$@"; do
		t0=$(now)
		use "$v"
		mkdir -p "$entry"
		exec 9>"$entry.lock"
		flock 9
		[ -f "$src/.zerotax-unpacked" ] || { stage "unpack-$v" unpack; touch "$src/.zerotax-unpacked"; }
		build_tree clang
		build_tree gcc
		flock -u 9
		printf 'kernel-tree: stage %-20s %7.1f s\n' "total-$v" "$(echo "$(now) - $t0" | bc)" >&2
		echo "$entry"
	done
}

built() {
	[ -f "$entry/clang/.zerotax-built" ] && [ -f "$entry/gcc/.zerotax-built" ] ||
		die "no finished $version fixture at $entry: run '$0 build $version'"
}

do_env() {
	local cc flags
	use "${1:-${versions[0]}}"
	built
	echo "KERNEL_VERSION=$version"
	echo "KERNEL_ENTRY=$entry"
	echo "KERNEL_SRC=$src"
	for cc in clang gcc; do
		flags=kcflags_$cc
		echo "KERNEL_${cc^^}_OBJ=$entry/$cc"
		# what a make in (a copy of) the tree must pass, or it rebuilds everything
		echo "KERNEL_${cc^^}_KCFLAGS=${!flags}"
	done
	echo "KERNEL_DBS=all $(printf '%s\n' "${!dbs[@]}" | sort | tr '\n' ' ')"
}

do_check() {
	local zerotax=${ZEROTAX:-$here/build/tool/zerotax}
	use "${1:-${versions[0]}}"
	built
	exec "$zerotax" check -p "$entry/${2:-clang}/db/${3:-mlx5}" -j "$jobs" --evidence=both
}

case "${1:-build}" in
build) shift || true; do_build "$@" ;;
env) shift; do_env "$@" ;;
check) shift; do_check "$@" ;;
*) echo "usage: $0 build [VERSION...] | env [VERSION] | check [VERSION [clang|gcc [DB]]]" >&2; exit 2 ;;
esac

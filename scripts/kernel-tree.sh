#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The real-kernel test bed: Debian's linux-source-6.1, configured with
# CONFIG_INIT_STACK_ALL_ZERO=y and DWARF 5, built twice out of tree from one
# unpacked source (clang-19 with LLVM=-19, gcc-12 with CC=gcc-12) for the
# driver directories zerotax is tested on, with Kbuild's compile databases.
# Nothing here is ever committed: the trees live in a cache outside the clone.
#
#   scripts/kernel-tree.sh build     build (or reuse) both trees; print the entry
#   scripts/kernel-tree.sh env       print the fixture's paths as NAME=VALUE lines
#   scripts/kernel-tree.sh check [clang|gcc]
#                                    run zerotax check on mlx5 core by hand
#
# Environment: ZT_KERNEL_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/zerotax/kernel),
# CLANG (clang-19), GCC (gcc-12), JOBS (nproc), ZEROTAX (build/tool/zerotax).
#
# A cache entry is keyed by this script (which holds the configuration), the
# compilers' versions and the source package's version. Each stage writes its
# stamp last, under a lock, so a half-built stage is rebuilt from nothing and
# two concurrent runs (two clones on one runner) never build the same entry.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
clang=${CLANG:-clang-19}
gcc=${GCC:-gcc-12}
jobs=${JOBS:-$(nproc)}
tarball=/usr/src/linux-source-6.1.tar.xz
cache=${ZT_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/zerotax/kernel}

mlx5=drivers/net/ethernet/mellanox/mlx5/core
ice=drivers/net/ethernet/intel/ice
# Kbuild targets per tree, and the compile databases made from them
# (gen_compile_commands.py takes directories, not single objects: only
# xdp.o and page_pool.o are built in net/core, so its directory holds just them).
targets=("$mlx5/" "$ice/" net/xdp/ net/core/xdp.o net/core/page_pool.o)
declare -A dbs=(
	[mlx5]="$mlx5"
	[ice]="$ice"
	[net]="net/xdp net/core"
)

# The configuration beyond x86_64 defconfig; every line is verified after
# olddefconfig, so an option Kconfig drops is an error, not a surprise.
config=(
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
verify=(
	INIT_STACK_ALL_ZERO=y DEBUG_INFO=y DEBUG_INFO_DWARF5=y DEBUG_INFO_BTF=n
	MODULES=y BPF_SYSCALL=y XDP_SOCKETS=y NET_VENDOR_MELLANOX=y MLX5_CORE=m
	MLX5_CORE_EN=y NET_VENDOR_INTEL=y ICE=m
)

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
	printf 'kernel-tree: stage %-14s %7.1f s\n' "$name" "$(echo "$t1 - $t0" | bc)" >&2
}

entry_key() {
	[ -f "$tarball" ] || die "$tarball missing: run scripts/install-deps.sh"
	command -v "$clang" >/dev/null || die "$clang not found"
	command -v "$gcc" >/dev/null || die "$gcc not found"
	{
		sha256sum "$here/scripts/kernel-tree.sh" | cut -d' ' -f1
		"$clang" --version | head -1
		"$gcc" --version | head -1
		dpkg-query -W -f='${Version}\n' linux-source-6.1 2>/dev/null || stat -c %s "$tarball"
	} | sha256sum | cut -c1-16
}

entry=$cache/$(entry_key)
src=$entry/src

kmake() {
	local cc=$1
	shift
	case "$cc" in
	clang) make -s -C "$src" O="$entry/clang" ARCH=x86_64 LLVM="-${clang#clang-}" "$@" ;;
	gcc) make -s -C "$src" O="$entry/gcc" ARCH=x86_64 CC="$gcc" HOSTCC="$gcc" "$@" ;;
	esac
}

unpack() {
	rm -rf "$entry/src.tmp"
	mkdir -p "$entry/src.tmp"
	tar -C "$entry/src.tmp" -xJf "$tarball"
	mv "$entry/src.tmp/linux-source-6.1" "$src"
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
	local cc=$1
	kmake "$cc" -j"$jobs" modules_prepare
	kmake "$cc" -j"$jobs" "${targets[@]}"
	[ -f "$entry/$cc/$mlx5/mlx5_core.o" ] || die "$cc: $mlx5/mlx5_core.o not built"
}

databases() {
	local cc=$1 obj=$entry/$1 name p paths
	for name in "${!dbs[@]}"; do
		paths=()
		for p in ${dbs[$name]}; do
			paths+=("$obj/$p")
		done
		mkdir -p "$obj/db/$name"
		python3 "$src/scripts/clang-tools/gen_compile_commands.py" -d "$obj" \
			-o "$obj/db/$name/compile_commands.json" "${paths[@]}"
	done
}

# A stage's stamp is written after it finished; a tree whose compile did not
# finish is built again from nothing.
build_tree() {
	local cc=$1 obj=$entry/$1
	[ -f "$obj/.zerotax-built" ] && return 0
	if [ ! -f "$obj/.zerotax-compiled" ]; then
		rm -rf "$obj"
		mkdir -p "$obj"
		stage "configure-$cc" configure "$cc"
		stage "build-$cc" build "$cc"
		touch "$obj/.zerotax-compiled"
	fi
	rm -rf "$obj/db"
	stage "database-$cc" databases "$cc"
	touch "$obj/.zerotax-built"
}

do_build() {
	local t0
	t0=$(now)
	mkdir -p "$entry"
	exec 9>"$entry.lock"
	flock 9
	if [ -f "$entry/.zerotax-built" ]; then
		say "reusing $entry"
	else
		[ -f "$src/Makefile" ] || stage unpack unpack
		build_tree clang
		build_tree gcc
		touch "$entry/.zerotax-built"
	fi
	flock -u 9
	printf 'kernel-tree: stage %-14s %7.1f s\n' total "$(echo "$(now) - $t0" | bc)" >&2
	echo "$entry"
}

do_env() {
	[ -f "$entry/.zerotax-built" ] || die "no finished fixture at $entry: run '$0 build'"
	echo "KERNEL_ENTRY=$entry"
	echo "KERNEL_SRC=$src"
	for cc in clang gcc; do
		echo "KERNEL_${cc^^}_OBJ=$entry/$cc"
	done
}

do_check() {
	local cc=${1:-clang} zerotax=${ZEROTAX:-$here/build/tool/zerotax}
	[ -f "$entry/.zerotax-built" ] || die "no finished fixture at $entry: run '$0 build'"
	exec "$zerotax" check -p "$entry/$cc/db/mlx5" -j "$jobs" --evidence=both
}

case "${1:-build}" in
build) do_build ;;
env) do_env ;;
check) shift; do_check "$@" ;;
*) echo "usage: $0 build|env|check [clang|gcc]" >&2; exit 2 ;;
esac

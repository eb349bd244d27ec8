#!/usr/bin/env bash
# Opt-in (not part of `make test`): run zerotax on a real kernel tree.
#
# Installs Debian's linux-source-6.1, configures an x86_64 kernel with clang-19,
# CONFIG_INIT_STACK_ALL_ZERO=y and mlx5e as a module, builds
# drivers/net/ethernet/mellanox/mlx5/core/, produces its compile database with
# the kernel's own gen_compile_commands.py and runs `zerotax check` on it.
#
#   scripts/kernel-tree.sh [WORKDIR]      (default: build/kernel)
# Environment: JOBS (default nproc), ZEROTAX (default build/tool/zerotax),
#              ZT_CHECK_ARGS (extra arguments for zerotax check)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$top/build/kernel}
jobs=${JOBS:-$(nproc)}
zerotax=${ZEROTAX:-$top/build/tool/zerotax}
mlx5=drivers/net/ethernet/mellanox/mlx5/core

need=(linux-source-6.1 flex bison libelf-dev libssl-dev bc python3 xz-utils)
missing=()
for p in "${need[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "kernel-tree: missing packages; run as root: apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
	DEBIAN_FRONTEND=noninteractive apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi
"$top/scripts/install-deps.sh"

mkdir -p "$work"
src=$work/linux-source-6.1
if [ ! -f "$src/Makefile" ]; then
	echo "kernel-tree: unpacking /usr/src/linux-source-6.1.tar.xz"
	tar -C "$work" -xf /usr/src/linux-source-6.1.tar.xz
fi
cd "$src"

kmake=(make -s LLVM=-19 -j "$jobs")
if [ ! -f .config ] || ! grep -q '^CONFIG_MLX5_CORE_EN=y' .config; then
	"${kmake[@]}" x86_64_defconfig
	scripts/config --enable INIT_STACK_ALL_ZERO --disable INIT_STACK_NONE \
		--enable PCI --enable NET_VENDOR_MELLANOX \
		--module MLX5_CORE --enable MLX5_CORE_EN --enable MLX5_EN_ARFS \
		--enable MLX5_EN_RXNFC --enable MLX5_EN_XDP_TX \
		--disable DEBUG_INFO_BTF --disable WERROR
	"${kmake[@]}" olddefconfig
fi
grep -q '^CONFIG_INIT_STACK_ALL_ZERO=y' .config || { echo "kernel-tree: INIT_STACK_ALL_ZERO did not stick" >&2; exit 1; }
grep -q '^CONFIG_MLX5_CORE=m' .config || { echo "kernel-tree: MLX5_CORE=m did not stick" >&2; exit 1; }

echo "kernel-tree: building $mlx5 with clang-19 ($jobs jobs)"
"${kmake[@]}" prepare
"${kmake[@]}" "$mlx5/"
python3 scripts/clang-tools/gen_compile_commands.py -d . -o compile_commands.json "$mlx5"
echo "kernel-tree: compile database: $(grep -c '"file"' compile_commands.json) files"

set +e
"$zerotax" check -p "$src" ${ZT_CHECK_ARGS:-} > "$work/check.txt"
rc=$?
set -e
cat "$work/check.txt"
echo "kernel-tree: zerotax check exited $rc (0 clean, 1 findings)"
[ $rc -le 1 ]

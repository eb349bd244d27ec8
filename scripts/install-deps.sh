#!/usr/bin/env bash
# Install what zerotax needs from Debian 12 packages, and only what is missing.
# Idempotent: a second run installs nothing and does not touch apt's lists.
set -euo pipefail

packages=(
	gcc-12 make cmake git pkg-config
	clang-19 libclang-19-dev llvm-19 llvm-19-dev lld-19 libclang-rt-19-dev
	coccinelle dwarves sparse
	libcmocka-dev libjansson-dev
	valgrind
	# The build's compiler cache (make test: ccache when it is installed, Makefile)
	ccache
	# The real-kernel test bed (scripts/kernel-tree.sh): Debian's Linux 6.12 and 6.1
	# source and what Kbuild needs to configure and build it.
	linux-source-6.12 linux-source-6.1 xz-utils flex bison bc libelf-dev libssl-dev python3
	# Installing (docs/install.md): the man pages are rendered by man -l in a test, the
	# completion is loaded as bash-completion does, and make deb builds and lints the
	# Debian package.
	man-db groff-base bash-completion debhelper dpkg-dev fakeroot lintian
)

missing=()
for p in "${packages[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done

if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi

cmd=(apt-get install -y "${missing[@]}")
if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing packages: ${missing[*]}" >&2
	echo "install-deps: run as root:" >&2
	echo "  apt-get update && ${cmd[*]}" >&2
	exit 1
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
"${cmd[@]}"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installed as PREFIX/libexec/zerotax/prove-build-dir: make DIR the build directory
# that `zerotax prove --build DIR` needs from an installation (docs/install.md): the
# reference driver's compile database, made from the installed driver with its own
# variant.mk, and the installed rd-trace and rd-bench where prove looks for them.
# prove writes its copies, objects and report under DIR; the installation is only read.
#   prove-build-dir DIR && zerotax prove --build DIR --quick
set -eu
dir=${1:?usage: prove-build-dir DIR}
here=$(dirname "$(readlink -f "$0")")
zerotax=$here/../../bin/zerotax
# the data directory the binary itself reads (tool/lib/datadir.h), as --version says
data=$("$zerotax" --version | sed -n 's/^data: \(.*\) ([^)]*)$/\1/p')
[ -n "$data" ] || { "$zerotax" --version >&2; exit 3; }
drv=$data/reference-driver
mkdir -p "$dir/reference-driver/bench"
make -s -f "$drv/variant.mk" SRC="$drv" CC=gcc-12 compdb \
	COMPDB="$dir/reference-driver/compile_commands.json"
ln -sf "$here/rd-trace" "$here/rd-bench" "$dir/reference-driver/bench/"
echo "prove-build-dir: $dir is ready: zerotax prove --build $dir"

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# make deb: the Debian package, built from a copy of this tree's files (tracked and
# new, not ignored) so that nothing is written beside the checkout, then linted.
#   scripts/deb.sh OUTDIR     -> OUTDIR/zerotax_VERSION_amd64.deb, OUTDIR/lintian.txt
set -euo pipefail

out=$(realpath -m "${1:?usage: scripts/deb.sh OUTDIR}")
top=$(cd "$(dirname "$0")/.." && pwd)
src=$out/zerotax

rm -rf "$out"
mkdir -p "$src"
cd "$top"
git ls-files -co --exclude-standard | while IFS= read -r f; do
	[ -e "$f" ] && printf '%s\n' "$f"
done | tar -cf - -T - | tar -xf - -C "$src"

cd "$src"
# -b: binary only; -us -uc: unsigned (nobody's key is on CI's machine)
dpkg-buildpackage -b -us -uc -j"${JOBS:-2}"
cd "$out"
deb=$(ls zerotax_*_amd64.deb)
# Every tag lintian has, so that each one left is seen and explained (docs/install.md).
# lintian exits non-zero on an error or a warning: the package is not done then.
rc=0
lintian --info --display-info --pedantic "$deb" >lintian.txt 2>&1 || rc=$?
cat lintian.txt
echo "deb: $out/$deb (lintian: exit $rc, $(grep -c '^[EW]:' lintian.txt) errors or warnings)"
exit $rc

#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# install/man: every page the build wrote renders with man -l without a groff
# warning, there is one per command of the binary's table plus zerotax(1), and
# each has the sections the issue asks for.
#   man.sh ZEROTAX MAN_DIR
set -euo pipefail
zerotax=$1 dir=$2
# the verb's long options, from the table --help prints
long_options() {
	"$zerotax" "$1" --options-json | python3 -c 'import json, sys
for o in json.load(sys.stdin)["options"]:
    if o.get("long") and not o.get("hidden"):
        print("--" + o["long"])'
}
die() { echo "install/man: $*" >&2; exit 1; }

verbs=$("$zerotax" --options-json | python3 -c 'import json,sys
print(" ".join(c["name"] for c in json.load(sys.stdin)["commands"]))')
pages=(zerotax)
for v in $verbs; do pages+=("zerotax-$v"); done
[ "$(ls "$dir"/*.1 | wc -l)" -eq ${#pages[@]} ] || die "pages: $(ls "$dir"), wanted ${pages[*]}"
for p in "${pages[@]}"; do
	f=$dir/$p.1
	[ -f "$f" ] || die "no $p.1"
	# --warnings: groff's own warnings (bad requests, unknown escapes) to stderr
	out=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -E UTF-8 -l "$f" 2>"$dir/$p.err") ||
		die "man -l $p.1 failed: $(cat "$dir/$p.err")"
	[ ! -s "$dir/$p.err" ] || die "man -l $p.1 warns: $(cat "$dir/$p.err")"
	for s in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" ENVIRONMENT EXAMPLES "SEE ALSO"; do
		grep -q "^$s\$" <<<"$out" || die "$p.1 has no $s section"
	done
	rm -f "$dir/$p.err"
done
# The options are the table's: every long option of the table is on the page.
for v in $verbs; do
	for o in $(long_options "$v"); do
		MANWIDTH=200 man -l "$dir/zerotax-$v.1" 2>/dev/null | grep -q -- "$o" ||
			die "zerotax-$v.1 lacks $o"
	done
done
echo "install/man: ${#pages[@]} pages render without warnings: ${pages[*]}"

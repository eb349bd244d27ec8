#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# install/completion: the generated bash completion, loaded in a non-interactive
# bash, completes the verbs, each verb's options (every long option of the table),
# --format's values and nothing for a numeric argument.
#   completion.sh ZEROTAX COMPLETION_FILE
set -euo pipefail
zerotax=$1
# shellcheck disable=SC1090
source "$2"
# the verb's long options, from the table --help prints
long_options() {
	"$zerotax" "$1" --options-json | python3 -c 'import json, sys
for o in json.load(sys.stdin)["options"]:
    if o.get("long") and not o.get("hidden"):
        print("--" + o["long"])'
}
die() { echo "install/completion: $*" >&2; exit 1; }

# complete WORD...: what _zerotax offers for the last word, as bash would ask it
complete_words() {
	COMP_WORDS=("$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMP_LINE="$*"
	COMP_POINT=${#COMP_LINE}
	COMPREPLY=()
	_zerotax zerotax "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
	((${#COMPREPLY[@]})) || return 0
	printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
}
expect() {
	local want=$1; shift
	local got
	got=$(complete_words "$@")
	[ "$got" = "$want" ] || die "[$*]: got '$got', wanted '$want'"
}

[ "$(complete -p zerotax)" = "complete -F _zerotax zerotax" ] || die "not registered"
verbs=$("$zerotax" --options-json | python3 -c 'import json,sys
print(" ".join(sorted(c["name"] for c in json.load(sys.stdin)["commands"])))')
expect "$(printf '%s\n' $verbs --help --version | sort | tr '\n' ' ')" zerotax ""
expect "check " zerotax ch
expect "compile-args compile-db " zerotax comp
expect "compile-db " zerotax compile-d
expect "--format " zerotax check --form
expect "gcc json report sarif text " zerotax check --format=
expect "json " zerotax check --format = j
expect "json text " zerotax fix --format ""
expect "--strategy " zerotax fix --str
expect "" zerotax prove --rounds ""
n=0
for v in $verbs; do
	for o in $(long_options "$v"); do
		got=$(complete_words zerotax "$v" "$o")
		grep -qw -- "$o" <<<"$got" || die "zerotax $v $o: not completed (got '$got')"
		n=$((n + 1))
	done
done
echo "install/completion: verbs, --format values and $n options of ${verbs// /, } complete"

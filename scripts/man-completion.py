#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write the man pages and the bash completion from the binary's option tables.

    scripts/man-completion.py ZEROTAX --man DIR --completion FILE

`zerotax --options-json` gives the commands, the exit codes, the environment and
the examples; `zerotax VERB --options-json` gives a verb's usage, its docs
paragraphs (what --help prints), its option table and its examples. From them:
zerotax(1), zerotax-VERB(1) for each verb, and one bash completion script. The
tables are the one source of --help, the doc pages' options sections
(scripts/options-doc.py), the man pages and the completion, as git's are.
"""
import argparse
import json
import os
import subprocess
import sys

# Where each verb is documented at length, as installed (share/zerotax/docs).
PAGES = {"check": "check", "layout": "layout", "fix": "fix", "prove": "prove",
         "report": "ci", "merge": "ci", "diff": "ci", "compile-args": "check", "compile-db": "compile-db",
         "build-flags": "evidence"}

# Completion of option arguments, by the argument's name in the table: files,
# directories, or nothing (a number, a name).
# The installation prefix the pages name (--prefix).
PREFIX = ["/usr/local"]

DIR_ARGS = {"DIR", "BUILD_DIR"}
FILE_ARGS = {"FILE", "FILE...", "OUT.json", "RESULTS", "CC"}


def dump(zerotax, *args):
    out = subprocess.run([zerotax, *args, "--options-json"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def roff(text):
    """Plain text as roff: escape backslashes, protect leading dots and quotes."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """--help's paragraphs (blank-line separated) as .PP blocks, lines kept."""
    out = []
    for para in text.strip("\n").split("\n\n"):
        if para.strip():
            out.append(".PP\n" + roff(para))
    return "\n".join(out)


def option_term(o):
    names = []
    if o.get("short"):
        names.append("\\fB\\-%s\\fR" % o["short"])
    if o.get("long"):
        names.append("\\fB\\-\\-%s\\fR" % roff(o["long"]))
    term = ", ".join(names)
    if o.get("arg"):
        sep = "=" if o.get("long") and o.get("eq") else " "
        term += "%s\\fI%s\\fR" % (sep, roff(o["arg"]))
    return term


def options_section(opts):
    out = [".SH OPTIONS"]
    for o in opts:
        if "group" in o:
            out.append(".SS %s" % roff(o["group"].rstrip(":")))
            continue
        if o.get("hidden"):
            continue
        if "note" in o:
            out.append(".TP\n\\fB%s\\fR\n%s" % (roff(o["note"]), roff(o["help"])))
            continue
        out.append(".TP\n%s\n%s" % (option_term(o), roff(o["help"]).replace("\n", "\n.br\n")))
    return "\n".join(out)


def examples_section(text):
    if not text.strip():
        return ""
    out = [".SH EXAMPLES"]
    for line in text.rstrip("\n").split("\n"):
        if line.startswith("$ "):
            out.append(".TP\n.B %s" % roff(line[2:]).replace('"', '\\(dq'))
        else:
            out.append(roff(line.strip()))
    return "\n".join(out)


def exit_section(text):
    """"Exit codes:\\n  0  what\\n" as a tagged list."""
    out = [".SH EXIT STATUS"]
    for line in text.split("\n")[1:]:
        if not line.strip():
            continue
        code, _, what = line.strip().partition("  ")
        out.append(".TP\n.B %s\n%s" % (roff(code), roff(what.strip())))
    return "\n".join(out)


def environment_section(text):
    """"Environment:\\n  NAME  what\\n         more\\n" as a tagged list."""
    out = [".SH ENVIRONMENT"]
    for line in text.split("\n")[1:]:
        if not line.strip():
            continue
        if line.startswith("  ") and not line.startswith("   "):
            name, _, what = line.strip().partition("  ")
            out.append(".TP\n.B %s\n%s" % (roff(name), roff(what.strip())))
        else:
            out.append(roff(line.strip()))
    return "\n".join(out)


def header(name, summary, version):
    return ('.TH %s 1 "" "zerotax %s" "zerotax manual"\n.SH NAME\n%s \\- %s'
            % (name.upper().replace("-", "\\-"), version, roff(name), roff(summary)))


def synopsis(usage):
    lines = [roff(u) for u in usage.split("\n") if u.strip()]
    return ".SH SYNOPSIS\n.nf\n" + "\n".join(lines) + "\n.fi"


def see_also(names, page):
    refs = ",\n".join(".BR %s (1)" % n for n in names)
    docs = ("\n.PP\nThe full documentation is installed in\n.IR %s/share/zerotax/docs/%s.md ."
            % (PREFIX[0], page)) if page else ""
    return ".SH SEE ALSO\n" + refs + docs


def main_page(top, version):
    verbs = [c["name"] for c in top["commands"]]
    out = [header("zerotax", "find and fix the stack auto-init and cache-line taxes on "
                  "network-driver hot paths", version),
           synopsis(top["usage"]),
           ".SH DESCRIPTION\n.PP\n"
           "zerotax finds large automatic variables that CONFIG_INIT_STACK_ALL_ZERO zeroes "
           "on every packet of a network driver's hot path, and struct layouts that cost "
           "cache lines there; it rewrites them (fix) and proves the rewrite on a reference "
           "driver (prove).",
           ".SH COMMANDS"]
    for c in top["commands"]:
        out.append(".TP\n.BR zerotax\\-%s (1)\n%s" % (roff(c["name"]), roff(c["summary"])))
    out.append(".SH OPTIONS\n.TP\n.B \\-\\-version\n"
               "The version, and the data directory this binary reads (rules, templates, "
               "docs, reference driver) with where it was found.\n"
               ".TP\n.B \\-\\-help\nThe commands; \\fBzerotax\\fR \\fICOMMAND\\fR "
               "\\fB\\-\\-help\\fR describes one.")
    out.append(exit_section(top["exit_codes"]))
    out.append(environment_section(top["environment"]))
    out.append(".SH FILES\n.TP\n.I " + PREFIX[0] + "/share/zerotax\n"
               "The data directory: rules/ (Coccinelle templates, hot-path rules), docs/, "
               "reference-driver/. Found from the binary's real path, else "
               "\\fBZEROTAX_DATA\\fR.")
    out.append(examples_section(top["examples"]))
    out.append(see_also(["zerotax-" + v for v in verbs], None) +
               "\n.PP\nThe documentation is installed in\n.IR %s/share/zerotax/docs/ ,"
               "\nwhose README lists its pages." % PREFIX[0])
    return "\n".join(x for x in out if x) + "\n"


def verb_page(top, verb, doc, version):
    summary = next(c["summary"] for c in top["commands"] if c["name"] == verb)
    tail = doc["tail"]
    out = [header("zerotax-" + verb, summary, version),
           synopsis(doc["usage"]),
           ".SH DESCRIPTION\n" + paragraphs(doc["about"]),
           options_section(doc["options"])]
    # Every verb's --help tail says what its exit codes mean for it.
    out.append(".SH EXIT STATUS\n" + paragraphs(tail) +
               "\n.PP\nThe codes are those of\n.BR zerotax (1):\n"
               "0 clean, 1 findings, 2 usage, 3 input error, 4 internal error, "
               "128+N stopped by signal N.")
    out.append(environment_section(top["environment"]))
    out.append(examples_section(doc["examples"]))
    out.append(see_also(["zerotax"], PAGES.get(verb)))
    return "\n".join(x for x in out if x) + "\n"


def completion(top, docs):
    """One bash function: verbs first, then the verb's options and their arguments."""
    verbs = " ".join(c["name"] for c in top["commands"])
    cases = []
    for verb, doc in docs.items():
        words, dirs, files, others, values, arms = [], [], [], [], {}, []
        for o in doc["options"]:
            if "group" in o or "note" in o or o.get("hidden"):
                continue
            names = []
            if o.get("long"):
                names.append("--" + o["long"])
            if o.get("short"):
                names.append("-" + o["short"])
            words += names
            arg = o.get("arg")
            if not arg:
                continue
            if o.get("values"):
                for n in names:
                    values[n] = " ".join(o["values"])
            elif arg in DIR_ARGS:
                dirs += names
            elif arg in FILE_ARGS or arg.endswith((".json", ".o", ".c")):
                files += names
            else:
                others += names
        words.append("--help")
        # a number or a name: nothing to offer, and not a file either
        if others:
            arms.append("\t\t%s) return ;;" % "|".join(others))
        for n, v in sorted(values.items()):
            arms.append('\t\t%s) COMPREPLY=($(compgen -W "%s" -- "$cur")); return ;;' % (n, v))
        if dirs:
            arms.append("\t\t%s) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;"
                        % "|".join(dirs))
        if files:
            arms.append("\t\t%s) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;"
                        % "|".join(files))
        cases.append('\t%s)\n\t\topts="%s"\n\t\tcase "$prev" in\n%s\n\t\tesac ;;'
                     % (verb, " ".join(words), "\n".join(arms) if arms else "\t\t*) ;;"))
    return """# bash completion for zerotax -*- shell-script -*-
# Generated by scripts/man-completion.py from zerotax's option tables: do not edit.

_zerotax()
{
	local cur prev verb opts i
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	verb=
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		-*) ;;
		*) verb=${COMP_WORDS[i]}; break ;;
		esac
	done
	if [[ -z $verb ]]; then
		COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))
		return
	fi
	# After "--": the compiler's arguments and files.
	for ((i = i + 1; i < COMP_CWORD; i++)); do
		if [[ ${COMP_WORDS[i]} == -- ]]; then
			COMPREPLY=($(compgen -f -- "$cur"))
			return
		fi
	done
	# --format=FMT: one word, or three where COMP_WORDBREAKS holds '=' (the default)
	if [[ $cur == --*=* ]]; then
		prev=${cur%%%%=*}
		cur=${cur#*=}
	elif [[ $cur == = ]]; then
		cur=
	elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	fi
	case $verb in
%s
	*) return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
} &&
	complete -F _zerotax zerotax
""" % (verbs, "\n".join(cases))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("zerotax")
    ap.add_argument("--man", metavar="DIR")
    ap.add_argument("--completion", metavar="FILE")
    ap.add_argument("--prefix", default="/usr/local", help="the prefix the pages name")
    a = ap.parse_args()
    PREFIX[0] = a.prefix
    version = subprocess.run([a.zerotax, "--version"], check=True, capture_output=True,
                             text=True).stdout.split("\n")[0].split()[-1]
    top = dump(a.zerotax)
    docs = {c["name"]: dump(a.zerotax, c["name"]) for c in top["commands"]}
    if a.man:
        os.makedirs(a.man, exist_ok=True)
        with open(os.path.join(a.man, "zerotax.1"), "w") as f:
            f.write(main_page(top, version))
        for verb, doc in docs.items():
            with open(os.path.join(a.man, "zerotax-%s.1" % verb), "w") as f:
                f.write(verb_page(top, verb, doc, version))
    if a.completion:
        with open(a.completion, "w") as f:
            f.write(completion(top, docs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

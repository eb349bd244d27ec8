#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Each rule of definite assignment, broken on purpose, fails a corpus case.

    scripts/da-planted.py [SRC] [WORK]

Copies the tracked tree SRC (default: this one) to WORK (default: a scratch
directory), builds the corpus runner there (tests/unit/defassign/
test_da_corpus.c), checks the unplanted runner passes, then plants one bug
per rule function of tool/defassign/ (one edit each, undone before the next),
rebuilds and expects the runner to fail. Prints one line per rule: the
function, the plant, and the corpus cases that caught it. Exit 1 when a plant
goes unseen (that rule has no case that needs it) or a plant no longer
applies (the code moved: update the table). Nothing of SRC is touched.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

# rule, file under tool/defassign/, the text the plant replaces, what it puts there
PLANTS = [
    ("switch without default: the path past every case",
     "defassign_walk.c", "\tif (!has_default)\n\t\tda_st_join(w, &r, &r, entry",
     "\tif (0)\n\t\tda_st_join(w, &r, &r, entry"),
    ("counted loop: only a constant count above 0 writes every element",
     "defassign_jumps.c", "da_literal_index(cond.v[1], n) && *n > 0;",
     "da_literal_index(cond.v[1], n) && *n >= 0 && (*n += 1);"),
    ("counted loop: a step of one, the counter moved by nothing else",
     "defassign_jumps.c", "\tok = ok && !da_jumps_in(k->v[3]) && da_loop_steps_one(k->v[2], v) &&\n\t     !da_changes(k->v[3], v, 0);",
     "\tok = ok && !da_jumps_in(k->v[3]);"),
    ("callee summary: what it writes on every path",
     "defassign_apply.c", "\t\tif (p)\n\t\t\tda_write_path(w, st, p, s->writes.v[k].line",
     "\t\tif (p && 0)\n\t\t\tda_write_path(w, st, p, s->writes.v[k].line"),
    ("callee summary: what it reads before writing",
     "defassign_apply.c", "\t\tif (p)\n\t\t\tguarded_read(", "\t\tif (p && 0)\n\t\t\tguarded_read("),
    ("callee without a body reads all it is given",
     "defassign_apply.c", "\tif (!s || s->unknown || (pa->shared && s->facts_used)) {",
     "\tif (0) {"),
    ("by-value copy: the callee's copy reads what its body reads",
     "defassign_reach.c",
     "\tfor (size_t r = 0; r < s->n_reads; r++) {\n\t\tstruct da_path *q = da_path_join(p, s->reads[r].path);",
     "\tfor (size_t r = s->n_reads; r < s->n_reads; r++) {\n\t\tstruct da_path *q = da_path_join(p, s->reads[r].path);"),
    ("whole-object read: every leaf below the path",
     "defassign.c", "\t\tif (!skip && !da_st_covered(s, l)) {", "\t\tif (!skip && !da_st_covered(s, l) && 0) {"),
    ("join: a write on one side of a branch only is lost",
     "defassign_walk.c", "\t\tif (da_st_covered(b, a->v[i].path))\n",
     "\t\tif (1)\n"),
    ("guard fact: a field read only where its test holds",
     "defassign_facts.c",
     "bool da_fact_assume(struct walk *w, struct state *s, const struct da_path *field, bool nonzero)\n{",
     "bool da_fact_assume(struct walk *w, struct state *s, const struct da_path *field, bool nonzero)\n{\n\treturn true;"),
    ("gotos: a label starts from what every goto to it wrote",
     "defassign_jumps.c", "\t\tif (in)\n\t\t\tda_st_join(NULL, &in->st, &in->st, &s, 0);",
     "\t\tif (0)\n\t\t\tda_st_join(NULL, &in->st, &in->st, &s, 0);"),
    ("return codes: written where the call returned 0",
     "defassign_jumps.c", "\tfor (size_t k = 0; k < from->n; k++)\n\t\tda_write_path(w, st, from->v[k].path",
     "\tfor (size_t k = 0; k < from->n && 0; k++)\n\t\tda_write_path(w, st, from->v[k].path"),
    ("another configuration's body proves nothing",
     "defassign_apply.c",
     "\t\tif (da_config_dependent(w->da, clang_Cursor_getTranslationUnit(w->body), def,\n\t\t\t\t\tname)) {",
     "\t\tif (0) {"),
    ("an address kept where the walk does not follow",
     "defassign_reach.c", "\tbool keep = k == P_PTR ||", "\tbool keep = 0 ||"),
    ("container_of() to a struct the object is not in reads around it",
     "defassign_reach.c", "\tif (da_path_is_whole(prefix))\n\t\treturn;\n\tda_paths_push(&outside",
     "\tif (1)\n\t\treturn;\n\tda_paths_push(&outside"),
    ("depth limit: a callee too deep is unknown",
     "defassign.c", "\tif (depth > DA_MAX_DEPTH)\n\t\ts->unknown = ZT_DA_DEPTH;",
     "\tif (depth > 100)\n\t\ts->unknown = ZT_DA_DEPTH;"),
    ("recursion: a callee being analysed is unknown",
     "defassign_apply.c", "\t\tif (!s)\n\t\t\t*why = ZT_DA_RECURSION;", "\t\tif (!s)\n\t\t\t*why = ZT_DA_NO_BODY;"),
    ("the verdict: what the proof could not follow may write all it was given",
     "defassign.c", "\tif (!w->da->optimistic)\n\t\treturn;\n\tif (!w->da->first_stop)",
     "\treturn;\n\tif (!w->da->first_stop)"),
    ("bytes: a copy of the whole reads a struct's holes",
     "defassign.c", "\tif (clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_StructDecl &&",
     "\tif (0 && clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_StructDecl &&"),
    ("a callee's summary keeps every part it reads, not the first",
     "defassign.c", "\t\t\tif (!w->pointer)\n\t\t\t\treturn;", "\t\t\treturn;"),
    ("init helpers: the table's writes (memset)",
     "defassign_helpers.c", "\t\tif (e->fills_size_arg) {", "\t\tif (e->fills_size_arg && 0) {"),
]


def run(argv, cwd, quiet=True):
    return subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE if quiet else None,
                          stderr=subprocess.STDOUT if quiet else None, text=True)


def main():
    src = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                          os.path.join(os.path.dirname(__file__), ".."))
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="zerotax-da-planted-")
    tree, build = os.path.join(work, "src"), os.path.join(work, "build")
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=src,
                           stdout=subprocess.PIPE, text=True, check=True).stdout.split("\n")
    shutil.rmtree(tree, ignore_errors=True)
    for f in filter(None, files):
        if os.path.isfile(os.path.join(src, f)):
            os.makedirs(os.path.dirname(os.path.join(tree, f)), exist_ok=True)
            shutil.copy2(os.path.join(src, f), os.path.join(tree, f))
    if run(["cmake", "-S", tree, "-B", build, "-DCMAKE_BUILD_TYPE=RelWithDebInfo"], work).returncode:
        sys.exit("da-planted: cmake failed")
    runner = os.path.join(build, "tests", "test_da_corpus")

    def build_and_run():
        b = run(["cmake", "--build", build, "-j", str(os.cpu_count() or 2), "--target",
                 "test_da_corpus"], work)
        if b.returncode:
            return None, b.stdout
        r = run([runner], work)
        return r.returncode, r.stdout

    rc, out = build_and_run()
    if rc != 0:
        sys.exit("da-planted: the unplanted runner does not pass:\n" + (out or ""))
    cases = len(re.findall(r"^\[ RUN", out, re.M))
    print("da-planted: unplanted: %d corpus files pass" % cases)
    bad = 0
    for rule, name, old, new in PLANTS:
        path = os.path.join(tree, "tool", "defassign", name)
        text = open(path).read()
        if text.count(old) != 1:
            print("da-planted: %s: the plant's text is in %s %d times (update the table)"
                  % (rule, name, text.count(old)))
            bad += 1
            continue
        open(path, "w").write(text.replace(old, new))
        rc, out = build_and_run()
        open(path, "w").write(text)
        caught = sorted(set(re.findall(r"^(corpus/\S+?):\d+: .*<-- WRONG$", out or "", re.M)))
        if rc is None:
            print("da-planted: %s: the plant does not build\n%s" % (rule, out[-2000:]))
            bad += 1
        elif rc == 0 or not caught:
            print("da-planted: UNSEEN  %-62s (%s)" % (rule, name))
            bad += 1
        else:
            print("da-planted: caught  %-62s by %s" % (rule, ", ".join(caught)))
    print("da-planted: %d of %d plants caught" % (len(PLANTS) - bad, len(PLANTS)))
    if len(sys.argv) <= 2:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Evidence from the user's own build (check --evidence=build): a build made
 * with zt_evidence_build_flags() leaves, next to each object x.o, the frame
 * sizes (x.su) and what survived of the auto-init zeroing: gcc's optimized
 * dump (x.c.NNNt.optimized, named after the object) or clang's
 * annotation-remarks record (x.opt.yaml). Reading them costs no compile; the
 * object's own compile command says where they are (its -o).
 */
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmdline.h"
#include "evidence.h"
#include "zerotax.h"

/*
 * A compile writes the record and the .su before the object is complete (the
 * assembler, objtool), so "older than the object" allows this much; a rebuild
 * without the flags leaves files older by a whole build.
 */
#define STALE_SLACK_SECONDS 60

static const char *const gcc_flags[] = { "-fdump-tree-optimized-lineno", "-fstack-usage", NULL };
static const char *const clang_flags[] = { "-fsave-optimization-record",
					   "-foptimization-record-passes=annotation-remarks",
					   "-fstack-usage", NULL };

const char *const *zt_evidence_build_flags(enum zt_compiler which)
{
	switch (which) {
	case ZT_CC_GCC:
		return gcc_flags;
	case ZT_CC_CLANG:
		return clang_flags;
	default:
		return NULL;
	}
}

/*
 * Kbuild hands its checker (make C=1 CHECK=...) the compile's flags without
 * -o, but its dependency file is named after the object: -Wp,-MMD,DIR/.X.o.d.
 */
static char *object_of_depfile(const char *word)
{
	const char *dep = strrchr(word, ','), *base;
	size_t n;

	if (!dep++)
		return NULL;
	base = strrchr(dep, '/');
	base = base ? base + 1 : dep;
	n = strlen(base);
	if (base[0] != '.' || n < 5 || strcmp(base + n - 4, ".o.d"))
		return NULL;
	return xasprintf("%.*s%.*s", (int)(base - dep), dep, (int)(n - 3), base + 1);
}

/* The object @cmd writes (absolute), and whether it zeroes stack variables. */
static char *object_of(const struct zt_compile_cmd *cmd, bool *zeroes)
{
	char *out = NULL, *path;
	struct zt_cc_arg a;
	size_t i = zt_cmdline_first(cmd);
	bool named = false;	/* by -o, which beats the depfile */

	*zeroes = false;
	while (zt_cmdline_next(cmd, &i, &a)) {
		if (a.positional)
			continue;
		if (!strcmp(a.word, "-o") && a.n_val == 1) {
			free(out);
			out = xstrdup(a.val[0]);
			named = true;
		} else if (!strncmp(a.word, "-o", 2) && a.word[2]) {
			free(out);
			out = xstrdup(a.word + 2);
			named = true;
		} else if (!named && !strncmp(a.word, "-Wp,-MMD,", 9)) {
			free(out);
			out = object_of_depfile(a.word);
		} else if (!strncmp(a.word, "-ftrivial-auto-var-init=", 24)) {
			*zeroes = !strcmp(a.word + 24, "zero") || !strcmp(a.word + 24, "pattern");
		}
	}
	if (!out || out[0] == '/' || !cmd->directory)
		return out;
	path = xasprintf("%s/%s", cmd->directory, out);
	free(out);
	return path;
}

/* gcc names its dumps after the object: x.o -> x.c.NNNt.optimized. The newest wins. */
static char *gcc_dump_of(const char *stem)
{
	char *pattern = xasprintf("%s.*t.optimized", stem), *best = NULL;
	struct timespec newest = { 0 };
	glob_t g;

	if (glob(pattern, GLOB_NOSORT, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++) {
			struct stat st;

			if (stat(g.gl_pathv[i], &st))
				continue;
			if (!best || st.st_mtim.tv_sec > newest.tv_sec ||
			    (st.st_mtim.tv_sec == newest.tv_sec &&
			     st.st_mtim.tv_nsec > newest.tv_nsec)) {
				free(best);
				best = xstrdup(g.gl_pathv[i]);
				newest = st.st_mtim;
			}
		}
		globfree(&g);
	}
	free(pattern);
	return best;
}

/* 0 when @path exists and is not older than the object; else -1, said. */
static int fresh(const char *path, const char *what, const struct stat *obj,
		 enum zt_compiler which)
{
	struct stat st;

	if (stat(path, &st))
		return error("no %s %s next to its object (build with "
			     "'zerotax build-flags --cc %s' in the flags)",
			     what, path, zt_compiler_name(which));
	if (st.st_mtim.tv_sec + STALE_SLACK_SECONDS < obj->st_mtim.tv_sec)
		return error("%s is older than the object (rebuilt without "
			     "'zerotax build-flags --cc %s'?)",
			     path, zt_compiler_name(which));
	return 0;
}

int zt_evidence_from_build(const struct zt_compile_cmd *cmd, enum zt_compiler which,
			   struct zt_evidence *ev)
{
	char *obj = NULL, *stem = NULL, *rec = NULL, *su = NULL;
	struct stat st;
	bool zeroes;
	size_t n;
	int ret = -1;

	memset(ev, 0, sizeof(*ev));
	ev->compiler = which;
	if (which != ZT_CC_GCC && which != ZT_CC_CLANG)
		return error("the build's compiler is neither gcc nor clang");
	obj = object_of(cmd, &zeroes);
	if (!obj) {
		error("the compile command names no object (-o)");
		goto out;
	}
	if (!zeroes) {
		error("the build does not zero stack variables "
		      "(no -ftrivial-auto-var-init=zero): its objects say nothing of auto-init");
		goto out;
	}
	if (stat(obj, &st)) {
		error("cannot find its object %s: %s", obj, strerror(errno));
		goto out;
	}
	n = strlen(obj);
	stem = n > 2 && !strcmp(obj + n - 2, ".o") ? xstrndup(obj, n - 2) : xstrdup(obj);
	su = xasprintf("%s.su", stem);
	if (which == ZT_CC_CLANG)
		rec = xasprintf("%s.opt.yaml", stem);
	else if (!(rec = gcc_dump_of(stem)))
		rec = xasprintf("%s.c.NNNt.optimized", stem);	/* named in the error */
	if (fresh(rec, which == ZT_CC_CLANG ? "optimization record" : "optimized dump", &st,
		  which) ||
	    fresh(su, "stack-usage file", &st, which))
		goto out;
	ev->compiler_id = zt_compiler_version(which);
	if (!ev->compiler_id)
		ev->compiler_id = xstrdup(zt_compiler_label(which));
	ret = zt_evidence_read(which, rec, su, cmd, ev);
out:
	free(obj);
	free(stem);
	free(rec);
	free(su);
	if (ret)
		zt_evidence_release(ev);
	return ret;
}

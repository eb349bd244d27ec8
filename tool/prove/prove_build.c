// SPDX-License-Identifier: GPL-2.0-only
/* prove, steps 3 and 4: build the variants, and sparse on the rewritten tree(s). */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "baseline.h"
#include "cmdline.h"
#include "compdb.h"
#include "emit.h"
#include "fixtree.h"
#include "process.h"
#include "prove.h"
#include "prove_int.h"

/* --- step 3: build the variants ------------------------------------------- */

static int build_one(struct zt_prove *p, enum zt_tree t, enum zt_autoinit a, const char *cc,
		     size_t *n_built)
{
	char *out = zt_prove_so_path(p, t, a, cc);
	char *objdir = xasprintf("%s/obj/%s-%s-%s", p->work, zt_tree_name(t), zt_autoinit_name(a),
				 cc);
	char *src_arg = xasprintf("SRC=%s", p->tree[t]);
	char *cc_arg = xasprintf("CC=%s", cc);
	char *ai_arg = xasprintf("AUTOINIT=%s", zt_autoinit_name(a));
	char *out_arg = xasprintf("OUT=%s", out);
	char *obj_arg = xasprintf("OBJDIR=%s", objdir);
	char *jobs = xasprintf("-j%u", p->o->jobs ? p->o->jobs : 2);
	char *argv[] = { "make", "-s", jobs, "-f", p->variant_mk, src_arg, cc_arg, ai_arg,
			 out_arg, obj_arg, NULL };
	struct zt_spawn_opts so = { .timeout_ms = TIMEOUT_BUILD_MS, .stderr_to_stdout = true };
	struct zt_spawn_result res;
	int ret;

	ret = zt_prove_spawn(p, argv, &so, &res, 0);
	if (!ret && !zt_prove_is_file(out))
		ret = zt_prove_fail(p, ZT_PROVE_BROKEN, "make reported success but %s is missing",
				out);
	*n_built += !ret;
	zt_spawn_result_release(&res);
	free(out);
	free(objdir);
	free(src_arg);
	free(cc_arg);
	free(ai_arg);
	free(out_arg);
	free(obj_arg);
	free(jobs);
	return ret;
}

/* See prove_int.h. */
int zt_prove_each_build(struct zt_prove *p, int first,
			int (*fn)(struct zt_prove *p, enum zt_tree t, enum zt_autoinit a,
				  const char *cc, size_t *count),
			size_t *count)
{
	for (int t = first; t < ZT_TREE_MAX; t++) {
		if (!p->tree[t])
			continue;
		for (size_t c = 0; c < p->o->n_compilers; c++)
			for (int a = 0; a < ZT_AI_MAX; a++) {
				int ret = p->autoinit_built[a] ?
						  fn(p, t, a, p->o->compilers[c], count) : 0;

				if (ret)
					return ret;
			}
	}
	return 0;
}

int zt_prove_step_build(struct zt_prove *p)
{
	char *sodir = xasprintf("%s/so", p->work);
	size_t n = 0;
	int ret = 0;

	if (!zt_prove_is_file(p->variant_mk)) {
		ret = zt_prove_unavailable(p, "the reference driver has no variant.mk");
		goto out;
	}
	if (zt_prove_mkdir_p(sodir)) {
		ret = ZT_PROVE_BROKEN;
		goto out;
	}
	/*
	 * --quick builds pattern init only: a read of a field the rewrite no
	 * longer writes then differs (0xAA.. vs the previous packet's value).
	 */
	for (int a = 0; a < ZT_AI_MAX; a++)
		p->autoinit_built[a] = p->o->quick ? a == ZT_AI_PATTERN :
				       p->only_ai < 0 || a == p->only_ai;
	ret = zt_prove_each_build(p, 0, build_one, &n);
	if (ret)
		goto out;
	zt_prove_progress(p, "build: %zu shared objects", n);
out:
	free(sodir);
	return ret;
}

/* --- step 4: sparse ------------------------------------------------------- */

/*
 * The checker flags of the kernel's `make C=1` that matter for a driver, as
 * the reference driver's own sparse test uses them: endianness and address
 * spaces checked; attributes sparse does not know (__uninitialized) are not
 * the driver's problem.
 */
static const char *const sparse_flags[] = {
	"-D__x86_64__", "-D__linux__", "-m64", "-mlittle-endian",
	"-Wbitwise", "-Wcast-to-as", "-Wcast-truncate", "-Wcontext", "-Wdecl",
	"-Wdefault-bitfield-sign", "-Wnon-pointer-null", "-Wptr-subtraction-blows",
	"-Wno-return-void", "-Wno-unknown-attribute",
};

/* What sparse needs of a compile command: the preprocessor's view of the TU. */
/* What sparse is given of a build's command (the arities come from cmdline.c). */
static bool sparse_keeps(const struct zt_cc_arg *a, void *data)
{
	static const char *const with_value[] = { "-include", "-isystem", "-iquote", "-imacros",
						  "-I", "-D", "-U" };
	static const char *const prefixes[] = { "-I", "-D", "-U", "-std=", "-m64", "-m32", "-nostdinc" };

	for (size_t i = 0; a->n_val && i < ARRAY_SIZE(with_value); i++)
		if (!strcmp(a->word, with_value[i]))
			return true;
	for (size_t i = 0; !a->n_val && i < ARRAY_SIZE(prefixes); i++)
		if (!strncmp(a->word, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* sparse on every TU of the compile database in @db_dir; warnings into @out. */
static int sparse_tree(struct zt_prove *p, const char *db_dir, char **out)
{
	struct zt_compdb db;
	char *all = xstrdup("");
	int ret = 0;

	if (zt_compdb_load(db_dir, &db)) {
		free(all);
		return zt_prove_fail(p, ZT_PROVE_INPUT, "cannot load the compile database in %s: %s",
					     db_dir, zt_last_error());
	}
	for (size_t i = 0; i < db.n && !ret; i++) {
		const struct zt_compile_cmd *c = &db.v[i];
		struct zt_spawn_opts so = { .timeout_ms = TIMEOUT_TOOL_MS, .cwd = c->directory };
		struct zt_spawn_result res;
		struct zt_strvec argv = { 0 };

		zt_strvec_push(&argv, "sparse");
		for (size_t f = 0; f < ARRAY_SIZE(sparse_flags); f++)
			zt_strvec_push(&argv, sparse_flags[f]);
		zt_cmdline_rebuild(c, sparse_keeps, NULL, &argv);
		/* as the database names it: the same warning text for every tree */
		zt_strvec_push(&argv, zt_relative_path(c->file, c->directory));
		ret = zt_prove_spawn(p, argv.v, &so, &res, 0);
		if (!ret && res.err_len) {
			char *tmp = xasprintf("%s%s", all, res.err);

			free(all);
			all = tmp;
		}
		zt_spawn_result_release(&res);
		zt_strvec_clear(&argv);
	}
	zt_compdb_release(&db);
	if (ret) {
		free(all);
		return ret;
	}
	*out = all;
	return 0;
}

/* sparse on a rewritten tree: nothing it does not say about the baseline. */
static int sparse_compare(struct zt_prove *p, enum zt_tree t, const char *db_dir, char **out)
{
	char *fresh;
	int ret;

	ret = sparse_tree(p, db_dir, out);
	if (ret)
		return ret;
	fresh = zt_sparse_new_warnings(p->report.sparse_baseline, p->tree[ZT_TREE_BASELINE],
				       *out, p->tree[t]);
	if (fresh) {
		ret = zt_prove_fail(p, ZT_PROVE_FAILED, "sparse warns about the %s tree where it did "
				"not about the baseline:\n%s", zt_tree_name(t), fresh);
		free(fresh);
	}
	return ret;
}

int zt_prove_step_sparse(struct zt_prove *p)
{
	char *uninit_db = NULL;
	int ret;

	if (!zt_have_program("sparse"))
		return zt_prove_unavailable(p, "sparse is not installed (scripts/install-deps.sh)");
	if (!p->xf_compdb_dir)
		return zt_prove_unavailable(p, "no compile database for the transformed tree");
	ret = sparse_tree(p, p->compdb_dir, &p->report.sparse_baseline);
	if (!ret)
		ret = sparse_compare(p, ZT_TREE_HOIST, p->xf_compdb_dir,
				     &p->report.sparse_transformed);
	if (!ret && p->tree[ZT_TREE_UNINIT]) {
		ret = zt_prove_remap_compdb(p, ZT_TREE_UNINIT, &uninit_db);
		if (!ret)
			ret = sparse_compare(p, ZT_TREE_UNINIT, uninit_db,
					     &p->report.sparse_uninit);
		free(uninit_db);
	}
	if (ret)
		return ret;
	zt_prove_progress(p, "sparse: nothing new in the rewritten tree(s) (baseline: %s)",
		 *p->report.sparse_baseline ? "has warnings" : "clean");
	return 0;
}

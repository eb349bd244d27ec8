// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax layout --apply DIR: write the suggested member order of each
 * audited struct into its definition, in a copy of the sources under DIR.
 * Only pure reorderings (zt_reorder_struct()); pahole must confirm the
 * prediction after a rebuild, which is the caller's job.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compdb.h"
#include "fix_layout.h"
#include "reorder.h"
#include "zerotax.h"

char **zt_layout_apply_args(const char *build_dir)
{
	struct zt_compdb db = { 0 };
	char **args;
	size_t n;

	if (!build_dir)
		return xcalloc(1, sizeof(char *));
	if (zt_compdb_load(build_dir, &db))
		return NULL;
	if (!db.n) {
		zt_compdb_release(&db);
		error("%s: empty compile database", build_dir);
		return NULL;
	}
	args = zt_compdb_clang_args(&db.v[0], &n);
	zt_compdb_release(&db);
	return args;
}

/* @path lies inside @dir (both resolved: no symlink or ".." escapes). */
static bool under(const char *dir, const char *path)
{
	char rd[PATH_MAX], rp[PATH_MAX];
	size_t n;

	if (!realpath(dir, rd) || !realpath(path, rp))
		return false;
	n = strlen(rd);
	return !strncmp(rd, rp, n) && (rp[n] == '/' || (n == 1 && rd[0] == '/'));
}

int zt_layout_apply(const struct zt_struct_report *rep, const char *dir, char **clang_args)
{
	const struct zt_layout *l = rep->l;
	char **order = NULL, *text = NULL, tmp[PATH_MAX];
	size_t n = 0;
	int ret = -1;

	if (!rep->have_suggestion)
		return 1;
	if (!l->decl_file)
		return error("struct %s: pahole did not say where it is defined", l->name);
	if (!under(dir, l->decl_file))
		return error("struct %s is defined in %s, outside %s: not rewriting it", l->name,
			     l->decl_file, dir);
	order = zt_placement_names(rep, &rep->suggested, &n);
	if (zt_reorder_struct(l->decl_file, clang_args, l->name, order, n, &text))
		goto out;
	/* a whole new file or the old one: never half a rewrite */
	if (snprintf(tmp, sizeof(tmp), "%s.zerotax-tmp", l->decl_file) >= (int)sizeof(tmp)) {
		error("%s: path too long", l->decl_file);
		goto out;
	}
	if (zt_write_file(tmp, text, strlen(text)) || rename(tmp, l->decl_file)) {
		error("cannot write %s: %s", l->decl_file, strerror(errno));
		remove(tmp);
		goto out;
	}
	note("struct %s: reordered in %s (predicted %lu bytes, %u cache lines, hot span %u)",
	     l->name, l->decl_file, rep->suggested.size, rep->suggested.lines,
	     rep->suggested.hot_span);
	ret = 0;
out:
	free(text);
	zt_names_free(order, n);
	return ret;
}

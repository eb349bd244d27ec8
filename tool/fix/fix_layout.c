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
#include "strbuf.h"
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

/* ---- the groups of the suggestion, written into the reordered text -------- */

struct text_lines {
	char **v;		/* each line, without its newline */
	size_t n, alloc;
};

static void split_lines(const char *text, struct text_lines *t)
{
	memset(t, 0, sizeof(*t));
	for (const char *s = text; *s;) {
		size_t n = strcspn(s, "\n");

		ZT_ALLOC_GROW(t->v, t->n + 1, t->alloc);
		t->v[t->n++] = xstrndup(s, n);
		s += n + (s[n] == '\n');
	}
}

static void lines_release(struct text_lines *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

static bool ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Does @line (comments cut off) hold the identifier @name? */
static bool names(const char *line, const char *name)
{
	size_t n = strlen(name), end = strlen(line);
	const char *c = strstr(line, "/*"), *d = strstr(line, "//");

	if (c)
		end = (size_t)(c - line);
	if (d && (size_t)(d - line) < end)
		end = (size_t)(d - line);
	for (const char *p = strstr(line, name); p && (size_t)(p - line) + n <= end;
	     p = strstr(p + 1, name))
		if ((p == line || !ident_char(p[-1])) && !ident_char(p[n]))
			return true;
	return false;
}

/* Lines [*open, *close] of @record's definition ("struct NAME {" ... "};"), or false. */
static bool find_body(const struct text_lines *t, const struct zt_layout *l, size_t *open,
		      size_t *close)
{
	for (size_t i = 0; i < t->n; i++) {
		int depth = 0;

		if (!strchr(t->v[i], '{') || !names(t->v[i], l->name) ||
		    (!l->is_typedef && !strstr(t->v[i], l->is_union ? "union" : "struct")))
			continue;
		for (size_t j = i; j < t->n; j++) {
			for (const char *c = t->v[j]; *c; c++)
				depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
			if (depth <= 0) {
				*open = i;
				*close = j;
				return j > i;
			}
		}
	}
	return false;
}

/*
 * Lines [*from, *to] declaring top-level member @name: one line at depth 1 of
 * the body, or a nested struct/union from the line that opens it to the
 * "} name;" that closes it (6.12's mlx5e_rq 'buff'). False if none.
 */
static bool member_lines(const struct text_lines *t, size_t open, size_t close, const char *name,
			 size_t *from, size_t *to)
{
	size_t start = 0;
	int depth = 0;

	for (size_t i = open; i < close; i++) {
		const char *tail = strrchr(t->v[i], '}');
		int before = depth;

		for (const char *c = t->v[i]; *c; c++)
			depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
		if (i == open)
			continue;
		if (before == 1 && depth > 1)
			start = i;
		if ((before == 1 && depth == 1 && names(t->v[i], name)) ||
		    (before > 1 && depth == 1 && start && tail && names(tail, name))) {
			*from = before == 1 ? i : start;
			*to = i;
			return true;
		}
	}
	return false;
}

/* The tree copy defines the kernel's group markers (6.8 and later): include/linux/cache.h. */
static bool tree_has_groups(const char *dir)
{
	char *path = xasprintf("%s/include/linux/cache.h", dir), *data = NULL;
	size_t len;
	bool yes = false;

	if (!zt_read_file(path, &data, &len))
		yes = memmem(data, len, "__cacheline_group_begin", 23) != NULL;
	free(data);
	free(path);
	return yes;
}

/* The text again: each group's markers (or comments) around its lines, assertions after @close. */
static void emit_groups(const struct zt_struct_report *rep, const struct text_lines *tl,
			size_t close, const size_t *first, const size_t *last, bool markers,
			const struct zt_strbuf *asserts, const char *type, struct zt_strbuf *out)
{
	const struct text_lines t = *tl;

	for (size_t i = 0; i < t.n; i++) {
		for (size_t g = 0; g < rep->n_groups; g++)
			if (first[g] == i) {
				if (markers)
					zt_strbuf_addf(out, "\t__cacheline_group_begin(%s)%s;\n",
						       rep->groups[g].name,
						       rep->groups[g].line_start ? " ____cacheline_aligned" : "");
				else
					zt_strbuf_addf(out, "\t/* group %s (zerotax layout): %s */\n",
						       rep->groups[g].name, rep->groups[g].writes ?
						       "written per packet by one set of paths" :
						       "read-mostly hot fields");
			}
		zt_strbuf_addf(out, "%s\n", t.v[i]);
		for (size_t g = 0; g < rep->n_groups; g++)
			if (last[g] == i) {
				if (markers)
					zt_strbuf_addf(out, "\t__cacheline_group_end(%s);\n",
						       rep->groups[g].name);
				else
					zt_strbuf_addf(out, "\t/* end of group %s (zerotax layout) */\n",
						       rep->groups[g].name);
			}
		if (i == close && asserts->len)
			zt_strbuf_addf(out, "\n/* zerotax layout: the groups of %s, checked at build "
				       "time */\n%s", type, asserts->buf);
	}
}

/*
 * The group's size as the kernel's CACHELINE_ASSERT_GROUP_SIZE states it:
 * from the end of the begin marker to the end marker. The begin marker sits
 * where the member before the group ends, so the padding that aligns the
 * group's first member ([@lo, @hi) are its members' bytes) is inside it
 * (6.12's mlx5e_rq: xdp_rxq is cache-line aligned); the bound is that span
 * rounded up to whole lines.
 */
static void size_assert(const struct zt_struct_report *rep, const char *group, unsigned long lo,
			unsigned long hi, const char *type, unsigned int cl, struct zt_strbuf *asserts)
{
	const struct zt_layout *l = rep->l;
	unsigned long begin = 0, bound;

	for (size_t j = 0; j < l->n; j++) {
		unsigned long bit = rep->suggested.bit[j];
		unsigned long end = l->m[j].bitfield ? (bit + l->m[j].bit_size + 7) / 8 :
						       bit / 8 + l->m[j].size;

		if (!l->m[j].depth && end <= lo && end > begin)
			begin = end;
	}
	bound = (hi - begin + cl - 1) / cl * cl;
	zt_strbuf_addf(asserts, "static_assert(offsetof(%s, __cacheline_group_end__%s) -\n"
		       "\t      offsetofend(%s, __cacheline_group_begin__%s) <= %lu,\n"
		       "\t      \"group %s within %lu cache line%s\");\n", type, group, type, group,
		       bound, group, bound / cl, bound / cl == 1 ? "" : "s");
}

/* One group's span: its members' lines in the body, its offsets in the suggestion. */
struct group_span {
	size_t first, last;
	unsigned long lo, hi;
};

/*
 * Find group @g's members on their lines in the body (@open to @close), and
 * with @markers write their assertions. 0; 1 when the reorder must be written
 * without its groups (warned); -1 when it must not be written (error() said).
 */
static int group_lines(const struct zt_struct_report *rep, size_t g, const struct text_lines *t,
		       size_t open, size_t close, bool markers, const char *type,
		       struct group_span *sp, struct zt_strbuf *asserts)
{
	const struct zt_layout *l = rep->l;
	const struct zt_path_group *pg = &rep->groups[g];

	if (pg->line_start && !markers)
		return error("struct %s: group '%s' starts its own cache line, and this tree has "
			     "no __cacheline_group_begin(): not rewritten", l->name, pg->name);
	/* an unnamed member (an anonymous union) cannot be found or asserted by name */
	if (!l->m[pg->members[0]].name[0] || !l->m[pg->members[pg->n - 1]].name[0]) {
		if (pg->line_start)
			return error("struct %s: group '%s' starts its own cache line with an "
				     "unnamed member at its edge: not rewritten", l->name, pg->name);
		warning("struct %s: group '%s' has an unnamed member at its edge: the reorder is "
			"written without its groups", l->name, pg->name);
		return 1;
	}
	sp->lo = (unsigned long)-1;
	sp->hi = 0;
	for (size_t k = 0; k < pg->n; k++) {
		const struct zt_member *m = &l->m[pg->members[k]];
		unsigned long off = rep->suggested.bit[pg->members[k]] / 8;
		size_t from = 0, to = 0;

		if (!m->name[0])
			continue;
		/*
		 * Not found by name (declared where the lines do not show it, e.g.
		 * two members on one line): as for an unnamed edge, the reorder is
		 * written without its groups, unless the group must start its own
		 * cache line.
		 */
		if (!member_lines(t, open, close, m->name, &from, &to)) {
			if (pg->line_start)
				return error("struct %s: member '%s' of group '%s' not found after "
					     "the reorder", l->name, m->name, pg->name);
			warning("struct %s: member '%s' of group '%s' not found on a line of its "
				"own: the reorder is written without its groups", l->name, m->name,
				pg->name);
			return 1;
		}
		sp->first = sp->first && sp->first < from ? sp->first : from;
		sp->last = sp->last > to ? sp->last : to;
		sp->lo = sp->lo < off ? sp->lo : off;
		sp->hi = sp->hi > off + m->size ? sp->hi : off + m->size;
		if (markers)
			zt_strbuf_addf(asserts, "static_assert(offsetof(%s, %s) >= offsetofend(%s, "
				       "__cacheline_group_begin__%s) &&\n\t      offsetofend(%s, %s) <= "
				       "offsetof(%s, __cacheline_group_end__%s),\n\t      \"%s in "
				       "group %s\");\n", type, m->name, type, pg->name, type, m->name,
				       type, pg->name, m->name, pg->name);
	}
	return 0;
}

/*
 * Wrap each group of the suggestion: with the kernel's markers (a group that
 * starts its own line: ____cacheline_aligned on the begin marker) and, after
 * the definition, build-time assertions in the style of the kernel's
 * CACHELINE_ASSERT_GROUP_MEMBER/_SIZE, as file-scope static_assert()s (they
 * need no function to run in); without the markers, comments (and a line
 * start cannot be written: refused). 0, or -1 with error() said.
 */
static int write_groups(const struct zt_struct_report *rep, bool markers, char **text)
{
	const struct zt_layout *l = rep->l;
	struct text_lines t;
	struct zt_strbuf out = ZT_STRBUF_INIT, asserts = ZT_STRBUF_INIT;
	size_t open, close, *first = xcalloc(rep->n_groups + 1, sizeof(*first));
	size_t *last = xcalloc(rep->n_groups + 1, sizeof(*last));
	char *type = xasprintf("%s%s", l->is_typedef ? "" : l->is_union ? "union " : "struct ", l->name);
	unsigned int cl = l->cacheline ? l->cacheline : 64;
	int ret = -1;

	split_lines(*text, &t);
	if (!find_body(&t, l, &open, &close)) {
		error("struct %s: definition not found again after the reorder", l->name);
		goto out;
	}
	for (size_t g = 0; g < rep->n_groups; g++) {
		struct group_span sp = { 0 };
		int rc = group_lines(rep, g, &t, open, close, markers, type, &sp, &asserts);

		if (rc) {
			ret = rc > 0 ? 0 : -1;	/* 1: written without groups */
			goto out;
		}
		first[g] = sp.first;
		last[g] = sp.last;
		if (markers && sp.hi > sp.lo)
			size_assert(rep, rep->groups[g].name, sp.lo, sp.hi, type, cl, &asserts);
	}
	emit_groups(rep, &t, close, first, last, markers, &asserts, type, &out);
	free(*text);
	*text = zt_strbuf_detach(&out, NULL);
	ret = 0;
out:
	zt_strbuf_release(&out);
	zt_strbuf_release(&asserts);
	lines_release(&t);
	free(first);
	free(last);
	free(type);
	return ret;
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
	/* the groups by access and path: the kernel's markers where the tree has them */
	if (rep->n_groups && write_groups(rep, tree_has_groups(dir), &text))
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

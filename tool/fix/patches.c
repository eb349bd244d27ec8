// SPDX-License-Identifier: GPL-2.0-only
/*
 * fix --format-patch (patches.h): the applied findings grouped by driver,
 * one patch each with its own files' diff, a cover letter for a series,
 * checkpatch on each, and the author they are written as.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "fix_internal.h"
#include "fixtree.h"
#include "patches.h"
#include "patchmail_int.h"
#include "process.h"
#include "strbuf.h"
#include "subjects.h"

#define CHECKPATCH_TIMEOUT_MS 120000
#define CHECKPATCH_FIRST 3	/* messages kept of a patch that is not clean */

/* ---- the parts: one per driver ----------------------------------------------- */

struct parts {
	struct fix_part *v;
	size_t n, alloc;
};

static struct fix_part *part_of(struct parts *ps, const char *key)
{
	for (size_t i = 0; i < ps->n; i++)
		if (!strcmp(ps->v[i].prefix, key))
			return &ps->v[i];
	ZT_ALLOC_GROW(ps->v, ps->n + 1, ps->alloc);
	memset(&ps->v[ps->n], 0, sizeof(ps->v[ps->n]));
	ps->v[ps->n].prefix = xstrdup(key);
	return &ps->v[ps->n++];
}

static void part_release(struct fix_part *p)
{
	free(p->prefix);
	free(p->applied);
	free(p->refused);
	free(p->subject);
	zt_strvec_clear(&p->files);
}

static void parts_release(struct parts *ps)
{
	for (size_t i = 0; i < ps->n; i++)
		part_release(&ps->v[i]);
	free(ps->v);
}

static int cmp_part(const void *a, const void *b)
{
	return strcmp(((const struct fix_part *)a)->prefix, ((const struct fix_part *)b)->prefix);
}

/*
 * Every applied or refused finding in the tree, by its subject prefix; a
 * copy of a finding (same fingerprint) is said once. Sorted by prefix.
 */
static void group_items(const struct fix_mail *m, struct parts *ps)
{
	const struct zt_fix_result *r = m->r;

	for (size_t i = 0; i < r->n_items; i++) {
		const struct zt_fix_item *it = &r->items[i];
		const struct zt_finding *f = &m->fs->v[it->finding];
		struct fix_part *p;
		char *rel, *key;

		if (it->status == ZT_FIX_NOT_APPLICABLE || it->duplicate_of)
			continue;
		rel = zt_real_path_under(r->source_root, f->file);
		if (!rel)	/* outside the tree: no driver of it (fix's report says it) */
			continue;
		key = fix_part_key(m, f, rel);
		p = part_of(ps, key);
		if (it->status == ZT_FIX_APPLIED) {
			ZT_ALLOC_GROW(p->applied, p->n_applied + 1, p->alloc_applied);
			p->applied[p->n_applied++] = i;
			p->n_hoisted += it->strategy == ZT_FIX_HOIST;
			p->n_uninitialized += it->strategy != ZT_FIX_HOIST;
		} else {
			ZT_ALLOC_GROW(p->refused, p->n_refused + 1, p->alloc_refused);
			p->refused[p->n_refused++] = i;
		}
		free(key);
		free(rel);
	}
	if (ps->n)
		qsort(ps->v, ps->n, sizeof(*ps->v), cmp_part);
}

static bool same_rel(const char *root, const char *file, const char *changed)
{
	char *rel = file ? zt_real_path_under(root, file) : NULL;
	bool yes = rel && !strcmp(rel, changed);

	free(rel);
	return yes;
}

/* Did one of @p's applied findings change @file: its function's, its owner's, a move's? */
static bool part_claims(const struct fix_mail *m, const struct fix_part *p, const char *file)
{
	const char *root = m->r->source_root;

	for (size_t i = 0; i < p->n_applied; i++) {
		const struct zt_fix_item *it = &m->r->items[p->applied[i]];
		const struct zt_finding *f = &m->fs->v[it->finding];
		const char *in = it->included ? strstr(it->included, " in ") : NULL;

		if (same_rel(root, f->file, file) ||
		    (it->moved_from && !strcmp(it->moved_from, file)) ||
		    (it->moved_to && !strcmp(it->moved_to, file)) || (in && !strcmp(in + 4, file)) ||
		    (it->owner && same_rel(root, jstr(json_object_get(f->details, "owner"), "file"),
					   file)))
			return true;
	}
	return false;
}

/*
 * Each changed file goes to one patch: the first (by prefix) whose findings
 * changed it, else the one its own path's prefix names, else the first. A
 * file two drivers changed (one header for both) is in the first one's diff.
 */
static void assign_files(const struct fix_mail *m, struct parts *ps)
{
	for (size_t c = 0; c < m->r->n_changed; c++) {
		const char *file = m->r->changed[c];
		struct fix_part *to = NULL, *first = NULL;

		for (size_t i = 0; i < ps->n && !to; i++) {
			if (!ps->v[i].n_applied)
				continue;
			first = first ? first : &ps->v[i];
			if (part_claims(m, &ps->v[i], file))
				to = &ps->v[i];
		}
		for (size_t i = 0; i < ps->n && !to; i++) {
			struct fix_part *p = &ps->v[i];
			char *key;

			if (!p->n_applied)
				continue;
			key = fix_part_key(m, &m->fs->v[m->r->items[p->applied[0]].finding], file);
			if (!strcmp(key, p->prefix))
				to = p;
			free(key);
		}
		to = to ? to : first;
		if (to)
			zt_strvec_push(&to->files, file);
	}
}

/* ---- the diffstat, as git's --stat writes it --------------------------------- */

struct file_stat {
	const char *name;
	size_t add, del;
};

/* "@@ -a,b +c,d @@": b and d (a missing count is 1). */
static void hunk_counts(const char *line, size_t *old, size_t *new)
{
	const char *o = strchr(line, '-'), *n = strchr(line, '+');

	*old = *new = 1;
	o = o ? strpbrk(o, ", ") : NULL;
	n = n ? strpbrk(n, ", ") : NULL;
	if (o && *o == ',')
		*old = strtoul(o + 1, NULL, 10);
	if (n && *n == ',')
		*new = strtoul(n + 1, NULL, 10);
}

/* The added and removed lines of each file of @diff, in the order of @files. */
static void count_lines(const char *diff, char *const *files, size_t n, struct file_stat *st)
{
	const char *p = diff;
	size_t cur = 0, old = 0, new = 0;

	for (size_t i = 0; i < n; i++)
		st[i] = (struct file_stat){ .name = files[i] };
	while (*p) {
		size_t len = strcspn(p, "\n");

		if (old || new) {	/* in a hunk: its counts say where it ends */
			if (*p == '-' || *p == ' ')
				old--;
			if (*p == '+' || *p == ' ')
				new--;
			if (cur < n) {
				st[cur].add += *p == '+';
				st[cur].del += *p == '-';
			}
		} else if (!strncmp(p, "+++ b/", 6)) {
			for (size_t i = 0; i < n; i++)
				if (strlen(files[i]) == len - 6 && !strncmp(p + 6, files[i], len - 6))
					cur = i;
		} else if (!strncmp(p, "@@ ", 3)) {
			hunk_counts(p, &old, &new);
		}
		p += len + (p[len] == '\n');
	}
}

/* " name | 12 +++---" lines and the summary; names over 50 columns start "...". */
static void add_diffstat(struct zt_strbuf *sb, const struct file_stat *st, size_t n)
{
	size_t name_w = 0, max = 0, add = 0, del = 0, count_w, graph_w;

	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(st[i].name);

		name_w = l > name_w ? l : name_w;
		max = st[i].add + st[i].del > max ? st[i].add + st[i].del : max;
		add += st[i].add;
		del += st[i].del;
	}
	name_w = name_w > 50 ? 50 : name_w;
	count_w = (size_t)snprintf(NULL, 0, "%zu", max);
	graph_w = FIX_MAIL_MAX - 1 - name_w - 3 - count_w - 1;
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(st[i].name), total = st[i].add + st[i].del;
		size_t a = st[i].add, d = st[i].del;

		if (max > graph_w) {	/* scaled, as git does, each side at least one */
			a = a ? (a * graph_w + max - 1) / max : 0;
			d = d ? (d * graph_w + max - 1) / max : 0;
			while (a + d > graph_w)
				a > d ? a-- : d--;
		}
		if (l > name_w)
			zt_strbuf_addf(sb, " ...%-*s | %*zu ", (int)name_w - 3,
				       st[i].name + l - (name_w - 3), (int)count_w, total);
		else
			zt_strbuf_addf(sb, " %-*s | %*zu ", (int)name_w, st[i].name, (int)count_w,
				       total);
		for (size_t k = 0; k < a; k++)
			zt_strbuf_adds(sb, "+");
		for (size_t k = 0; k < d; k++)
			zt_strbuf_adds(sb, "-");
		sb->len -= !a && !d;	/* no graph: no blank after the count */
		sb->buf[sb->len] = '\0';
		zt_strbuf_adds(sb, "\n");
	}
	zt_strbuf_addf(sb, " %zu file%s changed", n, n == 1 ? "" : "s");
	if (add)
		zt_strbuf_addf(sb, ", %zu insertion%s(+)", add, add == 1 ? "" : "s");
	if (del)
		zt_strbuf_addf(sb, ", %zu deletion%s(-)", del, del == 1 ? "" : "s");
	zt_strbuf_adds(sb, "\n");
}

/* ---- the mails ------------------------------------------------------------------- */

static void add_head(struct zt_strbuf *sb, const char *author, const char *tag,
		     const char *subject)
{
	zt_strbuf_adds(sb, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	zt_strbuf_addf(sb, "From: %s\n", author);
	fix_subject_header(sb, tag, subject);
	zt_strbuf_adds(sb, "\n");
}

static void add_tail(struct zt_strbuf *sb)
{
	zt_strbuf_addf(sb, "-- \nzerotax %s\n\n", ZT_VERSION);
}

/* One patch: header, message, sign-off, "---", diffstat, diff. */
static char *patch_text(const struct fix_mail *m, const struct fix_part *p,
			const struct zt_fix_patch_opts *po, const char *tag, const char *diff,
			const char *bench)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	struct file_stat *st = xcalloc(p->files.n + 1, sizeof(*st));

	add_head(&sb, po->author, tag, p->subject);
	fix_part_message(&sb, m, p, bench);
	if (po->signoff)
		zt_strbuf_addf(&sb, "\nSigned-off-by: %s\n", po->author);
	zt_strbuf_adds(&sb, "---\n");
	count_lines(diff, p->files.v, p->files.n, st);
	add_diffstat(&sb, st, p->files.n);
	zt_strbuf_addf(&sb, "\n%s", diff);
	add_tail(&sb);
	free(st);
	return zt_strbuf_detach(&sb, NULL);
}

/* "2 locals: 1 hoisted into struct a_ring, 1 marked __uninitialized; 1 not changed" */
static char *part_summary(const struct fix_mail *m, const struct fix_part *p)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	struct zt_strvec owners = ZT_STRVEC_INIT;

	for (size_t i = 0; i < p->n_applied; i++) {
		const char *o = m->r->items[p->applied[i]].owner;

		if (o && !zt_strvec_has(&owners, o))
			zt_strvec_push(&owners, o);
	}
	/* "1 local, hoisted into ..."; both strategies: how many each */
	zt_strbuf_addf(&sb, "%zu local%s%s", p->n_applied, p->n_applied == 1 ? "" : "s",
		       p->n_hoisted && p->n_uninitialized ? ":" : ",");
	if (p->n_hoisted) {
		if (p->n_uninitialized)
			zt_strbuf_addf(&sb, " %zu", p->n_hoisted);
		zt_strbuf_adds(&sb, " hoisted into ");
		for (size_t i = 0; i < owners.n; i++)
			zt_strbuf_addf(&sb, "%s%s", !i ? "" : i + 1 == owners.n ? " and " : ", ",
				       owners.v[i]);
	}
	if (p->n_uninitialized && p->n_hoisted)
		zt_strbuf_addf(&sb, ", %zu marked __uninitialized", p->n_uninitialized);
	else if (p->n_uninitialized)
		zt_strbuf_adds(&sb, " marked __uninitialized");
	if (p->n_refused)
		zt_strbuf_addf(&sb, "; %zu not changed", p->n_refused);
	zt_strvec_clear(&owners);
	return zt_strbuf_detach(&sb, NULL);
}

/* The author's name: "A U Thor <a@b>" -> "A U Thor", as git shortlog heads its list. */
static char *author_name(const char *author)
{
	const char *lt = strchr(author, '<');
	size_t n = lt ? (size_t)(lt - author) : strlen(author);

	while (n && author[n - 1] == ' ')
		n--;
	return xstrndup(author, n);
}

/*
 * The cover letter of a series, as git format-patch --cover-letter lays it
 * out: why, each patch's subject and what it does, the drivers left alone,
 * the bench table, the shortlog and the whole diffstat.
 */
static char *cover_text(const struct fix_mail *m, const struct parts *ps, size_t n_patches,
			const struct zt_fix_patch_opts *po, const char *bench,
			const struct file_stat *st, size_t n_st)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	char *text, *tag = xasprintf("[PATCH 0/%zu]", n_patches), *name;
	size_t k = 0;

	text = xasprintf("net: Avoid per-packet stack zeroing in %zu drivers", n_patches);
	add_head(&sb, po->author, tag, text);
	free(text);
	free(tag);
	fix_wrap(&sb, "", "", "With stack auto-initialization (CONFIG_INIT_STACK_ALL_ZERO) every "
		 "local variable is zeroed on entry, and a receive path that declares a "
		 "struct or an array pays for the zeroing on every packet. Each patch below "
		 "changes one driver; every change was compiled with the tree's flags "
		 "before it was written, and each patch says which locals it changes, how, "
		 "and why that is safe.");
	zt_strbuf_adds(&sb, "\n");
	for (size_t i = 0; i < ps->n; i++) {
		char *sum;

		if (!ps->v[i].n_applied)
			continue;
		text = xasprintf("%zu/%zu %s", ++k, n_patches, ps->v[i].subject);
		fix_wrap(&sb, "- ", "  ", text);
		free(text);
		sum = part_summary(m, &ps->v[i]);
		fix_wrap(&sb, "  ", "  ", sum);
		free(sum);
	}
	for (size_t i = 0; i < ps->n; i++)
		if (!ps->v[i].n_applied) {
			text = xasprintf("Not changed: %s, %zu finding%s refused (fix's report "
					 "says why).", ps->v[i].prefix, ps->v[i].n_refused,
					 ps->v[i].n_refused == 1 ? "" : "s");
			zt_strbuf_adds(&sb, "\n");
			fix_wrap(&sb, "", "  ", text);
			free(text);
		}
	if (bench) {
		zt_strbuf_adds(&sb, "\nMeasured on the bundled reference driver:\n\n");
		zt_strbuf_adds(&sb, bench);
		if (bench[0] && bench[strlen(bench) - 1] != '\n')
			zt_strbuf_adds(&sb, "\n");
	}
	name = author_name(po->author);
	zt_strbuf_addf(&sb, "\n%s (%zu):\n", name, n_patches);
	free(name);
	for (size_t i = 0; i < ps->n; i++)
		if (ps->v[i].n_applied)
			fix_wrap(&sb, "  ", "    ", ps->v[i].subject);
	zt_strbuf_adds(&sb, "\n");
	add_diffstat(&sb, st, n_st);
	zt_strbuf_adds(&sb, "\n");
	add_tail(&sb);
	return zt_strbuf_detach(&sb, NULL);
}

/*
 * The patch's file name from its subject, as git format-patch spells it:
 * each run of other characters one dash, none at either end, at most 52
 * characters ("net/mlx5e: keep ..." -> "net-mlx5e-keep-...").
 */
static char *patch_slug(const char *subject)
{
	char *slug = xmalloc(strlen(subject) + 1);
	size_t n = 0;

	for (const char *c = subject; *c && n < 52; c++)
		if (isalnum((unsigned char)*c) || *c == '_' || *c == '.')
			slug[n++] = *c;
		else if (n && slug[n - 1] != '-')
			slug[n++] = '-';
	while (n && (slug[n - 1] == '-' || slug[n - 1] == '.'))
		n--;
	slug[n] = '\0';
	return slug;
}

/* ---- writing: all or nothing -------------------------------------------------- */

struct pending {
	char **path, **text;
	size_t n, alloc_path, alloc_text;
};

static void pending_add(struct pending *w, char *path, char *text)
{
	ZT_ALLOC_GROW(w->path, w->n + 1, w->alloc_path);
	ZT_ALLOC_GROW(w->text, w->n + 1, w->alloc_text);
	w->path[w->n] = path;
	w->text[w->n++] = text;
}

static void pending_release(struct pending *w)
{
	free_list(w->path, w->n);
	free_list(w->text, w->n);
}

/*
 * Every file beside its name (synced), then each renamed: a full disk or a
 * failed rename leaves none of this run's files, whole or cut.
 */
static int write_all(const char *dir, const struct pending *w)
{
	size_t staged = 0, renamed = 0;
	int ret = 0;

	if (mkdir(dir, 0755) && errno != EEXIST)
		return error("cannot create %s: %s", dir, strerror(errno));
	for (; staged < w->n && !ret; staged++) {
		char *tmp = xasprintf("%s.zerotax-new", w->path[staged]);

		unlink(tmp);
		if (fix_write_new(tmp, w->text[staged], 0644))
			ret = error("cannot write %s: %s", w->path[staged], strerror(errno));
		free(tmp);
	}
	while (!ret && renamed < w->n) {
		char *tmp = xasprintf("%s.zerotax-new", w->path[renamed]);

		if (rename(tmp, w->path[renamed]))
			ret = error("cannot write %s: %s", w->path[renamed], strerror(errno));
		else
			renamed++;
		free(tmp);
	}
	if (!ret)
		return 0;
	for (size_t i = 0; i < w->n; i++) {
		char *tmp = xasprintf("%s.zerotax-new", w->path[i]);

		unlink(tmp);
		if (i < renamed)
			unlink(w->path[i]);
		free(tmp);
	}
	return ret;
}

/* ---- checkpatch ------------------------------------------------------------------- */

static void checkpatch_note(struct zt_fix_patch *p, const char *line, size_t len)
{
	if (p->n_checkpatch_first >= CHECKPATCH_FIRST)
		return;
	p->checkpatch_first = xrealloc(p->checkpatch_first,
				       (p->n_checkpatch_first + 1) * sizeof(char *));
	p->checkpatch_first[p->n_checkpatch_first++] = xstrndup(line, len);
}

/* perl TREE/scripts/checkpatch.pl --strict PATCH, in the tree: its verdict on @p. */
static void run_checkpatch(const char *tree, const char *script, unsigned int timeout_ms,
			   struct zt_fix_patch *p)
{
	char *abs = realpath(p->path, NULL);
	char *argv[] = { "perl", (char *)script, "--strict", abs ? abs : p->path, NULL };
	const struct zt_spawn_opts so = { .cwd = tree, .quiet_not_found = true,
					  .timeout_ms = timeout_ms ? timeout_ms :
						       CHECKPATCH_TIMEOUT_MS };
	struct zt_spawn_result res;
	const char *l;

	if (zt_spawn(argv, &so, &res)) {
		p->checkpatch = ZT_CHECKPATCH_FAILED;
		checkpatch_note(p, zt_spawn_failure(&res), strlen(zt_spawn_failure(&res)));
		if (res.not_found)
			checkpatch_note(p, "perl is not installed", 21);
		goto out;
	}
	for (l = res.out; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n')) {
		size_t len = strcspn(l, "\n");

		if (!strncmp(l, "ERROR:", 6) || !strncmp(l, "WARNING:", 8) || !strncmp(l, "CHECK:", 6))
			checkpatch_note(p, l, len);
		else if (!strncmp(l, "total:", 6) && !p->checkpatch_total)
			p->checkpatch_total = xstrndup(l, len);
	}
	if (!res.exit_code && !p->n_checkpatch_first) {
		p->checkpatch = ZT_CHECKPATCH_CLEAN;
	} else if (p->n_checkpatch_first) {
		p->checkpatch = ZT_CHECKPATCH_PROBLEMS;
	} else {
		p->checkpatch = ZT_CHECKPATCH_FAILED;
		l = res.err[0] ? res.err : res.out;
		checkpatch_note(p, l, strcspn(l, "\n"));
	}
out:
	zt_spawn_result_release(&res);
	free(abs);
}

const char *zt_checkpatch_status_name(enum zt_checkpatch_status s)
{
	switch (s) {
	case ZT_CHECKPATCH_CLEAN:
		return "clean";
	case ZT_CHECKPATCH_PROBLEMS:
		return "problems";
	case ZT_CHECKPATCH_FAILED:
		return "failed";
	default:
		return "not-run";
	}
}

/* ---- the series ------------------------------------------------------------------- */

static int load_rules(const struct zt_fix_opts *opts, const struct zt_fix_patch_opts *po,
		      struct zt_subject_rules *sr)
{
	if (zt_subject_rules_load(opts->rules_dir, sr))
		return -1;
	return po->subject_rules ? zt_subject_rules_add_file(po->subject_rules, sr) : 0;
}

static void take_patch(struct zt_fix_patches *out, struct fix_part *p, char *path)
{
	struct zt_fix_patch *pp;

	ZT_ALLOC_GROW(out->v, out->n + 1, out->alloc);
	pp = &out->v[out->n++];
	memset(pp, 0, sizeof(*pp));
	pp->path = path;
	pp->subject = xstrdup(p->subject);
	pp->prefix = xstrdup(p->prefix);
	pp->n_hoisted = p->n_hoisted;
	pp->n_uninitialized = p->n_uninitialized;
	pp->n_refused = p->n_refused;
	pp->n_files = p->files.n;
	pp->files = xcalloc(p->files.n + 1, sizeof(char *));
	for (size_t i = 0; i < p->files.n; i++)
		pp->files[i] = xstrdup(p->files.v[i]);
}

/* Each part with a change as one mail; the whole series' stat for the cover letter. */
static int make_mails(const struct fix_mail *m, struct parts *ps, size_t n_patches,
		      const struct zt_fix_patch_opts *po, const char *bench, struct pending *w,
		      struct zt_fix_patches *out)
{
	struct file_stat *all = xcalloc(m->r->n_changed + 1, sizeof(*all));
	size_t n_all = 0, k = 0;
	int ret = 0;

	for (size_t i = 0; i < ps->n && !ret; i++) {
		struct fix_part *p = &ps->v[i];
		char *diff = NULL, *tag, *slug;

		if (!p->n_applied)
			continue;
		if (zt_fix_diff_files(m->r, p->files.v, p->files.n, &diff)) {
			ret = -1;
			free(diff);
			break;
		}
		count_lines(diff, p->files.v, p->files.n, all + n_all);
		n_all += p->files.n;
		k++;
		tag = n_patches > 1 ? xasprintf("[PATCH %zu/%zu]", k, n_patches) :
				      xstrdup("[PATCH]");
		slug = patch_slug(p->subject);
		take_patch(out, p, xasprintf("%s/%04zu-%s.patch", po->dir, k, slug));
		pending_add(w, xstrdup(out->v[out->n - 1].path),
			    patch_text(m, p, po, tag, diff, n_patches > 1 ? NULL : bench));
		free(slug);
		free(tag);
		free(diff);
	}
	if (!ret && n_patches > 1) {
		out->cover = xasprintf("%s/0000-cover-letter.patch", po->dir);
		pending_add(w, xstrdup(out->cover), cover_text(m, ps, n_patches, po, bench, all,
							       n_all));
	}
	free(all);
	return ret;
}

int zt_fix_format_patches(const struct zt_fix_opts *opts, const struct zt_findings *fs,
			  const struct zt_fix_result *r, const struct zt_fix_patch_opts *po,
			  struct zt_fix_patches *out)
{
	struct zt_subject_rules sr = ZT_SUBJECT_RULES_INIT;
	const struct fix_mail m = { .fs = fs, .r = r, .sr = &sr };
	struct parts ps = { 0 };
	struct pending w = { 0 };
	char *bench = NULL, *script;
	size_t n_patches = 0;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	if (!r->n_applied || !r->source_root)
		return error("no rewrite was applied: nothing to put in a patch");
	if (!po->author)
		return error("no author for the patches");
	if (po->bench_table && zt_read_file(po->bench_table, &bench, NULL))
		return error("cannot read the bench table %s: %s", po->bench_table,
			     strerror(errno));
	if (load_rules(opts, po, &sr))
		goto out;
	group_items(&m, &ps);
	assign_files(&m, &ps);
	for (size_t i = 0; i < ps.n; i++)
		if (ps.v[i].n_applied) {
			ps.v[i].subject = fix_part_subject(&m, &ps.v[i]);
			n_patches++;
		}
	if (make_mails(&m, &ps, n_patches, po, bench, &w, out) || write_all(po->dir, &w))
		goto out;
	script = path_in(r->source_root, "scripts/checkpatch.pl");
	for (size_t i = 0; i < out->n && !access(script, R_OK); i++)
		run_checkpatch(r->source_root, script, po->timeout_ms, &out->v[i]);
	free(script);
	ret = 0;
out:
	if (ret)
		zt_fix_patches_release(out);
	pending_release(&w);
	parts_release(&ps);
	zt_subject_rules_release(&sr);
	free(bench);
	return ret;
}

void zt_fix_patches_release(struct zt_fix_patches *p)
{
	for (size_t i = 0; i < p->n; i++) {
		free(p->v[i].path);
		free(p->v[i].subject);
		free(p->v[i].prefix);
		free_list(p->v[i].files, p->v[i].n_files);
		free(p->v[i].checkpatch_total);
		free_list(p->v[i].checkpatch_first, p->v[i].n_checkpatch_first);
	}
	free(p->v);
	free(p->cover);
	memset(p, 0, sizeof(*p));
}

/* ---- the author ------------------------------------------------------------------- */

/* "Name <user@host>": a name, one address in angle brackets at the end, one line. */
static bool author_ok(const char *a)
{
	const char *lt = strchr(a, '<'), *gt = strrchr(a, '>');

	return lt && gt && gt[1] == '\0' && lt > a && lt[-1] == ' ' && lt - 1 > a &&
	       !isspace((unsigned char)a[0]) && strchr(lt, '@') && strchr(lt, '@') < gt &&
	       !strchr(lt + 1, '<') && strchr(a, '>') == gt && !strpbrk(a, "\n\r\t");
}

/* `git config KEY` in @tree: its value, or NULL (unset, or no git). */
static char *git_config(const char *tree, const char *key)
{
	char *argv[] = { "git", "config", (char *)key, NULL };
	const struct zt_spawn_opts so = { .cwd = tree, .quiet_not_found = true,
					  .timeout_ms = 30000 };
	struct zt_spawn_result res;
	char *v = NULL;

	if (!zt_spawn(argv, &so, &res) && !res.exit_code) {
		size_t n = strcspn(res.out, "\n");

		while (n && isspace((unsigned char)res.out[n - 1]))
			n--;
		if (n)
			v = xstrndup(res.out, n);
	}
	zt_spawn_result_release(&res);
	return v;
}

int zt_fix_author(const char *tree, const char *given, char **author)
{
	char *name, *email;

	*author = NULL;
	if (given) {
		if (!author_ok(given))
			return error("bad --author '%s': give it as \"Name <email>\"", given);
		*author = xstrdup(given);
		return 0;
	}
	name = git_config(tree, "user.name");
	email = git_config(tree, "user.email");
	if (name && email) {
		*author = xasprintf("%s <%s>", name, email);
		if (!author_ok(*author)) {
			free(*author);
			*author = NULL;
		}
	}
	free(name);
	free(email);
	if (!*author)
		return error("no author for the patches: give --author \"Name <email>\", or set "
			     "git's user.name and user.email (git config --global user.name ...)");
	return 0;
}

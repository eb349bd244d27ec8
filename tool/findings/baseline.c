// SPDX-License-Identifier: GPL-2.0-only
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "baseline.h"
#include "zerotax.h"

const char *zt_relative_path(const char *path, const char *root)
{
	const char *rel = zt_path_under(path, root);

	return rel ? rel : path;
}

/*
 * A fingerprint's file: relative to @root when it lies below it, else its base
 * name, so that a baseline taken in one checkout matches in another.
 */
static const char *fingerprint_path(const char *path, const char *root)
{
	const char *rel = zt_path_under(path, root), *slash;

	if (rel || !path)
		return rel;
	slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The source line with runs of whitespace collapsed and the ends trimmed. */
static char *normalize(const char *line)
{
	char *out = xmalloc(strlen(line) + 1), *o = out;
	bool space = false;

	for (const char *p = line; *p && *p != '\n'; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\r') {
			space = o != out;
			continue;
		}
		if (space)
			*o++ = ' ';
		space = false;
		*o++ = *p;
	}
	*o = '\0';
	return out;
}

static void hash_field(uint64_t *h, const char *s)
{
	/* Length-prefixed so ("ab","c") and ("a","bc") differ. */
	size_t len = s ? strlen(s) : 0;

	*h = zt_hash64(&len, sizeof(len), *h);
	if (len)
		*h = zt_hash64(s, len, *h);
}

char *zt_fingerprint(const struct zt_finding *f, const char *source_line, const char *root)
{
	char *norm = normalize(source_line ? source_line : "");
	uint64_t h = 0, src;

	hash_field(&h, f->check ? f->check->rule_id : "");
	hash_field(&h, fingerprint_path(f->file, root));
	hash_field(&h, f->function);
	hash_field(&h, f->symbol);
	src = zt_hash64(norm, strlen(norm), 0);
	free(norm);
	return xasprintf("%016llx:%016llx", (unsigned long long)h, (unsigned long long)src);
}

static char *nth_line(const char *text, unsigned int line)
{
	const char *p = text, *end;

	for (unsigned int i = 1; i < line && p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p || !*p)
		return xstrdup("");
	end = strchr(p, '\n');
	return end ? xstrndup(p, (size_t)(end - p)) : xstrdup(p);
}

void zt_findings_fingerprint(struct zt_findings *fs, const char *root)
{
	for (size_t i = 0; i < fs->n; i++) {
		struct zt_finding *f = &fs->v[i];
		char *text = NULL, *line;

		if (!f->file || zt_read_file(f->file, &text, NULL))
			text = NULL;
		line = text ? nth_line(text, f->line) : xstrdup("");
		free(f->fingerprint);
		f->fingerprint = zt_fingerprint(f, line, root);
		free(line);
		free(text);
	}
}

static void diff_add(struct zt_diff *d, enum zt_diff_kind kind, const struct zt_finding *o,
		     const struct zt_finding *n)
{
	ZT_ALLOC_GROW(d->v, d->n + 1, d->alloc);
	d->v[d->n++] = (struct zt_diff_entry){ .kind = kind, .old = o, .new = n };
	d->counts[kind]++;
}

void zt_diff_findings(const struct zt_findings *old, const struct zt_findings *new,
		      struct zt_diff *diff)
{
	bool *used = xcalloc(old->n ? old->n : 1, sizeof(*used));

	memset(diff, 0, sizeof(*diff));
	for (size_t i = 0; i < new->n; i++) {
		const struct zt_finding *nf = &new->v[i];
		const struct zt_finding *match = NULL;

		for (size_t j = 0; j < old->n && !match; j++) {
			if (used[j] || !nf->fingerprint || !old->v[j].fingerprint ||
			    strcmp(nf->fingerprint, old->v[j].fingerprint))
				continue;
			used[j] = true;
			match = &old->v[j];
		}
		if (!match)
			diff_add(diff, ZT_DIFF_NEW, NULL, nf);
		else if (match->size != nf->size)
			diff_add(diff, ZT_DIFF_CHANGED, match, nf);
		else
			diff_add(diff, ZT_DIFF_UNCHANGED, match, nf);
	}
	for (size_t j = 0; j < old->n; j++)
		if (!used[j])
			diff_add(diff, ZT_DIFF_FIXED, &old->v[j], NULL);
	free(used);
}

void zt_diff_release(struct zt_diff *diff)
{
	free(diff->v);
	memset(diff, 0, sizeof(*diff));
}

void zt_findings_subtract_baseline(struct zt_findings *fs, const struct zt_findings *baseline)
{
	bool *used = xcalloc(baseline->n ? baseline->n : 1, sizeof(*used));
	size_t kept = 0;

	for (size_t i = 0; i < fs->n; i++) {
		struct zt_finding *f = &fs->v[i];
		bool known = false;

		for (size_t j = 0; j < baseline->n && !known; j++) {
			if (used[j] || !f->fingerprint || !baseline->v[j].fingerprint ||
			    strcmp(f->fingerprint, baseline->v[j].fingerprint))
				continue;
			used[j] = known = true;
		}
		if (known) {
			zt_finding_clear(f);
			continue;
		}
		fs->v[kept++] = *f;
	}
	fs->n = kept;
	free(used);
}

int zt_shard_parse(const char *spec, unsigned int *k, unsigned int *n)
{
	unsigned long kv, nv;
	const char *slash = spec ? strchr(spec, '/') : NULL;
	char *ks;
	int bad;

	if (!slash)
		return -1;
	ks = xstrndup(spec, (size_t)(slash - spec));
	bad = zt_parse_uint(ks, 1u << 20, &kv) || zt_parse_uint(slash + 1, 1u << 20, &nv);
	free(ks);
	if (bad || nv == 0 || kv == 0 || kv > nv)
		return -1;
	*k = (unsigned int)kv;
	*n = (unsigned int)nv;
	return 0;
}

bool zt_shard_owns(const char *file, const char *root, unsigned int k, unsigned int n)
{
	const char *rel = zt_relative_path(file, root);

	if (n <= 1)
		return true;
	return zt_hash64(rel, strlen(rel), 0) % n == k - 1;
}

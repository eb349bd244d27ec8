// SPDX-License-Identifier: GPL-2.0-only
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "finding.h"
#include "zerotax.h"

struct zt_finding *zt_findings_add(struct zt_findings *fs, const struct zt_check *check)
{
	struct zt_finding *f;

	if (fs->n == fs->cap) {
		fs->cap = fs->cap ? fs->cap * 2 : 16;
		fs->v = xrealloc(fs->v, fs->cap * sizeof(*fs->v));
	}
	f = &fs->v[fs->n++];
	memset(f, 0, sizeof(*f));
	f->check = check;
	return f;
}

void zt_finding_add_note(struct zt_finding *f, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	ZT_ALLOC_GROW(f->notes, f->n_notes + 1, f->alloc_notes);
	f->notes[f->n_notes++] = s;
}

void zt_finding_set_chain(struct zt_finding *f, char *const *funcs, size_t n)
{
	for (size_t i = 0; i < f->n_chain; i++)
		free(f->chain[i]);
	free(f->chain);
	f->chain = n ? xcalloc(n, sizeof(*f->chain)) : NULL;
	for (size_t i = 0; i < n; i++)
		f->chain[i] = xstrdup(funcs[i]);
	f->n_chain = n;
}

static int strcmp0(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int finding_cmp(const void *pa, const void *pb)
{
	const struct zt_finding *a = pa, *b = pb;
	int c;

	if (a->rank != b->rank)
		return a->rank > b->rank ? -1 : 1;
	c = strcmp0(a->file, b->file);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	c = strcmp0(a->check->rule_id, b->check->rule_id);
	return c ? c : strcmp0(a->symbol, b->symbol);
}

void zt_findings_sort(struct zt_findings *fs)
{
	if (fs->n > 1)
		qsort(fs->v, fs->n, sizeof(*fs->v), finding_cmp);
}

bool zt_finding_same_place(const struct zt_finding *a, const struct zt_finding *b)
{
	return a->check == b->check && a->line == b->line && a->column == b->column &&
	       !strcmp0(a->file, b->file) && !strcmp0(a->fingerprint, b->fingerprint);
}

void zt_findings_drop_repeats(struct zt_findings *fs)
{
	size_t n = 0;

	for (size_t i = 0; i < fs->n; i++) {
		bool seen = false;

		for (size_t k = 0; k < n && !seen; k++)
			seen = zt_finding_same_place(&fs->v[k], &fs->v[i]);
		if (seen)
			zt_finding_clear(&fs->v[i]);
		else
			fs->v[n++] = fs->v[i];
	}
	fs->n = n;
}

size_t zt_findings_count_active(const struct zt_findings *fs)
{
	size_t n = 0;

	for (size_t i = 0; i < fs->n; i++)
		n += !fs->v[i].suppressed;
	return n;
}

void zt_finding_clear(struct zt_finding *f)
{
	free(f->file);
	free(f->function);
	free(f->symbol);
	free(f->type);
	free(f->message);
	for (size_t j = 0; j < f->n_notes; j++)
		free(f->notes[j]);
	free(f->notes);
	for (size_t j = 0; j < f->n_chain; j++)
		free(f->chain[j]);
	free(f->chain);
	free(f->fingerprint);
	free(f->suppress_reason);
	json_decref(f->details);
	memset(f, 0, sizeof(*f));
}

void zt_findings_release(struct zt_findings *fs)
{
	for (size_t i = 0; i < fs->n; i++)
		zt_finding_clear(&fs->v[i]);
	free(fs->v);
	memset(fs, 0, sizeof(*fs));
}

const char *zt_freq_name(enum zt_freq freq)
{
	switch (freq) {
	case ZT_FREQ_COLD:
		return "cold";
	case ZT_FREQ_PER_POLL:
		return "per-poll";
	case ZT_FREQ_PER_BATCH:
		return "per-batch";
	case ZT_FREQ_PER_PACKET:
		return "per-packet";
	case ZT_FREQ_UNKNOWN:
		break;
	}
	return "unknown";
}

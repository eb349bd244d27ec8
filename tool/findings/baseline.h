/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fingerprints, baselines and result diffs: what CI needs to report only what
 * a patch introduces. A fingerprint is rule + file (relative to a root, else
 * its base name) + function + symbol + a hash of the finding's source text
 * with whitespace collapsed, so it survives lines shifting above it and the
 * tree being checked out elsewhere. zt_fingerprint() is the one function:
 * every finding producer (stack_check.c, layout.c) calls it.
 */
#ifndef ZT_BASELINE_H
#define ZT_BASELINE_H

#include <stdint.h>

#include "finding.h"

/*
 * @source: the finding's source text: its source line, or what the producer
 * knows of it (a local's declaration, a struct's type). @root: NULL, or the
 * files are taken relative to it.
 */
char *zt_fingerprint(const struct zt_finding *f, const char *source, const char *root);
/* Fill every finding's fingerprint (reading the source lines); unreadable files hash as empty. */
void zt_findings_fingerprint(struct zt_findings *fs, const char *root);

/* Path relative to root when it lies below it; else unchanged. Returns a pointer into path. */
const char *zt_relative_path(const char *path, const char *root);

enum zt_diff_kind {
	ZT_DIFF_NEW,
	ZT_DIFF_FIXED,
	ZT_DIFF_UNCHANGED,
	ZT_DIFF_CHANGED,	/* same finding, different size (a struct grew or shrank) */
};

struct zt_diff_entry {
	enum zt_diff_kind kind;
	const struct zt_finding *old;	/* NULL for new */
	const struct zt_finding *new;	/* NULL for fixed */
};

struct zt_diff {
	struct zt_diff_entry *v;
	size_t n, alloc;
	size_t counts[4];
};

/*
 * Match findings by fingerprint as multisets (two identical fingerprints in
 * NEW and one in OLD: one unchanged, one new). Findings must have fingerprints.
 */
void zt_diff_findings(const struct zt_findings *old, const struct zt_findings *new,
		      struct zt_diff *diff);
void zt_diff_release(struct zt_diff *diff);

/* Drop from @fs every finding whose fingerprint the baseline has (multiset). */
void zt_findings_subtract_baseline(struct zt_findings *fs, const struct zt_findings *baseline);

/* --shard K/N: parse, and whether this shard owns @file (stable hash of the relative path). */
int zt_shard_parse(const char *spec, unsigned int *k, unsigned int *n);
bool zt_shard_owns(const char *file, const char *root, unsigned int k, unsigned int n);

#endif /* ZT_BASELINE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The finding model shared by every check. Checkers only produce findings;
 * the emitters (text, JSON, SARIF) render them. The JSON of a finding is the
 * input of `zerotax fix` and is documented in docs/json-format.md.
 */
#ifndef ZT_FINDING_H
#define ZT_FINDING_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "checks.h"

/* How often the code holding the finding runs. */
enum zt_freq {
	ZT_FREQ_UNKNOWN,
	ZT_FREQ_COLD,		/* not on a hot path */
	ZT_FREQ_PER_POLL,	/* once per NAPI poll / xmit batch */
	ZT_FREQ_PER_BATCH,	/* once per batch of N packets (a bulk flushed when full) */
	ZT_FREQ_PER_PACKET,	/* inside the per-packet loop */
};

struct zt_finding {
	const struct zt_check *check;
	char *file;		/* as the compile database names it */
	unsigned int line;	/* 1-based */
	unsigned int column;	/* 1-based */
	char *function;		/* enclosing function; NULL for struct findings */
	char *symbol;		/* the variable, or the struct */
	char *type;		/* "struct mlx5e_xdp_buff" */
	long long size;		/* bytes of the object */
	char *message;		/* one line, without location or rule */
	char **notes;		/* "note:" lines, in order */
	size_t n_notes, alloc_notes;
	char **chain;		/* hot chain, root first, ending at function */
	size_t n_chain;
	enum zt_freq freq;
	double rank;		/* estimated bytes per packet: the sort key */
	char *fingerprint;	/* stable across line shifts (rule+file+function+symbol+source hash) */
	bool suppressed;
	bool suppress_external;	/* by a .zerotax-allow file, not a comment in the source */
	char *suppress_reason;
	json_t *details;	/* rule-specific data (owner, evidence, layout): an object */
};

struct zt_findings {
	struct zt_finding *v;
	size_t n, cap;
};

/* Append a zeroed finding for @check and return it; strings are the caller's to fill (owned). */
struct zt_finding *zt_findings_add(struct zt_findings *fs, const struct zt_check *check);
void zt_finding_add_note(struct zt_finding *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void zt_finding_set_chain(struct zt_finding *f, char *const *funcs, size_t n);
/* Highest rank first, then file, line, column, rule: a stable total order. */
void zt_findings_sort(struct zt_findings *fs);
/* The same check at the same place on the same source (file, line, column, fingerprint). */
bool zt_finding_same_place(const struct zt_finding *a, const struct zt_finding *b);
/*
 * Keep the first of the findings at one place (sorted: the highest ranked):
 * an inline function of a header seen by two shards, a file the database
 * builds twice (two modules, two configurations).
 */
void zt_findings_drop_repeats(struct zt_findings *fs);
size_t zt_findings_count_active(const struct zt_findings *fs);
/* Free what one finding owns and zero it (the array slot stays). */
void zt_finding_clear(struct zt_finding *f);
void zt_findings_release(struct zt_findings *fs);

const char *zt_freq_name(enum zt_freq freq);

#endif /* ZT_FINDING_H */

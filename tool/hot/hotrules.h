/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Hot-path rules files (rules/hotpaths/<driver>.conf): roots the automatic
 * detection cannot see, functions known to run per packet or to be cold, and
 * thresholds. The format is described at the top of rules/hotpaths/mlx5e.conf
 * and in docs/check.md.
 */
#ifndef ZT_HOTRULES_H
#define ZT_HOTRULES_H

#include <stddef.h>

enum zt_hotrule_kind {
	ZT_RULE_ROOT,		/* root FUNC [why...]: a hot root (once per poll) */
	ZT_RULE_PER_PACKET,	/* per-packet FUNC: runs once per packet when hot */
	ZT_RULE_COLD,		/* cold FUNC: never hot, does not propagate */
};

struct zt_hotrule {
	enum zt_hotrule_kind kind;
	char *func;
	char *why;		/* free text after the name, or NULL */
	unsigned int line;
};

struct zt_hotrules {
	struct zt_hotrule *v;
	size_t n, alloc;
	long long min_size;	/* "min-size N"; -1 when not set */
	unsigned int budget;	/* "budget N": packets per poll; 0 when not set */
};

/* Parse the text of a rules file; -1 with error() naming @path:line on bad input. */
int zt_hotrules_parse(const char *text, const char *path, struct zt_hotrules *r);
/* Read and parse a file (appends to @r). */
int zt_hotrules_load(const char *path, struct zt_hotrules *r);
void zt_hotrules_init(struct zt_hotrules *r);
void zt_hotrules_release(struct zt_hotrules *r);

#endif /* ZT_HOTRULES_H */

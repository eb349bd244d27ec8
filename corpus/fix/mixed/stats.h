/* SPDX-License-Identifier: GPL-2.0-only */
/* Self-contained, and it does not include owner.h: an #include makes no cycle. */
#ifndef CORPUS_MIXED_STATS_H
#define CORPUS_MIXED_STATS_H

struct demo_stats {
	unsigned long v[8];
};

static inline void demo_stats_clear(struct demo_stats *s)
{
	for (int i = 0; i < 8; i++)
		s->v[i] = 0;
}

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* The item is defined after the queue: embedding it needs the definition first. */
#ifndef CORPUS_AFTER_Q_H
#define CORPUS_AFTER_Q_H

struct demo_q {
	unsigned int head;
	unsigned int tail;
};

/* One work item, filled per packet. */
struct demo_item {
	unsigned long addr;
	unsigned long len;
	unsigned long cookie[6];
};

static inline void demo_item_fill(struct demo_item *it, unsigned long addr, unsigned long len)
{
	it->addr = addr;
	it->len = len;
	for (int i = 0; i < 6; i++)
		it->cookie[i] = 0;
}

#endif

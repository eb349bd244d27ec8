// SPDX-License-Identifier: GPL-2.0-only
#include "q.h"

unsigned long demo_q_rx(struct demo_q *q, unsigned long addr, unsigned long len)
{
	struct demo_item it;

	demo_item_fill(&it, addr, len);
	q->head++;
	return it.len + sizeof(it);
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: demo_q_rx it: written-first
 */

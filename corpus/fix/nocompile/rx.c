// SPDX-License-Identifier: GPL-2.0-only
#include "buf.h"

unsigned int demo_rx_one(struct demo_q *q, unsigned long addr, unsigned int len)
{
	struct demo_buf buf;

	demo_buf_fill(&buf, addr, len);
	q->head++;
	return buf.desc.len;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: demo_rx_one buf: written-first
 */

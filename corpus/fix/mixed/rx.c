// SPDX-License-Identifier: GPL-2.0-only
#include "buf.h"
#include "stats.h"

unsigned int demo_rx_one(struct demo_q *q, unsigned long addr, unsigned int len)
{
	struct demo_buf buf;

	demo_buf_fill(&buf, addr, len);
	q->head++;
	return buf.desc.len;
}

unsigned long demo_cq_poll(struct demo_cq *cq)
{
	struct demo_stats st;

	demo_stats_clear(&st);
	cq->ci++;
	return st.v[0];
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: demo_rx_one buf: written-first
 * zt-da: demo_cq_poll st: written-first
 */

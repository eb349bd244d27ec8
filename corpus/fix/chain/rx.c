// SPDX-License-Identifier: GPL-2.0-only
#include "en.h"

unsigned int demo_rx(struct demo_rq *rq, void *data, unsigned int len)
{
	struct demo_buf b;

	demo_buf_init(&b, data, len);
	rq->head++;
	return b.len;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: demo_rx b: written-first
 */

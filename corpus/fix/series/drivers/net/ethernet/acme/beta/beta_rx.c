// SPDX-License-Identifier: GPL-2.0-only
/* beta: one frame hoisted into the queue; one read before it is written, left alone. */
#include "beta.h"

static unsigned int beta_rx_frame(struct beta_queue *q, void *va, unsigned int len)
{
	struct beta_frame frame;

	frame.data = va;
	frame.len = len;
	q->bytes += frame.len;
	return frame.data ? frame.len : 0;
}

static unsigned int beta_rx_meta(struct beta_queue *q, void *va)
{
	struct beta_frame meta;

	meta.data = va;
	if (q->head)
		meta.len = 64;
	return meta.len;
}

int beta_poll(struct beta_queue *q, int budget)
{
	static char page[256];
	int done = 0;

	while (done < budget) {
		beta_rx_frame(q, page, 64);
		beta_rx_meta(q, page);
		done++;
	}
	q->head += (unsigned int)done;
	return done;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: beta_rx_frame frame: written-first
 * zt-da: beta_rx_meta meta: read-before-written len @22
 */

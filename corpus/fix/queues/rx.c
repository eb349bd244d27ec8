// SPDX-License-Identifier: GPL-2.0-only
/* The receive path: one q_buf on the stack per packet. */
#include "q.h"

struct q_dev *q_the_dev;

static void q_fill(struct q_rx *rx, struct q_buf *b, unsigned int n)
{
	b->queue = rx->index;
	b->seq = rx->seq + n;
	b->len = 64 + n;
	b->csum = rx->index * 1000u + n;
	b->cookie = rx->packets;
	b->page = NULL;
}

static void q_handle(struct q_dev *dev, struct q_rx *rx, unsigned int n)
{
	struct q_buf b;

	q_fill(rx, &b, n);
	/* the other queue's poll runs here too */
	q_wait(rx);
	q_consume(rx, &b);
	(void)dev;
}

int q_poll(struct napi_struct *napi, int budget)
{
	struct q_vector *v = container_of(napi, struct q_vector, napi);
	int done;

	for (done = 0; done < budget; done++)
		q_handle(q_the_dev, &v->rx, (unsigned int)done);
	v->rx.seq += (unsigned int)done;
	return done;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: q_handle b: written-first
 */

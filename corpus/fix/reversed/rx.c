// SPDX-License-Identifier: GPL-2.0-only
/* A per-packet function with its own buffer on the stack, called from the poll. */
#include "en/xdp.h"

static void r_fill(struct r_buff *b, struct r_rq *rq, char *slot, unsigned long tag)
{
	b->data = slot;
	b->data_end = slot + 16;
	b->rq = rq;
	for (int i = 0; i < 24; i++)
		b->meta[i] = tag + i;
}

static void r_one(struct r_rq *rq, char *slot, unsigned long tag)
{
	struct r_buff b;

	r_fill(&b, rq, slot, tag);
	r_record(&b);
}

int r_poll(struct napi_struct *napi, int budget)
{
	struct r_rq *rq = container_of(napi, struct r_rq, napi);
	int done;

	for (done = 0; done < budget; done++)
		r_one(rq, rq->slots[done], done * 100UL);
	return done;
}

/* The queue is rx.c's own: main.c runs it through this. */
int r_run(char *a, char *z)
{
	static struct r_rq rq;

	rq.index = 5;
	rq.slots[0] = a;
	rq.slots[1] = z;
	return r_poll(&rq.napi, 2);
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: r_one b: written-first
 */

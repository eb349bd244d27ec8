// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two functions' locals of one name and type (issue 55 class 4): both
 * would keep their mxbuf in the ring's one field, and n_outer() calls
 * n_inner() between filling its own and reading it.
 */
#include "h.h"

static void __attribute__((noinline)) n_fill(struct n_desc *d, struct n_ring *ring,
					    unsigned long len)
{
	d->addr = len * 2;
	d->len = len;
	d->csum = len * 3;
	d->vlan = 0;
	d->mark = 0;
	d->stamp = 0;
	d->queue = ring->index;
	d->cookie = len;
}

static void n_inner(struct n_ring *ring, unsigned long len)
{
	struct n_desc mxbuf;

	n_fill(&mxbuf, ring, len + 1000);
	n_record(ring, "inner csum", mxbuf.csum);
}

static void n_outer(struct n_ring *ring, unsigned long len)
{
	struct n_desc mxbuf;

	n_fill(&mxbuf, ring, len);
	n_inner(ring, len);
	n_record(ring, "outer csum", mxbuf.csum);
	ring->done++;
}

int n_poll(struct napi_struct *napi, int budget)
{
	struct n_vector *v = container_of(napi, struct n_vector, napi);

	for (int n = 0; n < budget; n++)
		n_outer(&v->ring, 60ul + (unsigned long)n);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: n_inner mxbuf: written-first
 * zt-da: n_outer mxbuf: written-first
 */

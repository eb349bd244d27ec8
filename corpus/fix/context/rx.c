// SPDX-License-Identifier: GPL-2.0-only
/*
 * A helper reached from the poll and from the ring's reset work item
 * (issue 55 class 10): the ring is one NAPI instance's, but the work item
 * runs in a context of its own, at the same time as the poll. A
 * descriptor kept in the ring would be filled by both.
 */
#include "h.h"

static void __attribute__((noinline)) c_fill(struct c_desc *d, struct c_ring *ring,
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

static void c_clean(struct c_ring *ring, unsigned long len)
{
	struct c_desc d;

	c_fill(&d, ring, len);
	c_kick(ring);
	c_record(ring, "csum", d.csum);
	ring->done++;
}

int c_poll(struct napi_struct *napi, int budget)
{
	struct c_vector *v = container_of(napi, struct c_vector, napi);

	for (int n = 0; n < budget; n++)
		c_clean(&v->ring, 60ul + (unsigned long)n);
	return budget;
}

void c_reset_work(struct work_struct *work)
{
	struct c_ring *ring = container_of(work, struct c_ring, reset);

	c_clean(ring, 1000);
}

void c_setup(struct c_ring *ring)
{
	ring->reset.func = c_reset_work;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: c_clean d: written-first
 */

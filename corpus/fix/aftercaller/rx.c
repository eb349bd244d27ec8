// SPDX-License-Identifier: GPL-2.0-only
/*
 * The release is in the caller (issue 55 class 5, from the callers' side):
 * a_poll() lets its instance go and then runs a_tail(), whose buffer a
 * per-queue copy would share with the poll another CPU may start meanwhile.
 * Nothing in a_tail() itself lets go.
 */
#include "h.h"

static void __attribute__((noinline)) a_fill(struct a_desc *d, struct a_ring *ring)
{
	d->addr = 0;
	d->len = ring->seen * 10ul + 3;
	d->csum = d->len * 3;
	d->vlan = 0;
	d->mark = 0;
	d->stamp = 0;
	d->queue = ring->index;
	d->cookie = 0;
}

static int a_tail(struct a_ring *ring)
{
	struct a_desc a;

	a_fill(&a, ring);
	ring->seen++;
	a_record(ring, "start", a.len);
	a_record(ring, "tail", a.csum);
	return 1;
}

int a_poll(struct napi_struct *napi, int budget)
{
	struct a_vector *v = container_of(napi, struct a_vector, napi);
	int work = 0;

	if (budget > 1)
		napi_complete_done(napi, 1);
	while (work < budget)
		work += a_tail(&v->ring);
	return work;
}

void a_setup(struct a_vector *v)
{
	netif_napi_add(&v->napi, a_poll);
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: a_tail a: written-first
 */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A loop from 0 up to a constant writes every element only when it visits
 * every one. A step of two, a counter the body moves, or one a callee moves
 * through its address skips an element; the read of it sees the zero.
 */
#include "h.h"

static void k_advance(int *i)
{
	*i += 1;
}

/* every element: the rewrite is sound */
static void k_rx_all(struct k_ring *ring)
{
	unsigned int lens[4];

	for (int i = 0; i < 4; i++)
		lens[i] = ring->sizes[i];
	k_record(ring, "all", lens[1] + lens[3]);
}

/* a step of two: lens[1] is never written */
static void k_rx_step(struct k_ring *ring)
{
	unsigned int lens[4];

	for (int i = 0; i < 4; i += 2)
		lens[i] = ring->sizes[i];
	k_record(ring, "step", lens[1]);
}

/* the body moves the counter too */
static void k_rx_body(struct k_ring *ring)
{
	unsigned int lens[4];

	for (int i = 0; i < 4; i++) {
		lens[i] = ring->sizes[i];
		i++;
	}
	k_record(ring, "body", lens[1]);
}

/* a callee moves it through its address */
static void k_rx_callee(struct k_ring *ring)
{
	unsigned int lens[4];

	for (int i = 0; i < 4; i++) {
		lens[i] = ring->sizes[i];
		k_advance(&i);
	}
	k_record(ring, "callee", lens[1]);
}

int k_poll(struct napi_struct *napi, int budget)
{
	struct k_vector *v = container_of(napi, struct k_vector, napi);

	for (int n = 0; n < budget; n++) {
		k_rx_all(&v->ring);
		k_rx_step(&v->ring);
		k_rx_body(&v->ring);
		k_rx_callee(&v->ring);
	}
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: k_rx_all lens: written-first
 * zt-da: k_rx_step lens: read-before-written [1] @31
 * zt-da: k_rx_body lens: read-before-written [1] @43
 * zt-da: k_rx_callee lens: read-before-written [1] @55
 */

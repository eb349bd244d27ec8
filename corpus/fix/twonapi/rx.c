// SPDX-License-Identifier: GPL-2.0-only
/*
 * A container of two NAPI instances (issue 55 class 3): the RX and the TX
 * poll both take the channel from container_of() and clean its ring; a
 * descriptor kept in the ring would be filled by both at once.
 */
#include "h.h"

static void __attribute__((noinline)) w_fill(struct w_desc *d, struct w_ring *ring,
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

static void w_clean(struct w_ring *ring, unsigned long len)
{
	struct w_desc d;

	w_fill(&d, ring, len);
	w_kick(ring);
	w_record(ring, "csum", d.csum);
	ring->done++;
}

int w_rx_poll(struct napi_struct *napi, int budget)
{
	struct w_channel *ch = container_of(napi, struct w_channel, rx_napi);

	for (int n = 0; n < budget; n++)
		w_clean(&ch->ring, 60ul + (unsigned long)n);
	return budget;
}

int w_tx_poll(struct napi_struct *napi, int budget)
{
	struct w_channel *ch = container_of(napi, struct w_channel, tx_napi);

	for (int n = 0; n < budget; n++)
		w_clean(&ch->ring, 160ul + (unsigned long)n);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: w_clean d: written-first
 */

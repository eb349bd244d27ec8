// SPDX-License-Identifier: GPL-2.0-only
/* alpha: one buffer hoisted into the ring, one kept on the stack uninitialized. */
#include "alpha.h"

static unsigned int alpha_peek(void *va, unsigned int len)
{
	struct alpha_buf hdr;

	hdr.data = va;
	hdr.len = len;
	hdr.flags = 0;
	return hdr.len + hdr.flags;
}

static unsigned int alpha_rx_one(struct alpha_ring *ring, void *va, unsigned int len)
{
	struct alpha_buf buf;

	buf.data = va;
	buf.len = len;
	buf.flags = ring->head;
	ring->desc = buf.data;
	return buf.len + buf.flags + alpha_peek(va, len);
}

int alpha_poll(struct alpha_ring *ring, int budget)
{
	static char page[256];
	int done = 0;

	while (done < budget) {
		alpha_rx_one(ring, page, 64);
		done++;
	}
	ring->head += (unsigned int)done;
	return done;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: alpha_peek hdr: written-first
 * zt-da: alpha_rx_one buf: written-first
 */

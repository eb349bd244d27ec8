// SPDX-License-Identifier: GPL-2.0-only
/*
 * Declarations a jump goes past (issue 55 class 12): at the top of a
 * switch body, every case label jumps over it; a goto into the block
 * skips it too. The local itself needs no initializer there, but a
 * pointer to the ring's copy put in its place would never be set.
 */
#include "h.h"

static void t_rx_kind(struct t_ring *ring, unsigned long len, int kind)
{
	switch (kind) {
		struct t_desc d;

	case 0:
		d.len = len;
		d.csum = len * 3;
		t_record(ring, "csum", d.csum);
		break;
	default:
		d.len = len + 1;
		t_record(ring, "len", d.len);
		break;
	}
	ring->seen++;
}

static void t_rx_again(struct t_ring *ring, unsigned long len)
{
	if (len & 1)
		goto again;
	{
		struct t_desc e;

		ring->seen++;
again:
		e.vlan = len;
		t_record(ring, "vlan", e.vlan);
	}
}

int t_poll(struct napi_struct *napi, int budget)
{
	struct t_vector *v = container_of(napi, struct t_vector, napi);

	for (int n = 0; n < budget; n++) {
		t_rx_kind(&v->ring, 60ul + (unsigned long)n, n);
		t_rx_again(&v->ring, 61ul + (unsigned long)n);
	}
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: t_rx_kind d: written-first
 * zt-da: t_rx_again e: written-first
 */

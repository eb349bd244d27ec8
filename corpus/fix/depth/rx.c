// SPDX-License-Identifier: GPL-2.0-only
/*
 * A read eight calls down, past the depth the analysis follows: the
 * callee there is unknown and reads all it is given. Every field of it
 * counts, not only the first: vlan is never written.
 */
#include "h.h"

static void d_use8(struct d_ring *ring, struct d_desc *d)
{
	d_record(ring, "vlan", d->vlan);
}

static void d_use7(struct d_ring *ring, struct d_desc *d) { d_use8(ring, d); }
static void d_use6(struct d_ring *ring, struct d_desc *d) { d_use7(ring, d); }
static void d_use5(struct d_ring *ring, struct d_desc *d) { d_use6(ring, d); }
static void d_use4(struct d_ring *ring, struct d_desc *d) { d_use5(ring, d); }
static void d_use3(struct d_ring *ring, struct d_desc *d) { d_use4(ring, d); }
static void d_use2(struct d_ring *ring, struct d_desc *d) { d_use3(ring, d); }
static void d_use1(struct d_ring *ring, struct d_desc *d) { d_use2(ring, d); }

static void d_rx(struct d_ring *ring, unsigned long len)
{
	struct d_desc d;

	d.addr = 0x1000;
	d.len = len;
	d.csum = len ^ 0xff;
	d_use1(ring, &d);
	ring->seen++;
}

int d_poll(struct napi_struct *napi, int budget)
{
	struct d_vector *v = container_of(napi, struct d_vector, napi);

	for (int n = 0; n < budget; n++)
		d_rx(&v->ring, 60ul + (unsigned long)n);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: d_rx d: unknown depth vlan @29
 */

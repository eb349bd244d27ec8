// SPDX-License-Identifier: GPL-2.0-only
/* clang keeps the 64 bytes of zeroing of hi: exactly the bytes that are read unwritten. */
#include "h.h"

static void h_fill(struct h_desc *d, const struct h_half *slot)
{
	d->lo = *slot;
}

static void h_handle(struct h_ring *ring, const struct h_half *slot)
{
	struct h_desc d;

	h_fill(&d, slot);
	h_record(ring, d.lo.w[0], d.hi.w[3]);
}

int h_poll(struct napi_struct *napi, int budget)
{
	struct h_vector *v = container_of(napi, struct h_vector, napi);
	int done;

	for (done = 0; done < budget; done++)
		h_handle(&v->ring, &v->ring.slots[done]);
	return done;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: h_handle d: read-before-written hi.w[3] @15
 */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * An owner reached through a pointer (issue 55 class 2): s_xmit()'s ring
 * is the vector's xdp_ring, which two vectors share. A frame kept in the
 * ring would be filled by both polls at once.
 */
#include "h.h"

static void __attribute__((noinline)) s_fill(struct s_frame *f, struct s_ring *ring,
					    unsigned long len)
{
	f->addr = len * 2;
	f->len = len;
	f->csum = len * 3;
	f->vlan = 0;
	f->mark = 0;
	f->stamp = 0;
	f->queue = ring->index;
	f->cookie = len;
}

static void s_xmit(struct s_ring *ring, unsigned long len)
{
	struct s_frame f;

	s_fill(&f, ring, len);
	s_kick(ring);
	s_record(ring, "csum", f.csum);
	ring->sent++;
}

int s_poll(struct napi_struct *napi, int budget)
{
	struct s_vector *v = container_of(napi, struct s_vector, napi);

	for (int n = 0; n < budget; n++)
		s_xmit(v->xdp_ring, 60ul + v->id * 100ul + (unsigned long)n);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: s_xmit f: written-first
 */

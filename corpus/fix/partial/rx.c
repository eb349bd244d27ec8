// SPDX-License-Identifier: GPL-2.0-only
/* Zeroing gave b[0] = 0 for an untagged packet; a shared copy gives the last tag. */
#include "p.h"

static void p_fill(const struct p_pkt *pkt, struct p_meta *m)
{
	m->a[0] = pkt->len;
	m->a[1] = pkt->len + 14;
	if (pkt->flags & 1)
		m->b[0] = pkt->tag;
}

static void p_handle(struct p_ring *ring, const struct p_pkt *pkt)
{
	struct p_meta m;

	p_fill(pkt, &m);
	p_record(ring, m.a[0], m.a[1], m.b[0]);
}

int p_poll(struct napi_struct *napi, int budget)
{
	struct p_vector *v = container_of(napi, struct p_vector, napi);
	int done;

	for (done = 0; done < budget; done++)
		p_handle(&v->ring, &v->ring.pkts[done]);
	return done;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: p_handle m: read-before-written b[0] @18
 */

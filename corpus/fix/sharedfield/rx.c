// SPDX-License-Identifier: GPL-2.0-only
/*
 * s_outer() fills its mxbuf, calls s_inner() (through s_middle()), then
 * reads its own: hoisted into one ring field, the read sees the inner one.
 * s_after() calls s_inner() only after its last use: both may share.
 */
#include "h.h"

static void __attribute__((noinline)) s_fill(struct s_buf *b, struct s_ring *ring,
					     unsigned long salt)
{
	b->addr = salt;
	b->len = ring->seen * 10ul + salt;
	b->csum = b->len * 3;
	b->vlan = 0;
	b->mark = 0;
	b->stamp = 0;
	b->queue = ring->index;
	b->cookie = 0;
}

static int s_inner(struct s_ring *ring)
{
	struct s_buf mxbuf;

	s_fill(&mxbuf, ring, 7);
	s_record(ring, "inner", mxbuf.csum);
	return 1;
}

static int s_middle(struct s_ring *ring)
{
	return s_inner(ring);
}

static int s_outer(struct s_ring *ring)
{
	struct s_buf mxbuf;
	int n;

	s_fill(&mxbuf, ring, 1);
	n = s_middle(ring);
	s_record(ring, "outer", mxbuf.csum);
	return n + 1;
}

static int s_after(struct s_ring *ring)
{
	struct s_buf mxbuf;

	s_fill(&mxbuf, ring, 2);
	s_record(ring, "after", mxbuf.len);
	return s_inner(ring) + 1;
}

int s_poll(struct napi_struct *napi, int budget)
{
	struct s_vector *v = container_of(napi, struct s_vector, napi);
	int work = 0;

	while (work < budget) {
		work += s_outer(&v->ring) + s_after(&v->ring);
		v->ring.seen++;
	}
	return work;
}

void s_setup(struct s_vector *v)
{
	netif_napi_add(&v->napi, s_poll);
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: s_inner mxbuf: written-first
 * zt-da: s_outer mxbuf: written-first
 * zt-da: s_after mxbuf: written-first
 */

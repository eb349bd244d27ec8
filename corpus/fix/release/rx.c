// SPDX-License-Identifier: GPL-2.0-only
/*
 * A buffer used after napi_complete_done() (issue 55 class 5): from that
 * call on, the same poll may run on another CPU and, with the buffer kept
 * in the ring, fill the very copy this one still reads.
 */
#include "h.h"

static int t_clean(struct t_ring *ring, struct napi_struct *napi, int budget)
{
	struct t_desc d;

	d.len = ring->seen * 10ul + 1;
	d.csum = d.len * 3;
	ring->seen++;
	if (budget > 1)
		napi_complete_done(napi, 1);
	t_record(ring, "csum", d.csum);
	return 1;
}

/* Done with the buffer before the instance goes: nothing reads it after. */
static int t_clean_first(struct t_ring *ring, struct napi_struct *napi, int budget)
{
	struct t_desc e;

	e.len = ring->seen * 10ul + 2;
	t_record(ring, "len", e.len);
	if (budget > 1)
		napi_complete_done(napi, 1);
	return 1;
}

int t_poll(struct napi_struct *napi, int budget)
{
	struct t_vector *v = container_of(napi, struct t_vector, napi);

	if (v->ring.index)
		return t_clean_first(&v->ring, napi, budget);
	return t_clean(&v->ring, napi, budget);
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: t_clean d: written-first
 * zt-da: t_clean_first e: written-first
 */

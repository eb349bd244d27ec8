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

/* Let go through a pointer: what it calls is not known, so it may let go. */
static int t_clean_ptr(struct t_ring *ring, struct napi_struct *napi, int budget)
{
	struct t_desc f;

	f.len = ring->seen * 10ul + 3;
	f.csum = f.len * 3;
	ring->seen++;
	if (budget > 1)
		ring->done(napi, 1);
	t_record(ring, "ptr", f.csum);
	return 1;
}

static void t_done3(struct napi_struct *napi)
{
	napi_complete_done(napi, 1);
}

static void t_done2(struct napi_struct *napi)
{
	t_done3(napi);
}

static void t_done1(struct napi_struct *napi)
{
	t_done2(napi);
}

/* Let go three calls down. */
static int t_clean_deep(struct t_ring *ring, struct napi_struct *napi, int budget)
{
	struct t_desc g;

	g.len = ring->seen * 10ul + 4;
	g.csum = g.len * 3;
	ring->seen++;
	if (budget > 1)
		t_done1(napi);
	t_record(ring, "deep", g.csum);
	return 1;
}

/* Read through a pointer into it after the instance goes. */
static int t_clean_alias(struct t_ring *ring, struct napi_struct *napi, int budget)
{
	struct t_desc h;
	struct t_desc *p = &h;

	h.len = ring->seen * 10ul + 5;
	h.csum = h.len * 3;
	ring->seen++;
	if (budget > 1)
		napi_complete_done(napi, 1);
	t_record(ring, "alias", p->csum);
	return 1;
}

int t_poll(struct napi_struct *napi, int budget)
{
	struct t_vector *v = container_of(napi, struct t_vector, napi);

	switch (v->ring.index) {
	case 1:
		return t_clean_first(&v->ring, napi, budget);
	case 2:
		return t_clean_ptr(&v->ring, napi, budget);
	case 3:
		return t_clean_deep(&v->ring, napi, budget);
	case 4:
		return t_clean_alias(&v->ring, napi, budget);
	default:
		return t_clean(&v->ring, napi, budget);
	}
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: t_clean d: written-first
 * zt-da: t_clean_first e: written-first
 * zt-da: t_clean_ptr f: written-first
 * zt-da: t_clean_deep g: written-first
 * zt-da: t_clean_alias h: written-first
 */

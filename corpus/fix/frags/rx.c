// SPDX-License-Identifier: GPL-2.0-only
/*
 * A field written only where another is not 0, and read only there: the
 * fragment list of a multi-buffer frame (6.12's mlx5e_xmit_xdp_buff(), its
 * sinfo under has_frags). The callees take the member and reach the rest by
 * container_of(), under their own test of the flag; one counts the
 * fragments into a local first, and loops up to it.
 */
#include "h.h"

/* reads the list only where multi is set, through a count that is 0 otherwise */
static bool f_send_one(struct f_ring *ring, struct f_xmit *x)
{
	struct f_frags *fr = container_of(x, struct f_frags, xd);
	unsigned int n = 0;
	unsigned int i;

	if (x->multi)
		n = fr->info->count;
	s_record(ring, "len", x->len);
	for (i = 0; i < n; i++)
		s_record(ring, "frag", fr->info->len[i]);
	return true;
}

/* a session that takes single buffers only: a multi-buffer frame goes to f_send_one() */
static bool f_send_mpw(struct f_ring *ring, struct f_xmit *x)
{
	if (x->multi) {
		struct f_frags *fr = container_of(x, struct f_frags, xd);

		if (fr->info->count > 0)
			return f_send_one(ring, x);
	}
	s_record(ring, "mpw", x->len);
	return true;
}

static bool f_send(struct f_ring *ring, struct f_xmit *x)
{
	return ring->mpw ? f_send_mpw(ring, x) : f_send_one(ring, x);
}

/* info is written where multi is set, and read only there: applied */
static void f_rx_frags(struct f_ring *ring, int budget)
{
	struct f_frags fr;
	struct f_xmit *x;

	x = &fr.xd;
	x->len = 100u * (unsigned int)budget;
	x->multi = budget & 1;
	if (x->multi)
		fr.info = &ring->info;
	f_send(ring, x);
	if (x->multi)
		s_record(ring, "count", fr.info->count);
}

/* a single buffer only: multi is 0 at the call, info never read */
static void f_rx_single(struct f_ring *ring, int budget)
{
	struct f_frags fr;
	struct f_xmit *x = &fr.xd;

	x->len = 64u + (unsigned int)budget;
	x->multi = budget > 8;
	if (x->multi)
		return;
	f_send(ring, x);
}

/* info is written on another test than multi's: refused at the callee's read */
static void f_rx_other(struct f_ring *ring, int budget)
{
	struct f_frags fr;
	struct f_xmit *x = &fr.xd;

	x->len = 32;
	x->multi = budget & 1;
	if (budget > 2)
		fr.info = &ring->info;
	f_send(ring, x);
}

/* multi is written again after the test: what was written under it no longer follows */
static void f_rx_rewritten(struct f_ring *ring, int budget)
{
	struct f_frags fr;
	struct f_xmit *x = &fr.xd;

	x->len = 48;
	x->multi = budget & 1;
	if (x->multi)
		fr.info = &ring->info;
	x->multi = budget > 2;
	f_send(ring, x);
}

/* tests multi after writing it: its test is of its own value, not the caller's */
static void f_send_flipped(struct f_ring *ring, struct f_xmit *x)
{
	struct f_frags *fr = container_of(x, struct f_frags, xd);

	x->multi = !x->multi;
	if (x->multi)
		s_record(ring, "flipped", fr->info->count);
}

/* info written under multi, but the callee flips multi before its test: refused */
static void f_rx_flipped(struct f_ring *ring, int budget)
{
	struct f_frags fr;
	struct f_xmit *x = &fr.xd;

	x->len = 16;
	x->multi = budget & 1;
	if (x->multi)
		fr.info = &ring->info;
	f_send_flipped(ring, x);
}

/* the tested flag shares a union with 'low', written after the test: refused */
static void f_rx_union(struct f_ring *ring, int budget)
{
	struct f_ufrags fr;

	fr.xd.len = 8;
	fr.u.flags = (unsigned int)budget & 1;
	if (fr.u.flags)
		fr.info = &ring->info;
	fr.u.low = (unsigned short)budget;
	if (fr.u.flags)
		s_record(ring, "union", fr.info->count);
}

/* written in a do-while's body, which runs at least once, with no break: applied */
static void f_rx_do(struct f_ring *ring, int budget)
{
	struct f_frags fr;
	int i = 0;

	do {
		fr.xd.len = (unsigned int)i;
		fr.xd.multi = true;
		fr.info = &ring->info;
	} while (++i < budget);
	f_send(ring, &fr.xd);
}

int s_poll(struct napi_struct *napi, int budget)
{
	struct f_vector *v = container_of(napi, struct f_vector, napi);

	f_rx_frags(&v->ring, budget);
	f_rx_single(&v->ring, budget);
	/* these two read info only where it is written, at run time */
	f_rx_other(&v->ring, 3);
	f_rx_rewritten(&v->ring, 3);
	f_rx_flipped(&v->ring, 3);
	f_rx_union(&v->ring, 3);
	f_rx_do(&v->ring, budget);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: f_rx_frags fr: written-first
 * zt-da: f_rx_single fr: written-first
 * zt-da: f_rx_other fr: read-before-written info @83
 * zt-da: f_rx_rewritten fr: read-before-written info @97
 * zt-da: f_rx_flipped fr: read-before-written info @120
 * zt-da: f_rx_union fr: read-before-written info @134
 * zt-da: f_rx_do fr: written-first
 */

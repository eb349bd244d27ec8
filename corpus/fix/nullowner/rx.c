// SPDX-License-Identifier: GPL-2.0-only
/*
 * An owner that may be NULL (issue 55 class 11): a helper that tests its
 * ring, and one given NULL by a call, as a self-test or a flush path does.
 * A copy kept in the ring would be reached through NULL. The proof is of
 * non-NULL, never of "no NULL seen": a NULL through a variable, a test the
 * old rule did not read ('for (; ring;)', a cast, GNU '?:') refuse the same.
 */
#include "h.h"

static void t_rx_tested(struct t_ring *ring, unsigned long len)
{
	struct t_desc d;

	d.len = len;
	d.csum = len * 3;
	t_record(ring, "csum", d.csum);
	if (ring)
		ring->seen++;
}

static void t_rx_given(struct t_ring *ring, unsigned long len)
{
	struct t_desc e;

	e.len = len;
	t_record(ring, "len", e.len);
}

static void t_rx_var(struct t_ring *ring, unsigned long len)
{
	struct t_desc f;

	f.len = len + 1;
	t_record(ring, "var", f.len);
}

static void t_rx_for(struct t_ring *ring, unsigned long len)
{
	struct t_desc g;

	g.len = len + 2;
	t_record(ring, "for", g.len);
	for (; ring; ring = NULL)
		ring->seen++;
}

static void t_rx_cast(struct t_ring *ring, unsigned long len)
{
	struct t_desc h;

	h.len = len + 3;
	t_record(ring, "cast", h.len);
	if ((unsigned long)ring)
		ring->seen++;
}

static void t_rx_elvis(struct t_ring *ring, unsigned long len)
{
	struct t_ring spare = { .index = 9 };
	struct t_desc i;

	i.len = len + 4;
	t_record(ring ?: &spare, "elvis", i.len);
}

/* Dereferenced before the buffer is used: a NULL ring faults there either way. */
static void t_rx_deref(struct t_ring *ring, unsigned long len)
{
	unsigned int seen = ring->seen;
	struct t_desc j;

	j.len = len + seen;
	t_record(ring, "deref", j.len);
}

/* Given only addresses, two callers up. */
static void t_rx_chain(struct t_ring *ring, unsigned long len)
{
	struct t_desc k;

	k.len = len + 5;
	t_record(ring, "chain", k.len);
}

static void t_rx_mid(struct t_ring *ring, unsigned long len)
{
	t_rx_chain(ring, len);
}

int t_poll(struct napi_struct *napi, int budget)
{
	struct t_vector *v = container_of(napi, struct t_vector, napi);
	struct t_ring *none = NULL;

	t_rx_tested(&v->ring, 60);
	t_rx_tested(NULL, 61);
	t_rx_given(&v->ring, 62);
	t_rx_given(NULL, 63);
	t_rx_var(&v->ring, 64);
	t_rx_var(none, 65);
	t_rx_for(&v->ring, 66);
	t_rx_for(none, 67);
	t_rx_cast(&v->ring, 68);
	t_rx_cast(none, 69);
	t_rx_elvis(&v->ring, 70);
	t_rx_elvis(none, 71);
	t_rx_deref(&v->ring, 72);
	t_rx_mid(&v->ring, 73);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: t_rx_tested d: written-first
 * zt-da: t_rx_given e: written-first
 * zt-da: t_rx_var f: written-first
 * zt-da: t_rx_for g: written-first
 * zt-da: t_rx_cast h: written-first
 * zt-da: t_rx_elvis i: written-first
 * zt-da: t_rx_deref j: written-first
 * zt-da: t_rx_chain k: written-first
 */

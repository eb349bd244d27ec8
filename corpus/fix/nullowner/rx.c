// SPDX-License-Identifier: GPL-2.0-only
/*
 * An owner that may be NULL (issue 55 class 11): a helper that tests its
 * ring, and one given NULL by a call, as a self-test or a flush path does.
 * A copy kept in the ring would be reached through NULL.
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

int t_poll(struct napi_struct *napi, int budget)
{
	struct t_vector *v = container_of(napi, struct t_vector, napi);

	t_rx_tested(&v->ring, 60);
	t_rx_tested(NULL, 61);
	t_rx_given(&v->ring, 62);
	t_rx_given(NULL, 63);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: t_rx_tested d: written-first
 * zt-da: t_rx_given e: written-first
 */

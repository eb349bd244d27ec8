// SPDX-License-Identifier: GPL-2.0-only
/*
 * A callee defined in two objects of the driver, one per configuration
 * (Kbuild's alternative objects). The database holds both; which one is
 * linked is not the analysis' to know. The first in the database writes
 * every field, the one this build links (main.c) does not.
 */
#include "h.h"

static void t_rx(struct t_ring *ring, unsigned long len)
{
	struct t_desc d;

	t_fill(&d, len);
	t_record(ring, "csum", d.csum);
	ring->seen++;
}

int t_poll(struct napi_struct *napi, int budget)
{
	struct t_vector *v = container_of(napi, struct t_vector, napi);

	for (int n = 0; n < budget; n++)
		t_rx(&v->ring, 60ul + (unsigned long)n);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: t_rx d: unknown two-definitions addr @14
 */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * memcpy() of sizeof(d) writes all of d; of half of it, half. Neither reads
 * d. And through a pointer assigned its address after its declaration.
 */
#include <string.h>

#include "h.h"

static void c_handle(struct c_ring *ring, const struct c_desc *slot)
{
	struct c_desc d;

	memcpy(&d, slot, sizeof(d));
	c_record(ring, d.w[0], d.w[15]);
}

static void c_handle_half(struct c_ring *ring, const struct c_desc *slot)
{
	struct c_desc d;

	memcpy(&d, slot, sizeof(d) / 2);
	c_record(ring, d.w[0], d.w[15]);
}

static void c_handle_alias(struct c_ring *ring, const struct c_desc *slot)
{
	struct c_desc d;
	struct c_desc *p;

	p = &d;
	memcpy(p, slot, sizeof(*p));
	c_record(ring, p->w[0], d.w[15]);
}

int c_poll(struct napi_struct *napi, int budget)
{
	struct c_vector *v = container_of(napi, struct c_vector, napi);
	int done;

	for (done = 0; done < budget; done++) {
		c_handle(&v->ring, &v->ring.slots[done]);
		c_handle_half(&v->ring, &v->ring.slots[done]);
		c_handle_alias(&v->ring, &v->ring.slots[done]);
	}
	return done;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: c_handle d: written-first
 * zt-da: c_handle_half d: read-before-written w[0] @23
 * zt-da: c_handle_alias d: written-first
 */

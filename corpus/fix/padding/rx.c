// SPDX-License-Identifier: GPL-2.0-only
/*
 * A record whose every field is written, then copied whole: the copy reads
 * its holes too, which only the zero (auto-init or '= {}') wrote. Dropping
 * the zero leaks the stack into the ring. A callee that keeps its by-value
 * copy whole reads every field of it, not only the first it meets.
 */
#include <string.h>

#include "h.h"

/* every field written, the bytes copied out: the holes are read */
static void g_rx_copy(struct g_ring *ring, unsigned int len)
{
	struct g_rec r;

	r.kind = 1;
	r.cookie = len * 3ul;
	r.len = len;
	r.tag = 7;
	r.stamp = len + 1ul;
	memcpy(&ring->out[ring->head++ % 4], &r, sizeof(r));
}

/* '= {}' clears the holes: it is what the copy needs */
static void g_rx_cleared(struct g_ring *ring, unsigned int len)
{
	struct g_rec r = {};

	r.kind = 2;
	r.cookie = len * 5ul;
	r.len = len;
	r.tag = 9;
	r.stamp = len + 2ul;
	memcpy(&ring->out[ring->head++ % 4], &r, sizeof(r));
}

static void g_keep(struct g_ring *ring, struct g_rec copy)
{
	ring->kept = copy;
}

/* a by-value copy kept whole: tag is read though never written */
static void g_rx_kept(struct g_ring *ring, unsigned int len)
{
	struct g_rec r;

	memset(&r, 0, offsetof(struct g_rec, tag));
	r.kind = 3;
	r.cookie = 0;
	r.len = len;
	r.stamp = 0;
	g_keep(ring, r);
}

/* fields read one by one: the holes are not read, the rewrite is sound */
static void g_rx_fields(struct g_ring *ring, unsigned int len)
{
	struct g_rec r;

	r.kind = 4;
	r.cookie = 1;
	r.len = len;
	r.tag = 1;
	r.stamp = 2;
	ring->kept.len = (unsigned int)(r.kind + r.cookie + r.len + r.tag + r.stamp);
}

int g_poll(struct napi_struct *napi, int budget)
{
	struct g_vector *v = container_of(napi, struct g_vector, napi);

	for (int n = 0; n < budget; n++) {
		g_rx_copy(&v->ring, 60u + (unsigned int)n);
		g_rx_cleared(&v->ring, 70u + (unsigned int)n);
		g_rx_kept(&v->ring, 80u + (unsigned int)n);
		g_rx_fields(&v->ring, 90u + (unsigned int)n);
	}
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: g_rx_copy r: read-before-written <padding> @22
 * zt-da: g_rx_cleared r: read-before-written <padding> @35
 * zt-da: g_rx_kept r: read-before-written tag @53
 * zt-da: g_rx_fields r: written-first
 */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two per-packet functions of one queue, each with its own buffer, and the
 * queue defined here: hoisting the first adds a member above the second.
 */
#include "h.h"

struct s_ring {
	struct napi_struct napi;
	unsigned int index;
	char *slots[2];
};

static void s_fill(struct s_buff *b, char *slot, unsigned long tag)
{
	b->data = slot;
	b->data_end = slot + 16;
	for (int i = 0; i < 30; i++)
		b->meta[i] = tag + i;
}

static void s_small(struct s_ring *ring, char *slot)
{
	struct s_buff b;

	s_fill(&b, slot, 1);
	s_record(ring->index, &b);
}

static void s_big(struct s_ring *ring, char *slot)
{
	struct s_buff b;

	s_fill(&b, slot, 100);
	s_record(ring->index, &b);
}

int s_poll(struct napi_struct *napi, int budget)
{
	struct s_ring *ring = container_of(napi, struct s_ring, napi);
	int done;

	for (done = 0; done < budget; done++) {
		if (done & 1)
			s_big(ring, ring->slots[done]);
		else
			s_small(ring, ring->slots[done]);
	}
	return done;
}

/* The queue is rx.c's own: main.c runs it through this. */
int s_run(char *a, char *z)
{
	static struct s_ring ring;

	ring.index = 3;
	ring.slots[0] = a;
	ring.slots[1] = z;
	return s_poll(&ring.napi, 2);
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: s_small b: written-first
 * zt-da: s_big b: written-first
 */

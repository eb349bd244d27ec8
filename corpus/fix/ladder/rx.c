// SPDX-License-Identifier: GPL-2.0-only
/*
 * l_build() fills the whole buffer first, then may leave by its error
 * ladder (goto err), whose code reads the flags it wrote: the buffer is
 * written on every path out of it.
 */
#include "h.h"

static void l_put(struct l_buff *b)
{
	if (b->flags & 1)
		b->frame_sz = 0;
}

static int l_build(struct l_ring *ring, struct l_buff *b, char *slot)
{
	b->data = slot;
	b->data_end = slot + 64;
	b->frame_sz = 2048;
	b->flags = ring->index & 1;
	for (int i = 0; i < 4; i++)
		b->pad[i] = 0;
	if (!slot[0])
		goto err;
	return 0;
err:
	l_put(b);
	return -22;
}

static void l_handle(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	int err;

	err = l_build(ring, &b, slot);
	if (err)
		return;
	l_record(ring, &b);
}

int l_poll(struct napi_struct *napi, int budget)
{
	struct l_vector *v = container_of(napi, struct l_vector, napi);
	int done;

	for (done = 0; done < budget; done++)
		l_handle(&v->ring, v->ring.slots[done]);
	return done;
}

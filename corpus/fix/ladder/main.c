// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll loop, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void l_record(struct l_ring *ring, const struct l_buff *b)
{
	printf("ring %u: %ld bytes, frame %lu, flags %lu, pad %lu\n", ring->index,
	       (long)((char *)b->data_end - (char *)b->data), b->frame_sz, b->flags, b->pad[3]);
}

static void __attribute__((noinline)) l_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static char a[64] = "a", z[64];
	struct l_vector v = { .ring = { .index = 0, .slots = { a, z } } };

	l_dirty();
	return l_poll(&v.napi, 2) != 2;
}

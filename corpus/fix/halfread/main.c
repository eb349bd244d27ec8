// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll loop, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void h_record(struct h_ring *ring, unsigned long lo, unsigned long hi)
{
	printf("ring %u: lo %lu hi %lu\n", ring->index, lo, hi);
}

static void __attribute__((noinline)) h_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static const struct h_half slots[2] = { { { 1, 2 } }, { { 3, 4 } } };
	struct h_vector v = { .ring = { .index = 0, .slots = slots } };

	h_dirty();
	return h_poll(&v.napi, 2) != 2;
}

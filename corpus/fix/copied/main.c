// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll loop, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void c_record(struct c_ring *ring, unsigned long first, unsigned long last)
{
	printf("ring %u: first %lu last %lu\n", ring->index, first, last);
}

static void __attribute__((noinline)) c_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static const struct c_desc slots[2] = { { { 1, [15] = 2 } }, { { 3, [15] = 4 } } };
	struct c_vector v = { .ring = { .index = 0, .slots = slots } };

	c_dirty();
	return c_poll(&v.napi, 2) != 2;
}

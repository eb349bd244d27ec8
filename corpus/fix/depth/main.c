// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void d_record(struct d_ring *ring, const char *what, unsigned long v)
{
	printf("ring %u: %s %lu\n", ring->index, what, v);
}

static void __attribute__((noinline)) d_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	struct d_vector v = { .ring = { .index = 0 } };

	d_dirty();
	return d_poll(&v.napi, 2) != 2;
}

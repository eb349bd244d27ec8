// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void k_record(struct k_ring *ring, const char *what, unsigned int v)
{
	printf("ring %u: %s %u\n", ring->index, what, v);
}

static void __attribute__((noinline)) k_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	struct k_vector v = { .ring = { .index = 0 } };

	for (int i = 0; i < 8; i++)
		v.ring.sizes[i] = 60u + (unsigned int)i;
	k_dirty();
	return k_poll(&v.napi, 2) != 2;
}

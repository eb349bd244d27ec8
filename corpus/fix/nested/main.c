// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll on a dirty stack. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void n_record(struct n_ring *ring, const char *what, unsigned long v)
{
	printf("ring %u: %s %lu\n", ring->index, what, v);
}

static void __attribute__((noinline)) n_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	struct n_vector v = { .ring = { .index = 0 } };

	n_dirty();
	return n_poll(&v.napi, 2) != 2;
}

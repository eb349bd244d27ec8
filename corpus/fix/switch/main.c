// SPDX-License-Identifier: GPL-2.0-only
/* Four packets through the poll, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void s_record(struct s_ring *ring, const char *what, unsigned int v)
{
	printf("ring %u: %s %u\n", ring->index, what, v);
}

static void __attribute__((noinline)) s_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static char s[8][4] = { "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7" };
	struct s_vector v = { .ring = { .index = 0 } };

	for (int i = 0; i < 8; i++)
		v.ring.slots[i] = s[i];
	s_dirty();
	return s_poll(&v.napi, 4) != 4;
}

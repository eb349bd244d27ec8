// SPDX-License-Identifier: GPL-2.0-only
/* Six frames through the poll, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void b_record(struct b_ring *ring, const char *what, const void *frame)
{
	printf("ring %u: %s %s\n", ring->index, what, frame ? (const char *)frame : "(null)");
}

static void __attribute__((noinline)) b_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static char s[8][4] = { "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7" };
	struct b_vector v = { .ring = { .index = 0 } };

	for (int i = 0; i < 8; i++)
		v.ring.slots[i] = s[i];
	b_dirty();
	return b_poll(&v.napi, 6) != 6;
}

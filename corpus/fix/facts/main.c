// SPDX-License-Identifier: GPL-2.0-only
/* Four packets through the poll, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void s_record(struct f_ring *ring, const char *what, unsigned int v)
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
	struct f_vector v = { .ring = { .index = 0, .info = { 2, { 60, 40 } } } };
	int sent = 0;

	for (int budget = 1; budget <= 4; budget++) {
		v.ring.mpw = budget > 2;
		s_dirty();
		sent += s_poll(&v.napi, budget);
	}
	return sent != 10;
}

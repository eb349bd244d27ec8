// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll loop, a tagged one then an untagged one. */
#include <stdio.h>
#include <string.h>

#include "p.h"

void p_record(struct p_ring *ring, int len, int hdr, int tag)
{
	printf("ring %u: len %d hdr %d tag %d\n", ring->index, len, hdr, tag);
}

/* leave non-zero bytes where the poll's frames will be */
static void __attribute__((noinline)) p_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static const struct p_pkt pkts[2] = { { 60, 1, 7 }, { 61, 0, 9 } };
	struct p_vector v = { .ring = { .index = 0, .pkts = pkts } };

	p_dirty();
	return p_poll(&v.napi, 2) != 2;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two vectors, one XDP ring, on a dirty stack. The first vector's doorbell
 * lets the second vector's poll run, as another CPU would meanwhile.
 */
#include <stdio.h>
#include <string.h>

#include "h.h"

static struct s_ring ring = { .index = 0 };
static struct s_vector vec[2] = { { .id = 0, .xdp_ring = &ring }, { .id = 1, .xdp_ring = &ring } };

void s_record(struct s_ring *r, const char *what, unsigned long v)
{
	printf("ring %u: %s %lu\n", r->index, what, v);
}

void s_kick(struct s_ring *r)
{
	static int other_cpu;

	(void)r;
	if (!other_cpu++)
		s_poll(&vec[1].napi, 1);
}

static void __attribute__((noinline)) s_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	s_dirty();
	return s_poll(&vec[0].napi, 2) != 2;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * One vector on a dirty stack. The first doorbell lets the ring's reset
 * work run, as another CPU would meanwhile.
 */
#include <stdio.h>
#include <string.h>

#include "h.h"

static struct c_vector vec = { .ring = { .index = 0 } };

void c_record(struct c_ring *r, const char *what, unsigned long v)
{
	printf("ring %u: %s %lu\n", r->index, what, v);
}

void c_kick(struct c_ring *r)
{
	static int other_cpu;

	if (!other_cpu++)
		c_reset_work(&r->reset);
}

static void __attribute__((noinline)) c_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	c_dirty();
	return c_poll(&vec.napi, 2) != 2;
}

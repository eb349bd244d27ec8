// SPDX-License-Identifier: GPL-2.0-only
/* Two polls, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void s_record(struct s_ring *ring, const char *what, unsigned long v)
{
	printf("ring %u: %s %lu\n", ring->index, what, v);
}

int netif_napi_add(struct napi_struct *napi, int (*poll)(struct napi_struct *, int))
{
	(void)napi;
	(void)poll;
	return 0;
}

static void __attribute__((noinline)) s_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static struct s_vector v = { .ring = { .index = 2 } };

	s_dirty();
	if (s_poll(&v.napi, 2) != 4)
		return 1;
	s_dirty();
	return s_poll(&v.napi, 2) != 4;
}

// SPDX-License-Identifier: GPL-2.0-only
/* Two polls (one pass each: five helpers count five), on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

void m_record(struct m_ring *ring, const char *what, unsigned long v)
{
	printf("ring %u: %s %lu\n", ring->index, what, v);
}

int netif_napi_add(struct napi_struct *napi, int (*poll)(struct napi_struct *, int))
{
	(void)napi;
	(void)poll;
	return 0;
}

static void __attribute__((noinline)) m_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static struct m_vector v = { .ring = { .index = 1 } };

	m_dirty();
	if (m_poll(&v.napi, 2) != 5)
		return 1;
	m_dirty();
	return m_poll(&v.napi, 2) != 5;
}

// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll loop, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "en/xdp.h"

void r_record(const struct r_buff *b)
{
	printf("queue %u: %ld bytes, meta %lu..%lu\n", b->rq->index,
	       (long)((char *)b->data_end - (char *)b->data), b->meta[0], b->meta[23]);
}

static void __attribute__((noinline)) r_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static char a[16], z[16];

	r_dirty();
	return r_run(a, z) != 2;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * One channel on a dirty stack. The RX poll's doorbell lets the TX poll
 * run, as another CPU would meanwhile.
 */
#include <stdio.h>
#include <string.h>

#include "h.h"

static struct w_channel ch = { .ring = { .index = 0 } };

void w_record(struct w_ring *r, const char *what, unsigned long v)
{
	printf("ring %u: %s %lu\n", r->index, what, v);
}

void w_kick(struct w_ring *r)
{
	static int other_cpu;

	(void)r;
	if (!other_cpu++)
		w_tx_poll(&ch.tx_napi, 1);
}

static void __attribute__((noinline)) w_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	w_dirty();
	return w_rx_poll(&ch.rx_napi, 2) != 2;
}

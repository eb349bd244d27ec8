// SPDX-License-Identifier: GPL-2.0-only
/*
 * One poll of each ring on a dirty stack. Another CPU takes the instance as
 * soon as it is let go: napi_complete_done() runs the poll again before it
 * returns, as that CPU would in the window.
 */
#include <stdio.h>
#include <string.h>

#include "h.h"

void t_record(struct t_ring *ring, const char *what, unsigned long v)
{
	printf("ring %u: %s %lu\n", ring->index, what, v);
}

int napi_complete_done(struct napi_struct *napi, int work_done)
{
	static int other_cpu;

	(void)work_done;
	if (!other_cpu++)
		t_poll(napi, 1);
	other_cpu = 0;
	return 1;
}

static void __attribute__((noinline)) t_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	struct t_vector v[5] = { { .ring = { .index = 0 } }, { .ring = { .index = 1 } },
				 { .ring = { .index = 2, .done = napi_complete_done } },
				 { .ring = { .index = 3 } }, { .ring = { .index = 4 } } };
	int bad = 0;

	for (int i = 0; i < 5; i++) {
		t_dirty();
		bad |= t_poll(&v[i].napi, 2) != 1;
	}
	return bad;
}

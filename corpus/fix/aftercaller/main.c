// SPDX-License-Identifier: GPL-2.0-only
/*
 * One poll on a dirty stack. Once the instance is let go another CPU may
 * take it: here it does at the driver's next call into the kernel
 * (a_record()), running the poll again while the first one is still inside.
 */
#include <stdio.h>
#include <string.h>

#include "h.h"

static struct napi_struct *let_go;

void a_record(struct a_ring *ring, const char *what, unsigned long v)
{
	struct napi_struct *n = let_go;

	printf("ring %u: %s %lu\n", ring->index, what, v);
	if (n) {
		let_go = NULL;
		a_poll(n, 1);
	}
}

int napi_complete_done(struct napi_struct *napi, int work_done)
{
	(void)work_done;
	let_go = napi;
	return 1;
}

int netif_napi_add(struct napi_struct *napi, int (*poll)(struct napi_struct *, int))
{
	(void)napi;
	(void)poll;
	return 0;
}

static void __attribute__((noinline)) a_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	struct a_vector v = { .ring = { .index = 0 } };

	a_setup(&v);
	a_dirty();
	return a_poll(&v.napi, 2) != 2;
}

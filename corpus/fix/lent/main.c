// SPDX-License-Identifier: GPL-2.0-only
/* Three frames through the poll, on a stack left dirty beforehand. */
#include <stdio.h>
#include <string.h>

#include "h.h"

struct bpf_net_context *l_task_ctx;

struct bpf_redirect_info *l_redirect_info(void)
{
	struct bpf_redirect_info *ri = &l_task_ctx->ri;

	if (!(ri->kern_flags & L_RI_INIT)) {
		ri->tgt_index = 0;
		ri->tgt_value = NULL;
		ri->kern_flags |= L_RI_INIT;
	}
	return ri;
}

void l_flush_add(const void *frame)
{
	struct bpf_net_context *ctx = l_task_ctx;

	if (!(ctx->ri.kern_flags & L_LIST_INIT)) {
		ctx->flushed = 0;
		ctx->ri.kern_flags |= L_LIST_INIT;
	}
	if (ctx->flushed < 4)
		ctx->flush[ctx->flushed++] = frame;
}

void l_flush(struct l_ring *ring)
{
	struct bpf_net_context *ctx = l_task_ctx;

	if (!(ctx->ri.kern_flags & L_LIST_INIT))
		return;
	for (unsigned int i = 0; i < ctx->flushed; i++)
		l_record(ring, "flush", ctx->flush[i]);
	ctx->flushed = 0;
}

void l_record(struct l_ring *ring, const char *what, const void *frame)
{
	printf("ring %u: %s %s\n", ring->index, what, frame ? (const char *)frame : "(null)");
}

static void __attribute__((noinline)) l_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

int main(void)
{
	static char s[8][4] = { "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7" };
	struct l_vector v = { .ring = { .index = 0 } };

	for (int i = 0; i < 8; i++)
		v.ring.slots[i] = s[i];
	l_dirty();
	return l_poll(&v.napi, 3) != 3;
}

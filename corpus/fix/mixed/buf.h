/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The buffer embeds a struct only this header defines: once the buffer's
 * definition moves into owner.h it no longer compiles, and fix must stop
 * there without touching the tree.
 */
#ifndef CORPUS_NOCOMPILE_BUF_H
#define CORPUS_NOCOMPILE_BUF_H

#include "owner.h"

struct demo_desc {
	unsigned long addr;
	unsigned int len;
};

struct demo_buf {
	struct demo_desc desc;
	unsigned char pad[48];
};

static inline void demo_buf_fill(struct demo_buf *b, unsigned long addr, unsigned int len)
{
	b->desc.addr = addr;
	b->desc.len = len;
	for (unsigned int i = 0; i < sizeof(b->pad); i++)
		b->pad[i] = 0;
}

#endif

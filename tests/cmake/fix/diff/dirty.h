/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What every differential main of corpus/fix shares: a stack left dirty
 * before each call, and a queue from malloc() whose fields the main does not
 * set stay undefined (a buffer fix hoisted into it starts as garbage, and
 * valgrind says so when the code reads it before writing it).
 */
#ifndef ZT_DIFF_DIRTY_H
#define ZT_DIFF_DIRTY_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void __attribute__((noinline)) diff_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

/* calls @call twice on a dirty stack, printing what it returns */
#define DIFF_TWICE(fmt, call)                              \
	do {                                               \
		for (int i_ = 0; i_ < 2; i_++) {           \
			diff_dirty();                      \
			printf(#call ": " fmt "\n", call); \
		}                                          \
	} while (0)

static void *diff_queue(size_t size)
{
	void *q = malloc(size);

	if (!q) {
		perror("malloc");
		exit(2);
	}
	return q;
}
#endif

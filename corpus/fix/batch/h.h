/* SPDX-License-Identifier: GPL-2.0-only */
/* Bulk arrays of frames, filled up to a count and handed on with it. */
#ifndef CORPUS_BATCH_H
#define CORPUS_BATCH_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

#define unlikely(x) __builtin_expect(!!(x), 0)

#define B_BATCH 4

struct napi_struct {
	int weight;
};

struct b_ring {
	unsigned int index;
	char *slots[8];
};

struct b_vector {
	struct napi_struct napi;
	struct b_ring ring;
};

void b_record(struct b_ring *ring, const char *what, const void *frame);

int b_poll(struct napi_struct *napi, int budget);

#endif

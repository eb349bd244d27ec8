/* SPDX-License-Identifier: GPL-2.0-only */
/* Per-packet lengths gathered by a counted loop, as a transmit path does. */
#ifndef CORPUS_LOOPS_H
#define CORPUS_LOOPS_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct k_ring {
	unsigned int index;
	unsigned int sizes[8];
};

struct k_vector {
	struct napi_struct napi;
	struct k_ring ring;
};

void k_record(struct k_ring *ring, const char *what, unsigned int v);

int k_poll(struct napi_struct *napi, int budget);

#endif

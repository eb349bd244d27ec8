/* SPDX-License-Identifier: GPL-2.0-only */
/* A descriptor copied whole (or in part) from the ring into a local. */
#ifndef CORPUS_COPIED_H
#define CORPUS_COPIED_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct c_desc {
	unsigned long w[16];
};

struct c_ring {
	unsigned int index;
	const struct c_desc *slots;
};

struct c_vector {
	struct napi_struct napi;
	struct c_ring ring;
};

void c_record(struct c_ring *ring, unsigned long first, unsigned long last);

int c_poll(struct napi_struct *napi, int budget);

#endif

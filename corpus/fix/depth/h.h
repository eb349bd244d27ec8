/* SPDX-License-Identifier: GPL-2.0-only */
/* A receive descriptor handed down a chain of helpers, as layered drivers do. */
#ifndef CORPUS_DEPTH_H
#define CORPUS_DEPTH_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct d_ring {
	unsigned int index;
	unsigned int seen;
};

struct d_vector {
	struct napi_struct napi;
	struct d_ring ring;
};

struct d_desc {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
};

void d_record(struct d_ring *ring, const char *what, unsigned long v);

int d_poll(struct napi_struct *napi, int budget);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* A receive path whose two helpers each keep a buffer named mxbuf. */
#ifndef CORPUS_NESTED_H
#define CORPUS_NESTED_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct n_desc {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
	unsigned long mark;
	unsigned long stamp;
	unsigned long queue;
	unsigned long cookie;
};

struct n_ring {
	unsigned int index;
	unsigned int done;
	void *desc;
};

struct n_vector {
	struct napi_struct napi;
	struct n_ring ring;
};

void n_record(struct n_ring *ring, const char *what, unsigned long v);

int n_poll(struct napi_struct *napi, int budget);

#endif

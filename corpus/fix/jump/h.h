/* SPDX-License-Identifier: GPL-2.0-only */
/* A receive path whose descriptor is declared where a jump goes past it. */
#ifndef CORPUS_JUMP_H
#define CORPUS_JUMP_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct t_ring {
	unsigned int index;
	unsigned int seen;
};

struct t_vector {
	struct napi_struct napi;
	struct t_ring ring;
};

struct t_desc {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
};

void t_record(struct t_ring *ring, const char *what, unsigned long v);

int t_poll(struct napi_struct *napi, int budget);

#endif

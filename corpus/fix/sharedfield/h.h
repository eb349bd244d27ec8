/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Two functions' locals of one name and type, one calling the other while
 * its own is live (issue 55 class 4): one field of the ring for both would
 * hold the callee's packet when the caller reads its own.
 */
#ifndef CORPUS_SHAREDFIELD_H
#define CORPUS_SHAREDFIELD_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct s_ring {
	unsigned int index;
	unsigned int seen;
	void *desc;
};

struct s_vector {
	struct napi_struct napi;
	struct s_ring ring;
};

struct s_buf {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
	unsigned long mark;
	unsigned long stamp;
	unsigned long queue;
	unsigned long cookie;
};

void s_record(struct s_ring *ring, const char *what, unsigned long v);
int s_poll(struct napi_struct *napi, int budget);
int netif_napi_add(struct napi_struct *napi, int (*poll)(struct napi_struct *, int));

#endif

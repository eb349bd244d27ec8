/* SPDX-License-Identifier: GPL-2.0-only */
/* A poll that lets its instance go before its receive helper runs. */
#ifndef CORPUS_AFTERCALLER_H
#define CORPUS_AFTERCALLER_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct a_ring {
	unsigned int index;
	unsigned int seen;
	void *desc;
};

struct a_vector {
	struct napi_struct napi;
	struct a_ring ring;
};

struct a_desc {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
	unsigned long mark;
	unsigned long stamp;
	unsigned long queue;
	unsigned long cookie;
};

void a_record(struct a_ring *ring, const char *what, unsigned long v);

int a_poll(struct napi_struct *napi, int budget);

int netif_napi_add(struct napi_struct *napi, int (*poll)(struct napi_struct *, int));

/* the poll is done: the instance may be scheduled again, on any CPU */
int napi_complete_done(struct napi_struct *napi, int work_done);

#endif

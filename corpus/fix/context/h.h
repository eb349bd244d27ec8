/* SPDX-License-Identifier: GPL-2.0-only */
/* A ring cleaned by its poll and by its reset work item. */
#ifndef CORPUS_CONTEXT_H
#define CORPUS_CONTEXT_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct work_struct {
	void (*func)(struct work_struct *work);
};

struct c_desc {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
	unsigned long mark;
	unsigned long stamp;
	unsigned long queue;
	unsigned long cookie;
};

struct c_ring {
	unsigned int index;
	unsigned int done;
	void *desc;
	struct work_struct reset;
};

struct c_vector {
	struct napi_struct napi;
	struct c_ring ring;
};

void c_record(struct c_ring *ring, const char *what, unsigned long v);
/* the ring's doorbell; the reset work may run meanwhile, on another CPU */
void c_kick(struct c_ring *ring);

int c_poll(struct napi_struct *napi, int budget);
void c_reset_work(struct work_struct *work);

#endif

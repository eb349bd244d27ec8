/* SPDX-License-Identifier: GPL-2.0-only */
/* A receive path that lets its NAPI instance go while a buffer is live. */
#ifndef CORPUS_RELEASE_H
#define CORPUS_RELEASE_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct t_ring {
	unsigned int index;
	unsigned int seen;
	int (*done)(struct napi_struct *napi, int work_done);	/* how this ring lets go */
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

/* the poll is done: the instance may be scheduled again, on any CPU */
int napi_complete_done(struct napi_struct *napi, int work_done);

#endif

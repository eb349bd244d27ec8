/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Vectors that reach their XDP TX ring through a pointer: with fewer rings
 * than CPUs, two vectors point at one ring (and take its lock).
 */
#ifndef CORPUS_SHAREDRING_H
#define CORPUS_SHAREDRING_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct s_frame {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
	unsigned long mark;
	unsigned long stamp;
	unsigned long queue;
	unsigned long cookie;
};

struct s_ring {
	unsigned int index;
	unsigned int sent;
	void *desc;
};

struct s_vector {
	struct napi_struct napi;
	unsigned int id;
	struct s_ring *xdp_ring;
};

void s_record(struct s_ring *ring, const char *what, unsigned long v);
/* the ring's doorbell; the other vector's poll may run meanwhile */
void s_kick(struct s_ring *ring);

int s_poll(struct napi_struct *napi, int budget);

#endif

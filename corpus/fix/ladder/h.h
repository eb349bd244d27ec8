/* SPDX-License-Identifier: GPL-2.0-only */
/* A buffer a callee fills, with the kernel's error ladder and return codes. */
#ifndef CORPUS_LADDER_H
#define CORPUS_LADDER_H

#include <stddef.h>

#define unlikely(x) __builtin_expect(!!(x), 0)
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct l_buff {
	void *data, *data_end;
	unsigned long frame_sz;
	unsigned long flags;
	unsigned long pad[4];
};

/* A buffer inside a struct of the driver's own, which callees reach by container_of(). */
struct l_wrap {
	struct l_buff b;
	void *meta;
};

struct l_ring {
	unsigned int index;
	char *slots[2];
	char *held;		/* a packet kept from before (NULL: none) */
};

struct l_vector {
	struct napi_struct napi;
	struct l_ring ring;
};

void l_record(struct l_ring *ring, const struct l_buff *b);

int l_poll(struct napi_struct *napi, int budget);

#endif

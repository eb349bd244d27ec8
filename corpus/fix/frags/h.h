/* SPDX-License-Identifier: GPL-2.0-only */
/* A transmit descriptor with an optional fragment list, as XDP_TX paths keep one. */
#ifndef CORPUS_FRAGS_H
#define CORPUS_FRAGS_H

#include <stdbool.h>
#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct f_info {
	unsigned int count;
	unsigned int len[4];
};

struct f_ring {
	unsigned int index;
	bool mpw;
	struct f_info info;
};

struct f_vector {
	struct napi_struct napi;
	struct f_ring ring;
};

/* what every transmit function takes */
struct f_xmit {
	unsigned int len;
	bool multi;
};

/* ... and what the one that sent it keeps around it, for a multi-buffer frame */
struct f_frags {
	struct f_xmit xd;
	struct f_info *info;
	unsigned long pad[4];
};

/* a flag in a union: writing its other member changes it */
struct f_ufrags {
	struct f_xmit xd;
	union {
		unsigned int flags;
		unsigned short low;
	} u;
	struct f_info *info;
};

void s_record(struct f_ring *ring, const char *what, unsigned int v);

int s_poll(struct napi_struct *napi, int budget);

#endif

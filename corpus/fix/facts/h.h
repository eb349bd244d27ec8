/* SPDX-License-Identifier: GPL-2.0-only */
/* The descriptors of corpus/fix/frags, and a flag in a union (corpus/fix/facts). */
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

struct f_xmit {
	unsigned int len;
	bool multi;
};

struct f_frags {
	struct f_xmit xd;
	struct f_info *info;
	unsigned long pad[4];
};

struct f_u {
	union {
		unsigned int all;
		struct {
			unsigned short lo, hi;
		};
	} v;
	unsigned int len;
	unsigned long data[5];
};

void s_record(struct f_ring *ring, const char *what, unsigned int v);

int s_poll(struct napi_struct *napi, int budget);

#endif

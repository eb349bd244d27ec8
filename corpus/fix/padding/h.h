/* SPDX-License-Identifier: GPL-2.0-only */
/* A completion record copied whole into a ring that another side reads, as drivers do. */
#ifndef CORPUS_PADDING_H
#define CORPUS_PADDING_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

/* 7 bytes of hole after kind, 2 after tag */
struct g_rec {
	unsigned char kind;
	unsigned long cookie;
	unsigned int len;
	unsigned short tag;
	unsigned long stamp;
};

struct g_ring {
	unsigned int index;
	unsigned int head;
	struct g_rec out[4];
	struct g_rec kept;
};

struct g_vector {
	struct napi_struct napi;
	struct g_ring ring;
};

int g_poll(struct napi_struct *napi, int budget);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* Header lengths chosen by a switch on the protocol, as transmit paths do. */
#ifndef CORPUS_SWITCH_H
#define CORPUS_SWITCH_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct s_ring {
	unsigned int index;
	char *slots[8];
};

struct s_vector {
	struct napi_struct napi;
	struct s_ring ring;
};

struct s_hdr {
	unsigned int l3_len;
	unsigned int l4_len;
	unsigned int pad[6];
};

void s_record(struct s_ring *ring, const char *what, unsigned int v);

int s_poll(struct napi_struct *napi, int budget);

#endif

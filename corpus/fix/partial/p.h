/* SPDX-License-Identifier: GPL-2.0-only */
/* Issue 30 item 1: a per-packet local its fill function writes only in part. */
#ifndef CORPUS_P_H
#define CORPUS_P_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct p_pkt {
	int len;
	int flags;		/* bit 0: the packet carries a tag */
	int tag;
};

/* a[] is written for every packet, b[0] only for tagged ones */
struct p_meta {
	int a[2];
	int b[2];
};

struct p_ring {
	unsigned int index;
	const struct p_pkt *pkts;
};

struct p_vector {
	struct napi_struct napi;
	struct p_ring ring;
};

/* Provided by whoever runs the driver: what the stack sees of each packet. */
void p_record(struct p_ring *ring, int len, int hdr, int tag);

int p_poll(struct napi_struct *napi, int budget);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* Issue 30 item 2: a 128-byte local whose second half is read but never written. */
#ifndef CORPUS_H_H
#define CORPUS_H_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct h_half {
	unsigned long w[8];
};

struct h_desc {
	struct h_half lo;	/* copied from the ring for every packet */
	struct h_half hi;	/* never written: the zeroing made it 0 */
};

struct h_ring {
	unsigned int index;
	const struct h_half *slots;
};

struct h_vector {
	struct napi_struct napi;
	struct h_ring ring;
};

void h_record(struct h_ring *ring, unsigned long lo, unsigned long hi);

int h_poll(struct napi_struct *napi, int budget);

#endif

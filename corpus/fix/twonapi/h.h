/* SPDX-License-Identifier: GPL-2.0-only */
/* A channel with an RX and a TX NAPI instance, each polled on its own. */
#ifndef CORPUS_TWONAPI_H
#define CORPUS_TWONAPI_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct w_desc {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
	unsigned long mark;
	unsigned long stamp;
	unsigned long queue;
	unsigned long cookie;
};

struct w_ring {
	unsigned int index;
	unsigned int done;
	void *desc;
};

struct w_channel {
	struct napi_struct rx_napi;
	struct napi_struct tx_napi;
	struct w_ring ring;
};

void w_record(struct w_ring *ring, const char *what, unsigned long v);
/* the ring's doorbell; the channel's other poll may run meanwhile */
void w_kick(struct w_ring *ring);

int w_rx_poll(struct napi_struct *napi, int budget);
int w_tx_poll(struct napi_struct *napi, int budget);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A two-queue driver of our own: each queue has its NAPI instance in a
 * vector, the device holds both vectors. The two polls run at once (one per
 * CPU), so anything per queue must not live in struct q_dev.
 */
#ifndef CORPUS_Q_H
#define CORPUS_Q_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

/* One packet's metadata, filled by q_fill() before anything reads it. */
struct q_buf {
	unsigned int queue;
	unsigned int seq;
	unsigned int len;
	unsigned int csum;
	unsigned long cookie;
	void *page;
};

struct q_rx {
	unsigned int index;
	unsigned int seq;
	unsigned long packets;
	unsigned long bad;
};

struct q_vector {
	struct napi_struct napi;
	struct q_rx rx;
};

struct q_dev {
	struct q_vector vec[2];
	unsigned long polls;
};

/* Provided by whoever runs the driver (the test: a barrier between the queues). */
void q_wait(struct q_rx *rx);
void q_consume(struct q_rx *rx, const struct q_buf *b);

int q_poll(struct napi_struct *napi, int budget);
extern struct q_dev *q_the_dev;

#endif

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two queues of corpus/fix/queues polled at once, one thread each (our two
 * cores), as two CPUs run two NAPI polls. A barrier between filling a
 * packet's q_buf and reading it puts both queues inside that window at the
 * same time: if the buffer is shared (hoisted into the device), one queue
 * reads the other's packet. Exit 0 when every packet read its own bytes.
 */
#include <pthread.h>
#include <stdio.h>

#include "q.h"

#define PACKETS 64

static pthread_barrier_t window;
static struct q_dev dev;

void q_wait(struct q_rx *rx)
{
	(void)rx;
	pthread_barrier_wait(&window);
}

void q_consume(struct q_rx *rx, const struct q_buf *b)
{
	unsigned int n = b->seq - rx->seq;

	if (b->queue != rx->index || b->len != 64 + n || b->csum != rx->index * 1000u + n)
		rx->bad++;
	rx->packets++;
	/* neither queue fills its next packet before both have read this one */
	pthread_barrier_wait(&window);
}

static void *poll_queue(void *arg)
{
	struct q_vector *v = arg;

	q_poll(&v->napi, PACKETS);
	return NULL;
}

int main(void)
{
	pthread_t t[2];

	q_the_dev = &dev;
	pthread_barrier_init(&window, NULL, 2);
	for (int i = 0; i < 2; i++) {
		dev.vec[i].rx.index = (unsigned int)i;
		if (pthread_create(&t[i], NULL, poll_queue, &dev.vec[i]))
			return 2;
	}
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 2; i++)
		printf("queue %d: %lu packets, %lu read another queue's bytes\n", i,
		       dev.vec[i].rx.packets, dev.vec[i].rx.bad);
	return dev.vec[0].rx.bad || dev.vec[1].rx.bad ||
	       dev.vec[0].rx.packets != PACKETS || dev.vec[1].rx.packets != PACKETS;
}

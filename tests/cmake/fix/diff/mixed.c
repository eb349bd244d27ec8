// SPDX-License-Identifier: GPL-2.0-only
/* corpus/fix/mixed: the tree's file included, its functions called directly. */
#include "dirty.h"
#include "rx.c"

int main(void)
{
	struct demo_q *q = diff_queue(sizeof(*q));
	struct demo_cq *cq = diff_queue(sizeof(*cq));

	q->head = 0;
	q->tail = 0;
	cq->ci = 0;
	DIFF_TWICE("%u", demo_rx_one(q, 0x1000, 42));
	DIFF_TWICE("%lu", demo_cq_poll(cq));
	printf("head %u ci %u\n", q->head, cq->ci);
	free(q);
	free(cq);
	return 0;
}

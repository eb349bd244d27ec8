// SPDX-License-Identifier: GPL-2.0-only
/* corpus/fix/after: the tree's file included, its function called directly. */
#include "dirty.h"
#include "rx.c"

int main(void)
{
	struct demo_q *q = diff_queue(sizeof(*q));

	q->head = 0;
	q->tail = 0;
	DIFF_TWICE("%lu", demo_q_rx(q, 0x1000, 42));
	printf("head %u\n", q->head);
	free(q);
	return 0;
}

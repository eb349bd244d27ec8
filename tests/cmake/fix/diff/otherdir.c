// SPDX-License-Identifier: GPL-2.0-only
/* corpus/fix/otherdir: the tree's file included, its functions called directly. */
#include "dirty.h"
#include "rx.c"

int main(void)
{
	static char page[64];
	struct demo_q *rq = diff_queue(sizeof(*rq));

	rq->head = 0;
	rq->tail = 0;
	DIFF_TWICE("%u", demo_rx(rq, page, 42));
	printf("head %u\n", rq->head);
	free(rq);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/* corpus/fix/public: the tree's file included, its functions called directly. */
#include "dirty.h"
#include "rx.c"

int main(void)
{
	static char page[64];
	struct demo_rq *rq = diff_queue(sizeof(*rq));
	struct demo_pub_q *pq = diff_queue(sizeof(*pq));
	struct demo_buf src = { page, 17, { 0 } };

	rq->head = 0;
	rq->tail = 0;
	pq->head = 0;
	DIFF_TWICE("%u", demo_rx(rq, page, 42));
	DIFF_TWICE("%u", demo_pub_rx(pq, page, 43));
	DIFF_TWICE("%u", demo_buf_peek(&src));
	printf("head %u %u\n", rq->head, pq->head);
	free(rq);
	free(pq);
	return 0;
}

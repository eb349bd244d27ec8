// SPDX-License-Identifier: GPL-2.0-only
/* corpus/fix/safe: the tree's file included, its static functions called directly. */
#include "dirty.h"
#include "en_rx.c"

int main(void)
{
	static char page[64];
	struct demo_rq *rq = diff_queue(sizeof(*rq));
	struct demo_cqe cqe = { 64, 1 };

	rq->cqe_count = 0;
	rq->wqe_head = 0;
	rq->mpwqe_info = NULL;
	rq->page_pool = NULL;
	rq->ix = 3;
	rq->xdp_rxq.queue_index = 3;
	rq->xdp_rxq.frag_size = 0;
	DIFF_TWICE("%td", (char *)demo_skb_from_cqe_linear(rq, &cqe, page, 64) - page);
	DIFF_TWICE("%s", demo_skb_from_cqe_nonlinear(rq, &cqe, page, 64) == page ? "va" : "other");
	DIFF_TWICE("%d", demo_poll_rx(rq, 4));
	printf("cqe_count %u\n", rq->cqe_count);
	free(rq);
	return 0;
}

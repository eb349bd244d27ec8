// SPDX-License-Identifier: GPL-2.0-only
/* Two receive functions with the XDP buffer on the stack, as mlx5e had it. */
#include "en.h"
#include "en/xdp.h"

static int demo_run_xdp(struct demo_rq *rq, struct demo_xdp_buff *b)
{
	return b->xdp.data_end == b->xdp.data ? 1 : 0;
}

static void *demo_skb_from_cqe_linear(struct demo_rq *rq, struct demo_cqe *cqe, void *va,
				      unsigned int len)
{
	unsigned int headroom = 64;
	struct demo_xdp_buff mxbuf;
	void *skb;

	demo_xdp_init(&mxbuf, rq, va, len);
	mxbuf.cqe = cqe;
	if (demo_run_xdp(rq, &mxbuf))
		return NULL;
	headroom = (unsigned int)((char *)mxbuf.xdp.data - (char *)mxbuf.xdp.data_hard_start);
	skb = (char *)va + headroom;
	(void)sizeof(mxbuf);
	return skb;
}

static void *demo_skb_from_cqe_nonlinear(struct demo_rq *rq, struct demo_cqe *cqe, void *va,
					 unsigned int len)
{
	struct demo_xdp_buff mxbuf;
	unsigned int frags = 0;

	demo_xdp_init(&mxbuf, rq, va, len);
	mxbuf.cqe = cqe;
	while (frags < 2)
		frags++;
	if (demo_run_xdp(rq, &mxbuf))
		return NULL;
	return mxbuf.xdp.data;
}

int demo_poll_rx(struct demo_rq *rq, int budget)
{
	static char page[4096];
	struct demo_cqe cqe = { 64, 0 };
	int done = 0;

	while (done < budget) {
		if (done & 1)
			demo_skb_from_cqe_linear(rq, &cqe, page, 64);
		else
			demo_skb_from_cqe_nonlinear(rq, &cqe, page, 64);
		done++;
	}
	rq->cqe_count += (unsigned int)done;
	return done;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: demo_skb_from_cqe_linear mxbuf: written-first
 * zt-da: demo_skb_from_cqe_nonlinear mxbuf: written-first
 */

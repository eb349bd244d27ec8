// SPDX-License-Identifier: GPL-2.0-only
/* Recursion on the hot path: propagation terminates, the local is still reported. */
#include "netdev.h"

struct frag_walk { void *frag[6]; u32 depth, len; };	/* 56 bytes */

static int rc_walk(struct rx_queue *rq, struct cqe64 *cqe, u32 depth)
{
	struct frag_walk w;	/* zt-expect: stack-autoinit */

	w.depth = depth;
	w.len = cqe->bcnt;
	consume(&w, sizeof(w));
	if (depth && cqe->op == 7)
		return rc_walk(rq, cqe, depth - 1);
	return 0;
}

static int rc_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++)
		rc_walk(rq, &rq->cq[i], 3);
	return budget;
}

void rc_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, rc_poll);
}

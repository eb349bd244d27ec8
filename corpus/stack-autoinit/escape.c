// SPDX-License-Identifier: GPL-2.0-only
/* Addresses that escape into memory keep the zeroing alive too. */
#include "netdev.h"

struct rx_ctx { struct xdp_buff *cur; struct rx_xdp_buff *last; };

static void es_rx(struct rx_queue *rq, struct cqe64 *cqe, struct rx_ctx *ctx)
{
	struct rx_xdp_buff stored;	/* zt-expect: stack-autoinit */
	struct xdp_buff kept;		/* zt-expect: stack-autoinit */

	stored.cqe = cqe;
	kept.data = rq;
	ctx->last = &stored;
	ctx->cur = &kept;
	consume(ctx, sizeof(*ctx));
	ctx->last = NULL;
	ctx->cur = NULL;
}

static int es_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	struct rx_ctx ctx;

	for (int i = 0; i < budget; i++)
		es_rx(rq, &rq->cq[i], &ctx);
	return budget;
}

void es_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, es_poll);
}

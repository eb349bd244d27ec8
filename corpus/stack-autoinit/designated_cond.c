// SPDX-License-Identifier: GPL-2.0-only
/*
 * A field the initializer names keeps the value the initializer gave it on
 * the paths that do not write it: '{ .ts = NULL }' then 'if (stamped)
 * ctx.ts = p' and a reader of ctx->ts reads NULL or p, never the zero fill.
 * So the rest of the struct is still zeroed for nothing (a tax), as long as
 * the fields written only on some paths are all named. A field written on
 * some paths that the initializer does not name is read from the zero fill
 * on the others: that zero is required.
 */
#include "netdev.h"

/* 72 bytes: the named pointer and 64 the initializer leaves to the zero fill. */
struct dc_rx_ctx {
	struct xdp_buff xdp;
	void *desc;
	void *ts;
};

/* Reads the pointers, the timestamp one included. */
static int dc_build(struct rx_queue *rq, struct dc_rx_ctx *ctx)
{
	return ctx->ts ? 1 : ctx->desc != rq;
}

static int dc_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	int i, done = 0;

	for (i = 0; i < budget; i++) {
		struct dc_rx_ctx ctx = { .ts = NULL };	/* zt-expect: stack-explicit-init per-packet zt-note: the other 64 (padding included) are zeroed */
		struct dc_rx_ctx keep = { .ts = NULL };	/* 'desc' is written on some paths only and read: the zero is required, no finding */

		if (rq->cq[i].op)
			ctx.ts = &rq->cq[i];
		ctx.desc = &rq->cq[i];
		ctx.xdp.data = rq;
		done += dc_build(rq, &ctx);
		if (rq->cq[i].bcnt)
			keep.desc = &rq->cq[i];
		done += dc_build(rq, &keep);
	}
	return done;
}

void dc_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, dc_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two tests of one variable that agree: the context's fields are written
 * only under 'if (!skb) { ...; skb = run(); }', and read by the builder only
 * under a later 'else' of 'if (skb)', where skb is still NULL. A path that
 * skipped the block had skb set, and nothing changed it since, so the
 * builder reads only what the block wrote: the zero fill is not read, and
 * the designated initializer's zeroing is a tax. When skb may change between
 * the two tests, or the later test does not agree, or skb's address goes
 * somewhere, the fields may be unwritten where they are read: required.
 */
#include "netdev.h"

/* 72 bytes: the named pointer and 64 the initializer leaves to the zero fill. */
struct ag_rx_ctx {
	struct xdp_buff xdp;
	void *desc;
	void *ts;
};

/* Reads the pointers, the timestamp one included. */
static struct sk_buff *ag_build(struct rx_queue *rq, struct ag_rx_ctx *ctx)
{
	return ctx->ts || ctx->desc != rq ? (struct sk_buff *)ctx->xdp.data : NULL;
}

/* NULL: pass the packet up; else the packet went elsewhere. */
struct sk_buff *ag_run(struct rx_queue *rq, struct xdp_buff *xdp);
struct sk_buff *ag_held(struct rx_queue *rq);
void ag_add_frag(struct sk_buff *skb, struct cqe64 *cqe);
void ag_hold(struct rx_queue *rq, struct sk_buff **skb);

static int ag_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	struct sk_buff *skb = NULL, *held = NULL, *kept = NULL;
	int i, done = 0;

	for (i = 0; i < budget; i++) {
		struct ag_rx_ctx ctx = { .ts = NULL };	/* zt-expect: stack-explicit-init per-packet zt-note: the other 64 (padding included) are zeroed */
		struct ag_rx_ctx moved = { .ts = NULL };	/* skb may change between the tests: required, no finding */
		struct ag_rx_ctx other = { .ts = NULL };	/* read where skb is set: required, no finding */
		struct ag_rx_ctx given = { .ts = NULL };	/* &kept goes to a call: required, no finding */

		if (rq->cq[i].op)
			ctx.ts = &rq->cq[i];
		if (!skb) {
			ctx.desc = &rq->cq[i];
			ctx.xdp.data = rq;
			skb = ag_run(rq, &ctx.xdp);
		}
		if ((void *)skb == (void *)rq->cq)
			done++;
		else if (skb)
			ag_add_frag(skb, &rq->cq[i]);
		else
			skb = ag_build(rq, &ctx);

		if (!held) {
			moved.desc = &rq->cq[i];
			held = ag_run(rq, &moved.xdp);
		}
		held = ag_held(rq);
		if (!held)
			held = ag_build(rq, &moved);

		if (unlikely(!skb)) {
			other.desc = &rq->cq[i];
			done++;
		}
		if (skb)
			ag_build(rq, &other);

		if (kept == NULL) {
			given.desc = &rq->cq[i];
			ag_hold(rq, &kept);
		}
		if (kept == NULL)
			ag_build(rq, &given);

		if (skb && done > budget / 2)
			skb = NULL;
	}
	return done;
}

void ag_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ag_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Designated initializers zero the rest. '{ .rx_ts = NULL }' names one
 * pointer and zero-fills every other byte of the struct, whatever the kernel
 * configuration, exactly as '= {}' does; so does a compound literal assigned
 * to a local ('ctx = (struct foo){ .a = 1 }'), where the assignment runs. An
 * initializer that names every byte zeroes nothing.
 */
#include "netdev.h"

/* 72 bytes: one 8-byte pointer named, 64 zeroed. */
struct dr_rx_ctx {
	void *rx_ts;
	struct xdp_buff xdp;
	u64 flags;
};

/* 32 bytes, no padding: a full list writes all of it. */
struct dr_desc {
	u64 addr, len, cookie, flags;
};

void dr_post(struct rx_queue *rq, const struct dr_desc *d);
void dr_use(struct rx_queue *rq, struct dr_rx_ctx *ctx);

static void dr_rx_one(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct dr_rx_ctx scratch;	/* zt-expect: stack-explicit-init per-packet zt-note: the compound literal names 8 of its 72 bytes */
	struct dr_desc d = { .addr = cqe->ts, .len = cqe->bcnt, .cookie = 0, .flags = 1 };	/* every byte named: no finding */
	struct dr_desc full;	/* a positional literal naming every byte: no finding */

	scratch = (struct dr_rx_ctx){ .flags = cqe->op };
	dr_use(rq, &scratch);
	dr_post(rq, &d);
	full = (struct dr_desc){ cqe->ts, cqe->bcnt, 0, 2 };
	dr_post(rq, &full);
}

static int dr_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	struct dr_rx_ctx once = { .rx_ts = NULL };	/* zt-expect: stack-explicit-init per-poll zt-note: names 8 of its 72 bytes */
	int i;

	dr_use(rq, &once);
	for (i = 0; i < budget; i++) {
		struct dr_rx_ctx ctx = { .rx_ts = NULL };	/* zt-expect: stack-explicit-init per-packet zt-note: the other 64 (padding included) are zeroed */

		dr_use(rq, &ctx);
		dr_rx_one(rq, &rq->cq[i]);
	}
	return i;
}

void dr_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, dr_poll);
}

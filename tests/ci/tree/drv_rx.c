// SPDX-License-Identifier: GPL-2.0-only
/* Per-packet receive work, called from the poll loop in drv_main.c. */
#include "drv.h"

static struct sk_buff *drv_build(struct drv_rq *rq, struct pkt_desc *desc)
{
	struct rx_ctx ctx;

	ctx.desc = desc;
	ctx.queue = rq;
	ctx.data = desc + 1;
	if (run_prog(&ctx))
		return NULL;
	return make_skb(&ctx);
}

int drv_rx_one(struct drv_rq *rq, struct pkt_desc *desc)
{
	struct sk_buff *skb = drv_build(rq, desc);

	if (unlikely(!skb))
		return -1;
	deliver(&rq->napi, skb);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Error handling behind unlikely() (here: it logs, rate-limited): a local
 * declared in such a branch, and a function only called from one, are not on
 * the per-packet path. unlikely() alone is only a hint: unlikely_hint.c.
 */
#include "netdev.h"

static void ep_recover(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff dump;	/* only called from an error branch: no finding */

	dump.cqe = cqe;
	dump.rq = rq;
	consume(&dump, sizeof(dump));
}

static void ep_rx(struct rx_queue *rq, struct cqe64 *cqe)
{
	if (unlikely(cqe->op == 13)) {
		struct rx_xdp_buff err;	/* inside an error branch: no finding */

		if (net_ratelimit())
			netdev_err(rq->napi.dev, "bad completion opcode %u", cqe->op);
		err.cqe = cqe;
		consume(&err, sizeof(err));
		ep_recover(rq, cqe);
		return;
	}
	rq->bytes += cqe->bcnt;
}

static int ep_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++)
		ep_rx(rq, &rq->cq[i]);
	return budget;
}

void ep_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ep_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where the declaration sits matters: inside the poll loop it is zeroed per
 * packet, at the top of the poll function once per poll (ranked 64x lower).
 */
#include "netdev.h"

static int ld_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	struct rx_xdp_buff batch;	/* zt-expect: stack-autoinit per-poll */
	int i;

	batch.rq = rq;
	consume(&batch, sizeof(batch));
	for (i = 0; i < budget; i++) {
		struct rx_xdp_buff pkt;	/* zt-expect: stack-autoinit per-packet */

		pkt.cqe = &rq->cq[i];
		bpf_prog_run_xdp(&pkt.xdp);
	}
	return i;
}

void ld_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ld_poll);
}

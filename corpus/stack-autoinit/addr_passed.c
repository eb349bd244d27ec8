// SPDX-License-Identifier: GPL-2.0-only
/*
 * The mlx5e case: a 72-byte xdp buffer on the stack of a per-packet receive
 * function, its address passed to the XDP program runner. The optimizer
 * cannot prove the auto-init zeroing dead, so it is paid on every packet.
 */
#include "netdev.h"

static struct sk_buff *ap_skb_from_cqe(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff mxbuf;	/* zt-expect: stack-autoinit */

	mxbuf.cqe = cqe;
	mxbuf.rq = rq;
	mxbuf.xdp.data = rq->cq;
	if (bpf_prog_run_xdp(&mxbuf.xdp))
		return NULL;
	return build_skb(&mxbuf.xdp);
}

static void ap_handle_rx_cqe(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct sk_buff *skb = ap_skb_from_cqe(rq, cqe);

	if (skb)
		napi_gro_receive(&rq->napi, skb);
}

static int ap_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	int work = 0;

	while (work < budget) {
		ap_handle_rx_cqe(rq, &rq->cq[rq->cc++]);
		work++;
	}
	return work;
}

void ap_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ap_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two receive helpers, each with its own 56-byte 'struct xdp_buff xdp', both
 * inlined into one dispatcher: the compilers report both zeroings in the
 * dispatcher under one name. Each finding must get its own declaration's
 * bytes (at most 56), never the sum of the two copies.
 */
#include "netdev.h"

static struct sk_buff *ic_rx_linear(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct xdp_buff xdp;	/* zt-expect: stack-autoinit */

	xdp.data = cqe;
	xdp.frame_sz = cqe->bcnt;
	if (bpf_prog_run_xdp(&xdp))
		return NULL;
	return build_skb(&xdp);
}

static struct sk_buff *ic_rx_nonlinear(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct xdp_buff xdp;	/* zt-expect: stack-autoinit */

	xdp.data = rq->cq;
	xdp.rxq = rq;
	xdp.frame_sz = cqe->bcnt * 2;
	if (bpf_prog_run_xdp(&xdp))
		return NULL;
	return build_skb(&xdp);
}

static void ic_handle_cqe(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct sk_buff *skb = cqe->op ? ic_rx_nonlinear(rq, cqe) : ic_rx_linear(rq, cqe);

	if (skb)
		napi_gro_receive(&rq->napi, skb);
}

static int ic_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	int done;

	for (done = 0; done < budget; done++)
		ic_handle_cqe(rq, &rq->cq[done]);
	return done;
}

void ic_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ic_poll);
}

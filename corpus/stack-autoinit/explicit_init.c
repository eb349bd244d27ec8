// SPDX-License-Identifier: GPL-2.0-only
/*
 * Explicit initializers zero the whole object on every call whatever the
 * kernel configuration: zerotax-stack-explicit-init.
 */
#include "netdev.h"

static void ei_rx(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff empty = {};				/* zt-expect: stack-explicit-init */
	struct rx_xdp_buff zero = { 0 };			/* zt-expect: stack-explicit-init */
	struct rx_xdp_buff desig = { .cqe = cqe, .rq = rq };	/* zt-expect: stack-explicit-init */
	struct rx_xdp_buff copied = *(struct rx_xdp_buff *)rq;	/* a copy, not a zeroing: no finding */
	struct { u32 a, b; } small = { 0 };			/* small: no finding */

	bpf_prog_run_xdp(&empty.xdp);
	bpf_prog_run_xdp(&zero.xdp);
	bpf_prog_run_xdp(&desig.xdp);
	bpf_prog_run_xdp(&copied.xdp);
	consume(&small, sizeof(small));
}

static void __cold ei_slow(struct rx_queue *rq)
{
	struct rx_xdp_buff slow = {};	/* cold: no finding */

	bpf_prog_run_xdp(&slow.xdp);
}

static int ei_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++) {
		ei_rx(rq, &rq->cq[i]);
		if (rq->cq[i].op == 9)
			ei_slow(rq);
	}
	return budget;
}

void ei_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ei_poll);
}

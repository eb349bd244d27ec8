// SPDX-License-Identifier: GPL-2.0-only
/*
 * A hot function with no pointer-to-struct parameter: still a finding, but
 * no owner to move the object into (the note suggests __uninitialized).
 */
#include "netdev.h"

static u32 no_csum(const void *data, u32 len)
{
	struct xdp_buff tmp;	/* zt-expect: stack-autoinit */

	tmp.data = (void *)data;
	tmp.frame_sz = len;
	return (u32)bpf_prog_run_xdp(&tmp);
}

static int no_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++)
		rq->bytes += no_csum(&rq->cq[i], sizeof(rq->cq[i]));
	return budget;
}

void no_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, no_poll);
}

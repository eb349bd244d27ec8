// SPDX-License-Identifier: GPL-2.0-only
/*
 * A local marked __uninitialized is left alone by auto-init: nothing zeroes
 * it, so there is no tax to report, from the source or from the compilers.
 * An initializer on such a local still zeroes what it does not name. The
 * attribute comes from a header's macro (netdev.h), as in the kernel.
 */
#include "netdev.h"

static void oo_rx(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff kept __uninitialized;		/* opted out: no finding */
	struct rx_xdp_buff __uninitialized before;		/* either place: no finding */
	struct rx_xdp_buff zeroed __uninitialized = {};	/* zt-expect: stack-explicit-init */

	kept.cqe = cqe;
	before.cqe = cqe;
	bpf_prog_run_xdp(&kept.xdp);
	bpf_prog_run_xdp(&before.xdp);
	bpf_prog_run_xdp(&zeroed.xdp);
}

static int oo_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++)
		oo_rx(rq, &rq->cq[i]);
	return budget;
}

void oo_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, oo_poll);
}

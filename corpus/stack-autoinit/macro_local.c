// SPDX-License-Identifier: GPL-2.0-only
/* A local declared by a macro is reported where the macro is used. */
#include "netdev.h"

#define DECLARE_RX_BUF(name)	struct rx_xdp_buff name

static void ml_rx(struct rx_queue *rq, struct cqe64 *cqe)
{
	DECLARE_RX_BUF(buf);	/* zt-expect: stack-autoinit */

	buf.cqe = cqe;
	bpf_prog_run_xdp(&buf.xdp);
}

static int ml_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++)
		ml_rx(rq, &rq->cq[i]);
	return budget;
}

void ml_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ml_poll);
}

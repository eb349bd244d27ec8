// SPDX-License-Identifier: GPL-2.0-only
/*
 * Arrays: a large array handed to a call is zeroed every time. A VLA's size
 * is not known here (and the kernel builds with -Wvla): not reported.
 */
#include "netdev.h"

static void ar_rx(struct rx_queue *rq, struct cqe64 *cqe, int n)
{
	char hdr[128];			/* zt-expect: stack-autoinit */
	struct xdp_buff *frames[16];	/* zt-expect: stack-autoinit */
	u32 vla[n];			/* VLA: no finding */

	hdr[0] = (char)cqe->op;
	frames[0] = NULL;
	vla[0] = cqe->bcnt;
	consume(hdr, sizeof(hdr));
	consume(frames, sizeof(frames));
	consume(vla, sizeof(u32) * (size_t)n);
}

static int ar_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++)
		ar_rx(rq, &rq->cq[i], i + 1);
	return budget;
}

void ar_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ar_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/* A hot path through an inline helper defined in a header (include/rx_helpers.h). */
#include "rx_helpers.h"

static int ih_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	int done = 0;

	for (int i = 0; i < budget; i++)
		done += !rxh_run_xdp(rq, &rq->cq[i]);
	return done;
}

void ih_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ih_poll);
}

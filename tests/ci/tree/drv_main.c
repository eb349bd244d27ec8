// SPDX-License-Identifier: GPL-2.0-only
/* The poll loop: the hot root of the receive path. */
#include "drv.h"

static int drv_poll(struct napi_struct *napi, int budget)
{
	struct drv_rq *rq = (struct drv_rq *)napi;
	int done = 0;

	while (done < budget) {
		if (drv_rx_one(rq, &rq->ring[rq->head++ & rq->mask]))
			break;
		done++;
	}
	drv_account(rq);
	return done;
}

void drv_open(struct net_device *dev, struct drv_rq *rq)
{
	netif_napi_add(dev, &rq->napi, drv_poll);
}

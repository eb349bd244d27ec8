// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cold code does not carry heat: functions marked __cold (on the definition
 * or on an earlier prototype) and whatever only they call.
 */
#include "netdev.h"

static void cold_dump(struct rx_queue *rq, struct cqe64 *cqe) __cold;

static void cold_report(struct rx_queue *rq)
{
	struct rx_xdp_buff snap;	/* only reached from cold code: no finding */

	snap.rq = rq;
	consume(&snap, sizeof(snap));
}

static void __cold cold_handle_err(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff copy;	/* __cold function: no finding */

	copy.cqe = cqe;
	consume(&copy, sizeof(copy));
	cold_report(rq);
}

static void cold_dump(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct cqe64 ring[8];	/* cold by its prototype: no finding */

	ring[0] = *cqe;
	consume(ring, sizeof(ring));
}

static int cold_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++) {
		struct cqe64 *cqe = &rq->cq[i];

		if (cqe->op == 13)
			cold_handle_err(rq, cqe);
		else if (cqe->op == 14)
			cold_dump(rq, cqe);
		else
			rq->packets++;
	}
	return budget;
}

void cold_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, cold_poll);
}

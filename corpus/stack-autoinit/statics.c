// SPDX-License-Identifier: GPL-2.0-only
/* Static and global objects are not on the stack: auto-init does not touch them. */
#include "netdev.h"

struct rx_xdp_buff st_global;
extern struct rx_xdp_buff st_shared;

static void st_rx(struct rx_queue *rq, struct cqe64 *cqe)
{
	static struct rx_xdp_buff scratch;	/* static local: no finding */
	extern struct rx_xdp_buff st_shared;	/* extern: no finding */

	scratch.cqe = cqe;
	st_global.rq = rq;
	consume(&scratch, sizeof(scratch));
	consume(&st_global, sizeof(st_global));
	consume(&st_shared, sizeof(st_shared));
}

static int st_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++)
		st_rx(rq, &rq->cq[i]);
	return budget;
}

void st_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, st_poll);
}

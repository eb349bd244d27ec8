// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small objects cost a store or two: below --min-size, not reported alone.
 * Together they are 32 bytes: judged from the AST (both addresses leave the
 * function) the frame total reaches --min-size; the compilers see that 'p' is
 * fully written and keep only tag's 16 bytes, so with evidence it does not.
 */
#include "netdev.h"

struct pair { void *a, *b; };	/* 16 bytes */

static void ss_rx(struct rx_queue *rq, struct cqe64 *cqe)	/* zt-expect(ast): stack-frame-total */
{
	struct pair p;		/* small: no finding */
	u32 tag[4];		/* 16 bytes: no finding */

	p.a = rq;
	p.b = cqe;
	tag[0] = cqe->op;
	consume(&p, sizeof(p));
	consume(tag, sizeof(tag));
}

static int ss_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++)
		ss_rx(rq, &rq->cq[i]);
	return budget;
}

void ss_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, ss_poll);
}

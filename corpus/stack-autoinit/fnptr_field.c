// SPDX-License-Identifier: GPL-2.0-only
/*
 * Calls through a function-pointer field reach every function stored into
 * that field anywhere: by assignment, in a designated initializer, or with
 * WRITE_ONCE() / smp_store_release() (switched while the poll may run).
 */
#include "netdev.h"

struct fp_ops {
	int (*rx_one)(struct rx_queue *rq, struct cqe64 *cqe);
};

static int fp_rx_linear(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff lin;	/* zt-expect: stack-autoinit */

	lin.cqe = cqe;
	return bpf_prog_run_xdp(&lin.xdp);
}

static int fp_rx_striding(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff mpw;	/* zt-expect: stack-autoinit */

	mpw.cqe = cqe;
	mpw.rq = rq;
	return bpf_prog_run_xdp(&mpw.xdp);
}

static void fp_handle_once(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff once;	/* zt-expect: stack-autoinit */

	once.cqe = cqe;
	rq->packets += !bpf_prog_run_xdp(&once.xdp);
}

static int fp_rx_released(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff rel;	/* zt-expect: stack-autoinit */

	rel.cqe = cqe;
	rel.rq = rq;
	return bpf_prog_run_xdp(&rel.xdp);
}

static const struct fp_ops fp_striding_ops = { .rx_one = fp_rx_striding };

static void fp_handle(struct rx_queue *rq, struct cqe64 *cqe)
{
	rq->packets += !bpf_prog_run_xdp((struct xdp_buff *)cqe);
}

static int fp_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	const struct fp_ops *ops = (const struct fp_ops *)rq->cq;

	for (int i = 0; i < budget; i++) {
		rq->handle_rx_cqe(rq, &rq->cq[i]);
		ops->rx_one(rq, &rq->cq[i]);
	}
	return budget;
}

void fp_setup(struct net_device *dev, struct rx_queue *rq, struct fp_ops *ops, int striding)
{
	rq->handle_rx_cqe = fp_handle;
	if (striding)
		*ops = fp_striding_ops;
	else
		ops->rx_one = fp_rx_linear;
	if (striding > 1)
		WRITE_ONCE(rq->handle_rx_cqe, fp_handle_once);
	if (striding > 2)
		smp_store_release(&ops->rx_one, fp_rx_released);
	netif_napi_add(dev, &rq->napi, fp_poll);
}

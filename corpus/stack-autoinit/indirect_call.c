// SPDX-License-Identifier: GPL-2.0-only
/*
 * A retpoline-avoiding call (the kernel's INDIRECT_CALL_*()): the field is
 * copied into a local, compared with the likely handler, which is then
 * called directly; any other handler is called through the local. The
 * local holds whatever was stored into the field, so the handler reached
 * only through it (a representor's, in switchdev mode) is per-packet too.
 */
#include "netdev.h"

#define ic_call_1(f, f1, ...)                                                \
	({                                                                   \
		typeof(f) ic_f1 = (f);                                       \
		__builtin_expect(ic_f1 == f1, 1) ? f1(__VA_ARGS__) :         \
						  ic_f1(__VA_ARGS__);        \
	})

/* a queue of its own: no other file's call through the field reaches these */
struct ic_queue {
	struct rx_queue rq;
	void (*handle_cqe)(struct rx_queue *rq, struct cqe64 *cqe);
};

static void ic_handle_uplink(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff up;	/* zt-expect: stack-autoinit */

	up.cqe = cqe;
	rq->packets += !bpf_prog_run_xdp(&up.xdp);
}

static void ic_handle_rep(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff rep;	/* zt-expect: stack-autoinit */

	rep.cqe = cqe;
	rep.rq = rq;
	rq->packets += !bpf_prog_run_xdp(&rep.xdp);
}

static int ic_poll(struct napi_struct *napi, int budget)
{
	struct ic_queue *q = (struct ic_queue *)napi;

	for (int i = 0; i < budget; i++)
		ic_call_1(q->handle_cqe, ic_handle_uplink, &q->rq, &q->rq.cq[i]);
	return budget;
}

void ic_setup(struct net_device *dev, struct ic_queue *q, int switchdev)
{
	q->handle_cqe = switchdev ? ic_handle_rep : ic_handle_uplink;
	netif_napi_add(dev, &q->rq.napi, ic_poll);
}

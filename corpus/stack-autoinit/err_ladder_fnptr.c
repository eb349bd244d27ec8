// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two things the call graph must see like a kernel developer does:
 * - a goto-err ladder after the function's return is an error path: what it
 *   calls is not hot;
 * - a call through a function-pointer local or parameter reaches the
 *   functions assigned to it (a known set), and nothing else.
 */
#include "netdev.h"

typedef int (*el_rx_fn)(struct rx_queue *rq, struct cqe64 *cqe);

static void el_dump_ring(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff dump;	/* only reached from the error ladder: no finding */

	dump.cqe = cqe;
	dump.rq = rq;
	consume(&dump, sizeof(dump));
}

static int el_map_frag(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff frag;	/* zt-expect: stack-autoinit per-packet */
	int err;

	frag.cqe = cqe;
	err = bpf_prog_run_xdp(&frag.xdp);
	if (err)
		goto err_unmap;
	rq->packets++;
	return 0;

err_unmap:
	el_dump_ring(rq, cqe);
	log_error("map", (u32)err);
	return err;
}

static int el_rx_small(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff small_pkt;	/* zt-expect: stack-autoinit per-packet */

	small_pkt.cqe = cqe;
	return bpf_prog_run_xdp(&small_pkt.xdp);
}

static int el_rx_big(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff big_pkt;	/* zt-expect: stack-autoinit per-packet */

	big_pkt.cqe = cqe;
	big_pkt.rq = rq;
	return bpf_prog_run_xdp(&big_pkt.xdp);
}

/* Never assigned to the pointer the poll calls through: no finding. */
int el_rx_debug(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff debug_pkt;	/* not reached: no finding */

	debug_pkt.cqe = cqe;
	return bpf_prog_run_xdp(&debug_pkt.xdp);
}

static int el_finish(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff fin;	/* zt-expect: stack-autoinit per-packet */

	fin.rq = rq;
	return bpf_prog_run_xdp(&fin.xdp);
}

static void el_complete(struct rx_queue *rq, struct cqe64 *cqe, el_rx_fn done)
{
	done(rq, cqe);
}

static int el_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	el_rx_fn rx = rq->cc > 1 ? el_rx_big : el_rx_small;
	int i;

	for (i = 0; i < budget; i++) {
		rx(rq, &rq->cq[i]);
		el_map_frag(rq, &rq->cq[i]);
		el_complete(rq, &rq->cq[i], el_finish);
	}
	return i;
}

void el_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, el_poll);
}

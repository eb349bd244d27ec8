// SPDX-License-Identifier: GPL-2.0-only
/*
 * A root only the rules file knows (corpus.conf: "root rr_timer_poll"): a
 * poll loop started from a timer, which the automatic detection cannot see.
 */
#include "netdev.h"

static void rr_rx(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff rb;	/* zt-expect: stack-autoinit */

	rb.cqe = cqe;
	bpf_prog_run_xdp(&rb.xdp);
}

int rr_timer_poll(struct rx_queue *rq, int budget)
{
	for (int i = 0; i < budget; i++)
		rr_rx(rq, &rq->cq[i]);
	return budget;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A NAPI poll that loops over its rings and gives each ring's clean function
 * a share of the budget: that loop runs once per ring, not once per packet.
 * The packet loop is the one that consumes the budget (here inside the clean
 * function, bounded by the parameter that carries it). So the clean
 * function runs per poll, its top-level local is per poll, and only what
 * runs inside its budget loop is per packet. A transmit-completion loop
 * bounded by a *_BUDGET constant is a packet loop too.
 */
#include "netdev.h"

#define RL_TX_POLL_BUDGET 128

struct rl_channel {
	struct napi_struct napi;
	struct rx_queue rq[4];
	int num_rq;
};

static void rl_rx_one(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff one;	/* zt-expect: stack-autoinit per-packet */

	one.cqe = cqe;
	one.rq = rq;
	bpf_prog_run_xdp(&one.xdp);
}

static int rl_clean_rq(struct rx_queue *rq, int quota)
{
	struct rx_xdp_buff ring;	/* zt-expect: stack-autoinit per-poll */
	int done = 0;

	ring.rq = rq;
	consume(&ring, sizeof(ring));
	while (done < quota) {
		struct rx_xdp_buff pkt;	/* zt-expect: stack-autoinit per-packet */

		pkt.cqe = &rq->cq[done];
		bpf_prog_run_xdp(&pkt.xdp);
		rl_rx_one(rq, &rq->cq[done]);
		done++;
	}
	return done;
}

static void rl_tx_done(struct rx_queue *sq)
{
	struct rx_xdp_buff cmpl;	/* zt-expect: stack-autoinit per-packet */

	cmpl.rq = sq;
	consume(&cmpl, sizeof(cmpl));
}

static int rl_poll_tx(struct rx_queue *sq, int napi_budget)
{
	int i;

	for (i = 0; i < RL_TX_POLL_BUDGET && sq->cq[i].op; i++)
		rl_tx_done(sq);
	return i;
}

static int rl_poll(struct napi_struct *napi, int budget)
{
	struct rl_channel *ch = (struct rl_channel *)napi;
	int share = budget / ch->num_rq, done = 0;

	for (int i = 0; i < ch->num_rq; i++)
		rl_poll_tx(&ch->rq[i], budget);
	for (int i = 0; i < ch->num_rq; i++) {
		struct rx_xdp_buff per_ring;	/* zt-expect: stack-autoinit per-poll */

		per_ring.rq = &ch->rq[i];
		consume(&per_ring, sizeof(per_ring));
		done += rl_clean_rq(&ch->rq[i], share);
	}
	return done;
}

void rl_setup(struct net_device *dev, struct rl_channel *ch)
{
	netif_napi_add(dev, &ch->napi, rl_poll);
}

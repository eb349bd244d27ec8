// SPDX-License-Identifier: GPL-2.0-only
/*
 * Zeroing a callee needs is required, however far down the accumulation
 * is: a '= {}' stats block whose address is passed to a helper that passes
 * it on (the pointer itself, or the address of one of its fields) to one
 * that does p->f++, p->f += v, or a read-write asm operand (how the
 * kernel's local_add() and u64_stats_add() accumulate) needs its zero.
 * Where the callee has no body in the code analysed, zerotax does not know:
 * the finding says so (details.zero_needed) instead of claiming a tax.
 */
#include "netdev.h"

struct rp_counter { u64 v; };

struct rp_stats {
	struct rp_counter packets, bytes, drops, xdp;	/* 32 bytes */
};

/* local_add()'s shape: the add is an asm with a "+m" operand */
static inline void rp_local_add(u64 val, struct rp_counter *c)
{
	__asm__ volatile("" : "+m"(c->v) : "r"(val));
}

struct rp_local { struct rp_counter a; };

/* local64_add()'s shape: a macro taking the address of a member of what it is given */
#define rp_local64_add(i, l) rp_local_add((i), (&(l)->a))

/* u64_stats_add()'s shape: passes the field's address on */
static inline void rp_stats_add(struct rp_counter *c, u64 val)
{
	rp_local64_add(val, (struct rp_local *)c);
}

/* Three levels down from the poll: rp_rx() -> rp_rx_small() -> rp_stats_add(&st->bytes) */
static void rp_rx_small(struct rx_queue *rq, struct cqe64 *cqe, struct rp_stats *st)
{
	rp_stats_add(&st->bytes, cqe->bcnt);
}

static void rp_rx(struct rx_queue *rq, struct cqe64 *cqe, struct rp_stats *st)
{
	rp_rx_small(rq, cqe, st);	/* passed on as it came */
	rq->packets++;
}

/* Declared here, defined in no TU of the corpus: nothing is known of it. */
void rp_fill_elsewhere(struct rp_stats *st, const struct cqe64 *cqe);

static int rp_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	struct rp_stats stats = {};	/* accumulated three calls down: required, no finding */
	struct rp_stats snap = {};	/* zt-expect: stack-explicit-init per-poll zt-note: not known whether the zero is required: 'rp_fill_elsewhere' gets its address */
	int i;

	for (i = 0; i < budget; i++)
		rp_rx(rq, &rq->cq[i], &stats);
	rp_fill_elsewhere(&snap, &rq->cq[0]);
	consume(&snap, sizeof(snap));
	rq->bytes += stats.bytes.v;
	return i;
}

void rp_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, rp_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Zeroing that is required is not a tax: counters accumulated into a
 * '= {}' struct (directly or by a callee that read-modify-writes the fields
 * it is given), and a '= { 0 }' parameter block whose fields are filled only
 * on some paths and then read by the callee on all of them. The zero is part
 * of the algorithm; only a zeroing whose bytes are all written before they
 * are read is a tax.
 */
#include "netdev.h"

struct rz_stats {
	u64 packets, bytes, drops, csum_err;	/* 32 bytes */
};

struct rz_offload {
	u32 csum_start, csum_off, mss, vlan;
	u64 flags, tso_hdr, tunnel, reserved;	/* 48 bytes */
};

static void rz_count(struct rz_stats *st, const struct cqe64 *cqe)
{
	st->packets++;
	st->bytes += cqe->bcnt;
}

/* "f = f + v" accumulates as "f += v" does */
static void rz_count_spelled(struct rz_stats *st, const struct cqe64 *cqe)
{
	st->drops = st->drops + (cqe->op == 9);
}

/* Reads every field of what it is given, whatever the caller filled in. */
static void rz_post_offload(struct rx_queue *sq, const struct rz_offload *o)
{
	sq->bytes += o->csum_start + o->csum_off + o->mss + o->vlan;
	sq->packets += o->flags + o->tso_hdr + o->tunnel + o->reserved;
}

/* Writes every field: the caller's zero is dead. */
static void rz_fill_all(struct rz_stats *st, const struct cqe64 *cqe)
{
	st->packets = 1;
	st->bytes = cqe->bcnt;
	st->drops = 0;
	st->csum_err = cqe->op == 7;
}

static void rz_xmit_one(struct rx_queue *sq, struct cqe64 *cqe)
{
	struct rz_offload off = { 0 };	/* filled on some paths, read on all: no finding */
	struct rz_stats snap = {};	/* zt-expect: stack-explicit-init per-packet */

	if (cqe->op & 1) {
		off.csum_start = 14;
		off.csum_off = 16;
	}
	if (cqe->op & 2)
		off.mss = 1448;
	rz_post_offload(sq, &off);
	rz_fill_all(&snap, cqe);
	consume(&snap, sizeof(snap));
}

static int rz_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	struct rz_stats stats = {};	/* accumulated: the zero is required, no finding */
	struct rz_stats by_callee = {};	/* accumulated by rz_count(): no finding */
	struct rz_stats spelled = {};	/* spelled.f = spelled.f + v: no finding */
	struct rz_stats spelled_by = {};	/* the same in rz_count_spelled(): no finding */
	int i;

	for (i = 0; i < budget; i++) {
		stats.packets++;
		stats.bytes += rq->cq[i].bcnt;
		spelled.packets = spelled.packets + 1;
		rz_count(&by_callee, &rq->cq[i]);
		rz_count_spelled(&spelled_by, &rq->cq[i]);
		rz_xmit_one(rq, &rq->cq[i]);
	}
	rq->packets += stats.packets + by_callee.packets + spelled.packets + spelled_by.drops;
	rq->bytes += stats.bytes + by_callee.bytes;
	return i;
}

void rz_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, rz_poll);
}

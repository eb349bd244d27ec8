// SPDX-License-Identifier: GPL-2.0-only
/*
 * Paths only marked packets take are per packet for those packets only. A
 * branch whose condition reads the packet (its skb, or a descriptor the
 * device wrote: a record of plain values, or a value computed from one) and
 * tests a mark (a TC chain or action miss to restore, a flow tag,
 * skb->mark, a hardware timestamp, a sampling request) is such a path, and
 * so is the rest of a block after an early exit of the unmarked packets
 * ('if (!tag || tag == DEFAULT_FLOW_TAG) goto out;'). Their findings say
 * "per packet, on the X path only" and rank below the findings of the path
 * every packet of the same poll takes (as once per poll: how many packets
 * carry the mark is not known). A feature flag of the queue is not a mark:
 * every packet of a queue that has it takes the branch.
 */
#include "netdev.h"

#define MP_CHAIN_TAG_MASK 0xffff
#define MP_DEFAULT_FLOW_TAG 0xfff
#define MP_TSTAMP_VALID 0x1
#define MP_F_CSUM 0x2

/* Each larger than the main path's buffer: without the rule they would rank above it. */
struct mp_tunnel_key {
	u64 src, dst, id, tos, ttl, flags, port;
	u64 opts[16];	/* 184 bytes */
};

struct mp_sample_md {
	u64 group, rate, trunc, in_ifindex, out_ifindex, cookie, seq;
	u64 user[8];	/* 120 bytes */
};

struct mp_hwts {
	u64 ns, raw, adj, seq, sys, flags;
	u64 ext[6];	/* 96 bytes */
};

struct mp_csum {
	u64 start, off, value, level, flags;	/* 40 bytes */
};

struct mp_queue {
	struct rx_queue rq;
	u32 features;
	u64 restored, sampled;
};

static int mp_cqe_chain(const struct cqe64 *cqe)
{
	return (cqe->op & MP_CHAIN_TAG_MASK) != 0;
}

/* Reached only for packets that missed an offloaded TC rule. */
static void mp_restore_tunnel(struct mp_queue *q, struct sk_buff *skb)
{
	struct mp_tunnel_key key = {};	/* zt-expect: stack-explicit-init per-packet zt-below: buf zt-note: per packet, on the TC-restore path only */

	key.id = skb->len;
	consume(&key, sizeof(key));
	q->restored++;
}

static void mp_sample(struct mp_queue *q, struct sk_buff *skb)
{
	struct mp_sample_md md = {};	/* zt-expect: stack-explicit-init per-packet zt-below: buf zt-note: per packet, on the TC-restore path only */

	md.seq = skb->len;
	consume(&md, sizeof(md));
	q->sampled++;
}

/* A representor's receive: the unmarked packets leave at once. */
static void mp_rep_receive(struct mp_queue *q, struct cqe64 *cqe, struct sk_buff *skb)
{
	u32 tag;

	tag = cqe->op & MP_CHAIN_TAG_MASK;
	if (!tag || tag == MP_DEFAULT_FLOW_TAG)
		goto forward;
	mp_sample(q, skb);
forward:
	napi_gro_receive(&q->rq.napi, skb);
}

static void mp_rx(struct mp_queue *q, struct cqe64 *cqe)
{
	struct rx_xdp_buff buf;	/* zt-expect: stack-autoinit per-packet */
	struct sk_buff *skb;

	buf.cqe = cqe;
	buf.rq = q;
	bpf_prog_run_xdp(&buf.xdp);
	skb = build_skb(&buf.xdp);
	if (cqe->ts & MP_TSTAMP_VALID) {
		struct mp_hwts ts = {};	/* zt-expect: stack-explicit-init per-packet zt-below: buf zt-note: per packet, on the timestamp path only */

		ts.raw = cqe->ts;
		consume(&ts, sizeof(ts));
	}
	/* a feature of the queue: every packet of it, not a mark */
	if (q->features & MP_F_CSUM) {
		struct mp_csum cs = {};	/* zt-expect: stack-explicit-init per-packet */

		cs.value = cqe->bcnt;
		consume(&cs, sizeof(cs));
	}
	if (mp_cqe_chain(cqe))
		mp_restore_tunnel(q, skb);
	mp_rep_receive(q, cqe, skb);
}

static int mp_poll(struct napi_struct *napi, int budget)
{
	struct mp_queue *q = container_of(napi, struct mp_queue, rq.napi);
	int done;

	for (done = 0; done < budget; done++)
		mp_rx(q, &q->rq.cq[done]);
	return done;
}

void mp_setup(struct net_device *dev, struct mp_queue *q)
{
	netif_napi_add(dev, &q->rq.napi, mp_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * unlikely() is a hint, not an error path. A branch that an attached
 * program, a feature flag or a device capability turns on runs per packet
 * for everyone who turns it on: what it calls and declares is hot, and the
 * finding says under which condition. Error handling behind unlikely() stays
 * cold: a goto into the goto-err ladder, a return of a negative errno,
 * WARN*(), rate-limited logging, a call to a __cold function.
 */
#include "netdev.h"

struct bpf_prog;

#define UH_F_RX_HWTSTAMP 0x4

struct uh_queue {
	struct rx_queue rq;
	struct bpf_prog *xdp_prog;
	u32 features;
	u64 drops;
};

/* Per packet for everyone with a program attached. */
static int uh_run_xdp(struct uh_queue *q, struct cqe64 *cqe)
{
	struct rx_xdp_buff xdp;	/* zt-expect: stack-autoinit per-packet zt-note: per packet when an XDP program is attached */

	xdp.cqe = cqe;
	xdp.rq = q;
	return bpf_prog_run_xdp(&xdp.xdp);
}

/* Each of these is reached only from one kind of error handling: no finding. */
static void uh_oversize(struct uh_queue *q, struct cqe64 *cqe)
{
	struct rx_xdp_buff big;	/* logged error: no finding */

	big.cqe = cqe;
	consume(&big, sizeof(big));
}

static void uh_bad_opcode(struct uh_queue *q, struct cqe64 *cqe)
{
	struct rx_xdp_buff bad;	/* WARN: no finding */

	bad.cqe = cqe;
	consume(&bad, sizeof(bad));
}

static void uh_no_ring(struct uh_queue *q)
{
	struct rx_xdp_buff none;	/* -ENOMEM: no finding */

	none.rq = q;
	consume(&none, sizeof(none));
}

static void uh_collect(struct uh_queue *q, struct cqe64 *cqe)
{
	struct rx_xdp_buff torn;	/* goto into the ladder: no finding */

	torn.cqe = cqe;
	consume(&torn, sizeof(torn));
}

static void __cold uh_reset(struct uh_queue *q)
{
	q->drops = 0;
}

static void uh_snapshot(struct uh_queue *q, struct cqe64 *cqe)
{
	struct rx_xdp_buff snap;	/* next to a __cold call: no finding */

	snap.cqe = cqe;
	consume(&snap, sizeof(snap));
}

static int uh_rx(struct uh_queue *q, struct cqe64 *cqe)
{
	if (unlikely(q->xdp_prog))
		return uh_run_xdp(q, cqe);
	if (unlikely(q->features & UH_F_RX_HWTSTAMP)) {
		struct rx_xdp_buff ts;	/* zt-expect: stack-autoinit per-packet zt-note: per packet when 'q->features & UH_F_RX_HWTSTAMP' holds */

		ts.cqe = cqe;
		consume(&ts, sizeof(ts));
	}
	if (unlikely(cqe->bcnt > 9216)) {
		if (net_ratelimit())
			netdev_err(q->rq.napi.dev, "oversized completion: %u bytes", cqe->bcnt);
		uh_oversize(q, cqe);
		q->drops++;
		return 0;
	}
	if (unlikely(cqe->op == 7)) {
		WARN_ONCE(1, "unexpected opcode %u", cqe->op);
		uh_bad_opcode(q, cqe);
		return 0;
	}
	if (unlikely(!q->rq.cq)) {
		uh_no_ring(q);
		return -ENOMEM;
	}
	if (unlikely(cqe->op == 13)) {
		uh_collect(q, cqe);
		goto err_drop;
	}
	if (unlikely(cqe->op == 15)) {
		uh_reset(q);
		uh_snapshot(q, cqe);
	}
	q->rq.packets++;
	return 0;

err_drop:
	q->drops++;
	return -EINVAL;
}

static int uh_poll(struct napi_struct *napi, int budget)
{
	struct uh_queue *q = (struct uh_queue *)napi;
	int done;

	for (done = 0; done < budget; done++)
		if (uh_rx(q, &q->rq.cq[done]))
			break;
	return done;
}

void uh_setup(struct net_device *dev, struct uh_queue *q)
{
	netif_napi_add(dev, &q->rq.napi, uh_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The owner of a hoisted buffer is the queue or ring the NAPI instance
 * serves, never the net_device or the adapter (what netdev_priv() gives,
 * shared by every queue). Found, in this order: a parameter whose struct
 * the poll's container_of(napi, T, m) holds (T's members, pointer and array
 * members, the members of T's embedded members), T itself, a parameter
 * named as a ring or a queue; for a local of the poll itself, the local its
 * container_of() gives. None of them: no owner, and the note says so.
 */
#include "netdev.h"

struct qo_adapter {
	struct net_device *netdev;
	u64 flags, stats[4];
};

struct qo_rq {
	struct cqe64 *cq;
	u32 cc, mask;
	u64 packets;
};

struct qo_txring {
	void *desc;
	u32 head, tail;
};

/* The NAPI instance's struct: the rings it serves, and the adapter it belongs to. */
struct qo_channel {
	struct napi_struct napi;
	struct qo_adapter *adapter;
	struct qo_rq rq;
	u32 ix;
};

/* The adapter leads the list; the old rule took the first struct parameter. */
static void qo_handle_cqe(struct qo_adapter *adapter, struct qo_rq *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff xb;	/* zt-expect: stack-autoinit per-packet zt-note: suggested owner: 'rq' (struct qo_rq *) */

	xb.cqe = cqe;
	xb.rq = rq;
	adapter->flags |= (u64)bpf_prog_run_xdp(&xb.xdp);
}

/* Called with the channel itself: the NAPI instance's own struct. */
static void qo_poll_cq(struct net_device *dev, struct qo_channel *c, int budget)
{
	struct xdp_buff frame;	/* zt-expect: stack-autoinit per-poll zt-note: suggested owner: 'c' (struct qo_channel *) */

	frame.data = c;
	frame.frame_sz = (u32)budget;
	bpf_prog_run_xdp(&frame);
	for (int i = 0; i < budget; i++)
		qo_handle_cqe(c->adapter, &c->rq, &c->rq.cq[i]);
}

/* Only the net_device and the adapter: no owner. */
static void qo_account(struct net_device *dev, struct qo_adapter *adapter)
{
	struct xdp_buff probe;	/* zt-expect: stack-autoinit per-poll zt-note: no parameter of 'qo_account' is a queue or ring */

	probe.data = dev;
	adapter->stats[0] += (u64)bpf_prog_run_xdp(&probe);
}

static int qo_poll(struct napi_struct *napi, int budget)
{
	struct qo_channel *c = container_of(napi, struct qo_channel, napi);
	struct xdp_buff first;	/* zt-expect: stack-autoinit per-poll zt-note: suggested owner: 'c' (struct qo_channel *) */

	first.data = c;
	bpf_prog_run_xdp(&first);
	qo_poll_cq(napi->dev, c, budget);
	qo_account(napi->dev, c->adapter);
	return budget;
}

/* ndo_xdp_xmit: no NAPI; the ring parameter, by its name, not the adapter. */
static void qo_xmit_frame(struct qo_adapter *adapter, struct qo_txring *ring, struct xdp_buff *f)
{
	struct rx_xdp_buff tx;	/* zt-expect: stack-autoinit per-packet zt-note: suggested owner: 'ring' (struct qo_txring *) */

	tx.xdp.data = f->data;
	tx.cqe = NULL;
	tx.rq = ring;
	adapter->flags |= (u64)bpf_prog_run_xdp(&tx.xdp);
}

static struct qo_txring qo_rings[4];

static int qo_xdp_xmit(struct net_device *dev, int n, struct xdp_buff **frames, u32 flags)
{
	struct qo_adapter *adapter = netdev_priv(dev);

	for (int i = 0; i < n; i++)
		qo_xmit_frame(adapter, &qo_rings[flags & 3], frames[i]);
	return n;
}

static const struct net_device_ops qo_ops = {
	.ndo_xdp_xmit = qo_xdp_xmit,
};

const struct net_device_ops *qo_get_ops(void)
{
	return &qo_ops;
}

void qo_setup(struct net_device *dev, struct qo_channel *c)
{
	netif_napi_add(dev, &c->napi, qo_poll);
}

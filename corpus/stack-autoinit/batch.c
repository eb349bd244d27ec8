// SPDX-License-Identifier: GPL-2.0-only
/*
 * Work done once per batch of packets: frames are queued per packet and
 * flushed when the batch is full (an XDP_TX/redirect bulk of 16). The flush
 * function's locals are zeroed once per 16 packets: ranked per batch (bytes
 * / 16 per packet), not per packet, and the note says "per batch of 16".
 */
#include "netdev.h"

#define BT_XDP_BULK 16

struct bt_bulk {
	struct xdp_buff *frames[BT_XDP_BULK];
	int count;
};

void bt_ring_doorbell(struct rx_queue *sq, const void *wqe, size_t len);

static void bt_flush(struct rx_queue *sq, struct bt_bulk *bq)
{
	struct rx_xdp_buff wqe;	/* zt-expect: stack-autoinit per-batch */

	wqe.rq = sq;
	wqe.cqe = bq->frames[0];
	bt_ring_doorbell(sq, &wqe, sizeof(wqe));
	bq->count = 0;
}

static int bt_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;
	struct bt_bulk *bq = (struct bt_bulk *)rq->cq;
	int i;

	for (i = 0; i < budget; i++) {
		struct rx_xdp_buff pkt;	/* zt-expect: stack-autoinit per-packet */

		pkt.cqe = &rq->cq[i];
		bpf_prog_run_xdp(&pkt.xdp);
		bq->frames[bq->count++] = &pkt.xdp;
		if (bq->count == BT_XDP_BULK)
			bt_flush(rq, bq);
	}
	return i;
}

void bt_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, bt_poll);
}

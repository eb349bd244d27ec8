// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loops and batches as drivers write them. A packet loop is also an endless
 * loop left when the budget is spent ('for (;;)' / 'while (1)' with
 * 'if (n == budget) break;'): what it calls runs per packet. Work done only
 * when a ring threshold is crossed ('if (unused < size / 4) refill()'), given
 * a batch to do ('alloc(rq, BL_RX_BATCH)') or done with a bulk allocator
 * ('kmem_cache_alloc_bulk(..., n, objs)') runs once per batch: ranked by its
 * bytes per packet of the batch, the note says "per batch of up to N".
 */
#include "netdev.h"

#define BL_RX_BATCH 8
#define BL_CACHE_SIZE 16

struct kmem_cache;
int kmem_cache_alloc_bulk(struct kmem_cache *s, unsigned int flags, size_t size, void **p);

struct bl_ring {
	struct rx_queue rq;
	struct kmem_cache *cache;
	void *objs[BL_CACHE_SIZE];
	u32 n_objs, size, unused;
};

void bl_post(struct bl_ring *r, const void *wqe, size_t len);

/* Per packet: called from an endless loop left at the budget. */
static void bl_rx_one(struct bl_ring *r, struct cqe64 *cqe)
{
	struct rx_xdp_buff xdp;	/* zt-expect: stack-autoinit per-packet */

	xdp.cqe = cqe;
	bpf_prog_run_xdp(&xdp.xdp);
}

/* Per packet again, from a 'while (1)' loop. */
static void bl_tx_one(struct bl_ring *r, struct cqe64 *cqe)
{
	struct rx_xdp_buff done;	/* zt-expect: stack-autoinit per-packet */

	done.cqe = cqe;
	consume(&done, sizeof(done));
}

/* When a quarter of the ring is free: per batch of a size not known here. */
static void bl_refill(struct bl_ring *r)
{
	struct rx_xdp_buff wqe;	/* zt-expect: stack-autoinit per-batch zt-note: called when a ring threshold is crossed */

	wqe.rq = r;
	bl_post(r, &wqe, sizeof(wqe));
	r->unused = 0;
}

/* Given a batch of BL_RX_BATCH to allocate. */
static void bl_alloc(struct bl_ring *r, u32 n)
{
	struct rx_xdp_buff wqe;	/* zt-expect: stack-autoinit per-batch zt-note: per batch of up to 8 packets */

	wqe.rq = r;
	bl_post(r, &wqe, n * sizeof(wqe));
}

/* Fills the object cache in bulk: once per up to 16 packets. */
static void bl_fill_cache(struct bl_ring *r)
{
	struct rx_xdp_buff hdr;	/* zt-expect: stack-autoinit per-batch zt-note: per batch of up to 16 packets (it allocates or frees a bulk at once) */
	void *objs[BL_CACHE_SIZE];	/* zt-expect: stack-autoinit per-batch */

	r->n_objs = kmem_cache_alloc_bulk(r->cache, 0, BL_CACHE_SIZE, objs);
	hdr.rq = objs[0];
	bl_post(r, &hdr, sizeof(hdr));
}

static int bl_poll(struct napi_struct *napi, int budget)
{
	struct bl_ring *r = (struct bl_ring *)napi;
	int done = 0;

	for (;;) {
		struct cqe64 *cqe = &r->rq.cq[r->rq.cc++];

		bl_rx_one(r, cqe);
		if (!r->n_objs)
			bl_fill_cache(r);
		if (r->unused < r->size / 4)
			bl_refill(r);
		if (r->n_objs == 1)
			bl_alloc(r, BL_RX_BATCH);
		if (++done == budget)
			break;
	}
	return done;
}

static int bl_tx_poll(struct napi_struct *napi, int budget)
{
	struct bl_ring *r = (struct bl_ring *)napi;
	int n = 0;

	while (1) {
		struct rx_xdp_buff seen;	/* zt-expect: stack-autoinit per-packet */

		seen.cqe = &r->rq.cq[n];
		consume(&seen, sizeof(seen));
		bl_tx_one(r, &r->rq.cq[n]);
		if (++n >= budget)
			break;
	}
	return n;
}

void bl_setup(struct net_device *dev, struct bl_ring *r, struct bl_ring *t)
{
	netif_napi_add(dev, &r->rq.napi, bl_poll);
	netif_napi_add(dev, &t->rq.napi, bl_tx_poll);
}

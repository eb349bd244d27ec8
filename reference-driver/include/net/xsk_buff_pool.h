/* SPDX-License-Identifier: MIT */
/*
 * AF_XDP zero-copy buffer pool: a umem area cut into equal chunks (frames), one
 * descriptor per frame in an array, a free list of descriptors the driver gave back,
 * and the fill ring through which user space hands frames to the kernel.
 */
#ifndef _RD_NET_XSK_BUFF_POOL_H
#define _RD_NET_XSK_BUFF_POOL_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/dma-mapping.h>
#include <net/xdp.h>

struct xsk_buff_pool;

#define XSK_BUFF_F_MB		BIT(0)	/* part of a multi-buffer frame */

/*
 * One frame of the umem. The layout is the grown one: per-frame bookkeeping that
 * only setup, teardown or multi-buffer frames touch sits between the fields every
 * packet uses.
 */
struct xdp_buff_xsk {
	struct xdp_buff xdp;
	u8 flags;				/* XSK_BUFF_F_*: multi-buffer frames only */
	struct list_head xskb_list_node;	/* the other buffers of a multi-buffer frame */
	dma_addr_t dma;				/* where the device writes a packet */
	u16 queue_id;				/* queue the pool is bound to */
	dma_addr_t frame_dma;			/* start of the frame */
	u64 orig_addr;				/* umem offset user space gave in the fill ring */
	u32 chunk_idx;				/* index of the frame in the umem */
	struct xsk_buff_pool *pool;
	struct list_head free_list_node;
};

/* A ring shared with user space, here a plain array with free-running indices. */
struct xsk_queue {
	u64 *ring;
	u32 mask;
	u32 prod;
	u32 cons;
};

struct xsk_buff_pool {
	struct list_head free_list;
	u32 free_list_cnt;
	u32 chunk_shift;
	u32 headroom;			/* user headroom in front of XDP_PACKET_HEADROOM */
	u32 heads_cnt;
	struct xdp_buff_xsk *heads;
	struct xsk_queue fq;		/* fill ring */
	void *addrs;			/* the umem */
	u64 size;
	u32 chunk_size;
	u16 queue_id;
	struct device *dev;
};

struct xsk_buff_pool *xp_create(u32 frames, u32 chunk_shift, u16 queue_id, struct device *dev);
void xp_destroy(struct xsk_buff_pool *pool);

static inline struct xdp_buff_xsk *xsk_buff_to_xskb(struct xdp_buff *xdp)
{
	return container_of(xdp, struct xdp_buff_xsk, xdp);
}

static inline u32 xsk_pool_get_headroom(const struct xsk_buff_pool *pool)
{
	return XDP_PACKET_HEADROOM + pool->headroom;
}

static inline u32 xsk_pool_get_chunk_size(const struct xsk_buff_pool *pool)
{
	return pool->chunk_size;
}

static inline u32 xsk_pool_get_rx_frame_size(const struct xsk_buff_pool *pool)
{
	return pool->chunk_size - xsk_pool_get_headroom(pool);
}

static inline void xsk_pool_set_rxq_info(struct xsk_buff_pool *pool, struct xdp_rxq_info *rxq)
{
	u32 i;

	for (i = 0; i < pool->heads_cnt; i++)
		pool->heads[i].xdp.rxq = rxq;
}

/* Frames the driver gave back come first (still warm), then what user space filled. */
static inline struct xdp_buff *xsk_buff_alloc(struct xsk_buff_pool *pool)
{
	struct xdp_buff_xsk *xskb;

	if (likely(!list_empty(&pool->free_list))) {
		xskb = list_first_entry(&pool->free_list, struct xdp_buff_xsk, free_list_node);
		list_del(&xskb->free_list_node);
		pool->free_list_cnt--;
	} else {
		u64 addr;

		if (pool->fq.cons == READ_ONCE(pool->fq.prod))
			return NULL;
		addr = pool->fq.ring[pool->fq.cons++ & pool->fq.mask];
		xskb = &pool->heads[addr >> pool->chunk_shift];
		xskb->orig_addr = addr;
	}
	xskb->xdp.data = (char *)xskb->xdp.data_hard_start + XDP_PACKET_HEADROOM;
	xskb->xdp.data_meta = xskb->xdp.data;
	xskb->xdp.data_end = xskb->xdp.data;
	xskb->xdp.flags = 0;
	return &xskb->xdp;
}

static inline void xsk_buff_free(struct xdp_buff *xdp)
{
	struct xdp_buff_xsk *xskb = xsk_buff_to_xskb(xdp);
	struct xsk_buff_pool *pool = xskb->pool;

	list_add(&xskb->free_list_node, &pool->free_list);
	pool->free_list_cnt++;
}

/* The device wrote @size bytes at the frame's headroom. */
static inline void xsk_buff_set_size(struct xdp_buff *xdp, u32 size)
{
	xdp->data = (char *)xdp->data_hard_start + XDP_PACKET_HEADROOM;
	xdp->data_meta = xdp->data;
	xdp->data_end = (char *)xdp->data + size;
	xdp->flags = 0;
}

static inline dma_addr_t xsk_buff_xdp_get_dma(struct xdp_buff *xdp)
{
	return xsk_buff_to_xskb(xdp)->dma;
}

static inline dma_addr_t xsk_buff_xdp_get_frame_dma(struct xdp_buff *xdp)
{
	return xsk_buff_to_xskb(xdp)->frame_dma;
}

static inline void xsk_buff_dma_sync_for_cpu(struct xdp_buff *xdp)
{
	/* coherent platform: nothing to do (dma-mapping.h) */
	barrier();
}

#endif

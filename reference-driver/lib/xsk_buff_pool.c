// SPDX-License-Identifier: MIT
/* The out-of-line half of the AF_XDP buffer pool: creating and destroying it. */

#include <linux/slab.h>
#include <linux/kernel.h>
#include <net/xsk_buff_pool.h>

/*
 * A umem of @frames chunks of 1 << @chunk_shift bytes. User space has put every frame
 * in the fill ring; the free list starts empty.
 */
struct xsk_buff_pool *xp_create(u32 frames, u32 chunk_shift, u16 queue_id, struct device *dev)
{
	u32 chunk = 1u << chunk_shift, i;
	struct xsk_buff_pool *pool;

	if (!frames || frames & (frames - 1))
		return NULL;
	pool = kzalloc(sizeof(*pool), GFP_KERNEL);
	if (!pool)
		return NULL;
	INIT_LIST_HEAD(&pool->free_list);
	pool->chunk_shift = chunk_shift;
	pool->chunk_size = chunk;
	pool->headroom = 0;
	pool->queue_id = queue_id;
	pool->dev = dev;
	pool->size = (u64)frames << chunk_shift;
	pool->heads_cnt = frames;
	/* descriptors in one array: its element size is the stride every packet walks */
	pool->heads = kcalloc(frames, sizeof(*pool->heads), GFP_KERNEL);
	pool->fq.ring = kcalloc(frames, sizeof(*pool->fq.ring), GFP_KERNEL);
	/* user memory: contents are whatever they were */
	pool->addrs = rd_host_alloc_pages(pool->size, chunk);
	if (!pool->heads || !pool->fq.ring || !pool->addrs) {
		xp_destroy(pool);
		return NULL;
	}
	pool->fq.mask = frames - 1;
	for (i = 0; i < frames; i++) {
		struct xdp_buff_xsk *xskb = &pool->heads[i];
		u64 addr = (u64)i << chunk_shift;

		xskb->pool = pool;
		xskb->chunk_idx = i;
		xskb->queue_id = queue_id;
		xskb->flags = 0;
		xskb->orig_addr = addr;
		INIT_LIST_HEAD(&xskb->xskb_list_node);
		xskb->xdp.data_hard_start = (char *)pool->addrs + addr + pool->headroom;
		xskb->xdp.frame_sz = chunk - pool->headroom;
		xskb->xdp.txq = NULL;
		xskb->frame_dma = (dma_addr_t)(unsigned long)pool->addrs + addr;
		xskb->dma = xskb->frame_dma + pool->headroom + XDP_PACKET_HEADROOM;
		pool->fq.ring[pool->fq.prod++ & pool->fq.mask] = addr;
	}
	return pool;
}

void xp_destroy(struct xsk_buff_pool *pool)
{
	if (!pool)
		return;
	if (pool->addrs)
		rd_host_free_pages(pool->addrs);
	kfree(pool->fq.ring);
	kfree(pool->heads);
	kfree(pool);
}

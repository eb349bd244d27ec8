// SPDX-License-Identifier: MIT
/* Page pool: a fixed set of pages, a per-NAPI cache in front of a ring. */

#include <linux/slab.h>
#include <linux/kernel.h>
#include <net/page_pool.h>

struct page_pool *page_pool_create(const struct page_pool_params *params)
{
	unsigned long page_size = 1UL << params->page_shift;
	struct page_pool *pool;
	unsigned int i;

	pool = kzalloc(sizeof(*pool), GFP_KERNEL);
	if (!pool)
		return NULL;
	pool->p = *params;
	pool->pages = kcalloc(params->pool_size, sizeof(struct page), GFP_KERNEL);
	pool->ring.slots = kcalloc(params->pool_size, sizeof(struct page *), GFP_KERNEL);
	/* page contents are not cleared: receive buffers never are */
	pool->mem = rd_host_alloc_pages(params->pool_size * page_size, page_size);
	if (!pool->pages || !pool->ring.slots || !pool->mem)
		goto err;
	if (rd_mem_section_add(pool->mem, params->pool_size * page_size, params->page_shift,
			       pool->pages))
		goto err;
	for (i = 0; i < params->pool_size; i++) {
		struct page *page = &pool->pages[i];

		page->virtual = (char *)pool->mem + i * page_size;
		page->dma_addr = (unsigned long)page->virtual;
		page->pp = pool;
		page->pp_magic = PP_SIGNATURE;
		page->order_shift = params->page_shift;
		page->_refcount.counter = 1;
		page->pp_ref_count.counter = 0;
		pool->ring.slots[pool->ring.count++] = page;
	}
	return pool;

err:
	if (pool->mem)
		rd_host_free_pages(pool->mem);
	kfree(pool->ring.slots);
	kfree(pool->pages);
	kfree(pool);
	return NULL;
}

void page_pool_destroy(struct page_pool *pool)
{
	rd_mem_section_del(pool->mem);
	rd_host_free_pages(pool->mem);
	kfree(pool->ring.slots);
	kfree(pool->pages);
	kfree(pool);
}

/* The cache ran dry: refill it from the ring in one go. */
struct page *page_pool_alloc_pages_slow(struct page_pool *pool)
{
	while (pool->alloc.count < PP_ALLOC_CACHE_REFILL && pool->ring.count)
		pool->alloc.cache[pool->alloc.count++] = pool->ring.slots[--pool->ring.count];
	if (unlikely(!pool->alloc.count)) {
		pool->stats.alloc_empty++;
		return NULL;
	}
	pool->stats.alloc_slow++;
	return pool->alloc.cache[--pool->alloc.count];
}

void page_pool_recycle(struct page_pool *pool, struct page *page, bool allow_direct)
{
	if (likely(allow_direct && pool->alloc.count < PP_ALLOC_CACHE_SIZE)) {
		pool->alloc.cache[pool->alloc.count++] = page;
		pool->stats.recycle_cached++;
		return;
	}
	pool->ring.slots[pool->ring.count++] = page;
	pool->stats.recycle_ring++;
}

unsigned int page_pool_free_count(const struct page_pool *pool)
{
	return pool->alloc.count + pool->ring.count;
}

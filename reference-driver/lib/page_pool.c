// SPDX-License-Identifier: MIT
/* Page pool: a fixed set of pages, a per-NAPI cache in front of a ring. */

#include <linux/slab.h>
#include <linux/kernel.h>
#include <net/page_pool.h>

/*
 * A kernel page pool gets its pages from the page allocator one by one, and their
 * addresses (the direct map's, which is where the driver reads a packet) are wherever
 * the allocator found them: the buffers of consecutive strides of a multi-packet WQE
 * are not a constant distance apart. The model's pages are carved from one run of its
 * arena; handed out in address order, the first touches of consecutive packets would
 * be a constant stride (a page), which a hardware stride prefetcher that follows
 * strides of 4 KiB and more across pages (AMD Zen's, measured: docs/reference-driver.md,
 * "The simulated device") turns into a stream, so that with no cache injection the
 * packets arrive early from DRAM, as no real ring's do. So the pool starts in a
 * fixed pseudo-random order of its pages (the same in every variant and run).
 */
static void page_pool_scatter(struct page **slots, unsigned int n)
{
	u32 x = 0x9e3779b9u ^ n, i;

	for (i = n; i > 1; i--) {
		struct page *t;
		u32 j;

		/* xorshift32: any fixed sequence will do, it need not be good */
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		j = x % i;
		t = slots[i - 1];
		slots[i - 1] = slots[j];
		slots[j] = t;
	}
}

struct page_pool *page_pool_create(const struct page_pool_params *params)
{
	struct page_pool *pool;
	unsigned int i;

	pool = kzalloc(sizeof(*pool), GFP_KERNEL);
	if (!pool)
		return NULL;
	pool->p = *params;
	pool->ring.slots = kcalloc(params->pool_size, sizeof(struct page *), GFP_KERNEL);
	/* page contents are not cleared: receive buffers never are */
	pool->mem = rd_mem_alloc_pages(params->page_shift, params->pool_size, &pool->pages);
	if (!pool->ring.slots || !pool->mem)
		goto err;
	for (i = 0; i < params->pool_size; i++) {
		struct page *page = &pool->pages[i];

		/* the memmap outlives pools: no field may keep a previous owner's value */
		*page = (struct page){ 0 };
		page->dma_addr = (unsigned long)page_address(page);
		page->pp = pool;
		page->pp_magic = PP_SIGNATURE;
		page->order_shift = params->page_shift;
		page->_refcount.counter = 1;
		page->pp_ref_count.counter = 0;
		pool->ring.slots[pool->ring.count++] = page;
	}
	page_pool_scatter(pool->ring.slots, pool->ring.count);
	return pool;

err:
	rd_mem_free_pages(pool->mem, params->page_shift, params->pool_size);
	kfree(pool->ring.slots);
	kfree(pool);
	return NULL;
}

void page_pool_destroy(struct page_pool *pool)
{
	rd_mem_free_pages(pool->mem, pool->p.page_shift, pool->p.pool_size);
	kfree(pool->ring.slots);
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

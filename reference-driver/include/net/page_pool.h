/* SPDX-License-Identifier: MIT */
/*
 * Page pool: pages recycled through a lockless per-NAPI cache (direct recycling) and a
 * slower shared ring. pp_ref_count counts fragment users; a driver takes a large bias
 * up front and returns the unused part when it lets go of the page, as mlx5e does.
 */
#ifndef _RD_NET_PAGE_POOL_H
#define _RD_NET_PAGE_POOL_H

#include <linux/types.h>
#include <linux/mm.h>
#include <linux/dma-mapping.h>
#include <linux/cache.h>

#define PP_ALLOC_CACHE_SIZE	128
#define PP_ALLOC_CACHE_REFILL	64

struct page_pool_params {
	unsigned int pool_size;		/* pages owned by the pool */
	unsigned int page_shift;	/* 12 (4K) or 16 (64K) */
	struct device *dev;
	enum dma_data_direction dma_dir;
};

struct page_pool_stats {
	u64 alloc_fast;
	u64 alloc_slow;
	u64 alloc_empty;
	u64 recycle_cached;
	u64 recycle_ring;
};

struct page_pool {
	struct {
		unsigned int count;
		struct page *cache[PP_ALLOC_CACHE_SIZE];
	} alloc ____cacheline_aligned_in_smp;
	struct {
		unsigned int count;
		struct page **slots;
	} ring ____cacheline_aligned_in_smp;
	struct page_pool_params p;
	struct page *pages;		/* its run of the memmap */
	void *mem;
	struct page_pool_stats stats;
};

struct page_pool *page_pool_create(const struct page_pool_params *params);
void page_pool_destroy(struct page_pool *pool);
struct page *page_pool_alloc_pages_slow(struct page_pool *pool);
void page_pool_recycle(struct page_pool *pool, struct page *page, bool allow_direct);
unsigned int page_pool_free_count(const struct page_pool *pool);

static inline struct page *page_pool_dev_alloc_pages(struct page_pool *pool)
{
	if (likely(pool->alloc.count)) {
		pool->stats.alloc_fast++;
		return pool->alloc.cache[--pool->alloc.count];
	}
	return page_pool_alloc_pages_slow(pool);
}

static inline dma_addr_t page_pool_get_dma_addr(const struct page *page)
{
	return page->dma_addr;
}

static inline void page_pool_fragment_page(struct page *page, long nr)
{
	page->pp_ref_count.counter = nr;
}

/* Returns the references left. The last owner skips the atomic, as the kernel does. */
static inline long page_pool_unref_page(struct page *page, long nr)
{
	if (READ_ONCE(page->pp_ref_count.counter) == nr) {
		WRITE_ONCE(page->pp_ref_count.counter, 0);
		return 0;
	}
	return __atomic_sub_fetch(&page->pp_ref_count.counter, nr, __ATOMIC_ACQ_REL);
}

static inline void page_pool_put_unrefed_page(struct page_pool *pool, struct page *page,
					      bool allow_direct)
{
	page_pool_recycle(pool, page, allow_direct);
}

static inline void page_pool_put_full_page(struct page_pool *pool, struct page *page,
					   bool allow_direct)
{
	if (page_pool_unref_page(page, 1) == 0)
		page_pool_recycle(pool, page, allow_direct);
}

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Page model. A struct page lives apart from the memory it describes, in a linear memmap
 * as on x86_64 (vmemmap): page N of an arena describes the arena's bytes
 * [N << shift, (N + 1) << shift), so page_address() and virt_to_page() are arithmetic on
 * the page's index and touch neither the page nor its struct page. The page size is a
 * property of the arena: one for 4K pages, one for 64K pages, each with its own dense
 * memmap (a 64K-page kernel has one struct page per 64K), which lets one process run an
 * RQ with 4K pages next to one with 64K pages. Picking the arena is one comparison with
 * a read-mostly global; the translation itself reads two more, as the kernel reads
 * vmemmap_base and page_offset_base.
 */
#ifndef _RD_LINUX_MM_H
#define _RD_LINUX_MM_H

#include <linux/types.h>
#include <linux/compiler.h>

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

struct page_pool;

/* 64 bytes, as on x86_64, so that the memmap index is a shift */
struct page {
	unsigned long flags;
	unsigned long pp_magic;
	struct page_pool *pp;
	unsigned long _pp_mapping_pad;
	unsigned long dma_addr;
	atomic_long_t pp_ref_count;
	unsigned int order_shift;	/* log2 of this page's size */
	atomic_t _refcount;
	unsigned long memcg_data;
};

#define PP_SIGNATURE	0x40UL

enum rd_memmap_id {
	RD_MEMMAP_4K,
	RD_MEMMAP_64K,		/* above the 4K one, in addresses and in struct pages */
	RD_NR_MEMMAPS,
};

struct rd_memmap {
	unsigned long base;	/* the arena's first byte */
	struct page *map;	/* its struct pages, one per page */
	unsigned int shift;	/* log2 of the arena's page size: 12, 16 */
};

/*
 * Set up once per process (lib/mm.c), read-only afterwards. Hidden, as every symbol of a
 * variant: accessed relative to the instruction pointer, as the kernel's globals are.
 */
extern struct rd_memmap rd_memmaps[RD_NR_MEMMAPS] __attribute__((__visibility__("hidden")));

/*
 * The arithmetic of a linear memmap: a constant shift for each page size (struct page
 * is 64 bytes), so a kernel built for either size would compute the same with one
 * memmap. The comparison picks the memmap; within a run all pages have one size.
 */
#define RD_MEMMAP_VA(m, page, shift)						\
	((void *)((m)->base + (((unsigned long)(page) - (unsigned long)(m)->map) <<	\
			       ((shift) - 6))))
#define RD_MEMMAP_PAGE(m, a, shift)						\
	((struct page *)((unsigned long)(m)->map + (((a) - (m)->base) >> (shift) << 6)))

static inline void *page_address(const struct page *page)
{
	if (page >= rd_memmaps[RD_MEMMAP_64K].map)
		return RD_MEMMAP_VA(&rd_memmaps[RD_MEMMAP_64K], page, 16);
	return RD_MEMMAP_VA(&rd_memmaps[RD_MEMMAP_4K], page, PAGE_SHIFT);
}

static inline struct page *virt_to_page(const void *addr)
{
	unsigned long a = (unsigned long)addr;

	if (a >= rd_memmaps[RD_MEMMAP_64K].base)
		return RD_MEMMAP_PAGE(&rd_memmaps[RD_MEMMAP_64K], a, 16);
	return RD_MEMMAP_PAGE(&rd_memmaps[RD_MEMMAP_4K], a, PAGE_SHIFT);
}

static inline unsigned int page_size_shift(const struct page *page)
{
	return page->order_shift;
}

static inline int page_ref_count(const struct page *page)
{
	return READ_ONCE(page->_refcount.counter);
}

/*
 * Memory for @nr pages of 1 << @shift bytes (12 or 16), contiguous in the arena and in
 * the memmap; *@first is the struct page of the first one. Contents are left as they
 * were, as a fresh kernel page's. NULL when the arena is full.
 */
void *rd_mem_alloc_pages(unsigned int shift, unsigned long nr, struct page **first);
void rd_mem_free_pages(void *start, unsigned int shift, unsigned long nr);

/* one base page per page in this model: a page is its own head */
#define virt_to_head_page(a)	virt_to_page(a)

#endif

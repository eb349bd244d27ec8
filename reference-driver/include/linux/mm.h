/* SPDX-License-Identifier: MIT */
/*
 * Page model. A struct page lives apart from the memory it describes, as with the
 * kernel's memmap; page_address() and virt_to_page() translate. The page size is a
 * property of the memory section (and so of the page pool that owns it), which lets one
 * process run an RQ with 4K pages next to one with 64K pages.
 */
#ifndef _RD_LINUX_MM_H
#define _RD_LINUX_MM_H

#include <linux/types.h>
#include <linux/compiler.h>

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

struct page_pool;

struct page {
	unsigned long flags;
	unsigned long pp_magic;
	struct page_pool *pp;
	unsigned long _pp_mapping_pad;
	unsigned long dma_addr;
	atomic_long_t pp_ref_count;
	void *virtual;
	atomic_t _refcount;
	unsigned int order_shift;	/* log2 of this page's size */
};

#define PP_SIGNATURE	0x40UL

static inline void *page_address(const struct page *page)
{
	return page->virtual;
}

static inline unsigned int page_size_shift(const struct page *page)
{
	return page->order_shift;
}

static inline int page_ref_count(const struct page *page)
{
	return READ_ONCE(page->_refcount.counter);
}

/* Looks the page up in the registered memory sections (lib/mm.c). */
struct page *virt_to_page(const void *addr);
int rd_mem_section_add(void *start, unsigned long size, unsigned int shift, struct page *pages);
void rd_mem_section_del(void *start);

#define virt_to_head_page(a)	virt_to_page(a)

#endif

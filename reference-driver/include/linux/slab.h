/* SPDX-License-Identifier: MIT */
/* Allocations come from the host environment (host.c); the model never frees in the hot path. */
#ifndef _RD_LINUX_SLAB_H
#define _RD_LINUX_SLAB_H

#include <linux/types.h>

void *rd_host_zalloc(size_t size, size_t align);
void rd_host_free(void *p);
/* page memory: aligned to the page size, contents left as they were */
void *rd_host_alloc_pages(size_t size, size_t align);
void rd_host_free_pages(void *p);
/* address space for the memmap and its arenas: reserved, committed on first touch */
void *rd_host_reserve(size_t size, size_t align);
/* the range holds pages again: contents undefined (for MemorySanitizer) */
void rd_host_pages_fresh(void *p, size_t size);
/* the range's pages are not needed any more: give the memory back */
void rd_host_pages_discard(void *p, size_t size);

static inline void *kzalloc(size_t size, gfp_t gfp)
{
	return rd_host_zalloc(size, 64);
}

static inline void *kvzalloc(size_t size, gfp_t gfp)
{
	return rd_host_zalloc(size, 64);
}

static inline void *kcalloc(size_t n, size_t size, gfp_t gfp)
{
	return rd_host_zalloc(n * size, 64);
}

static inline void kfree(const void *p)
{
	rd_host_free((void *)p);
}

#define kvfree(p)	kfree(p)

#endif

// SPDX-License-Identifier: MIT
/*
 * The model's memmap. Page-pool memory comes from two arenas, one per page size, each
 * described by a dense array of struct pages (include/linux/mm.h), so that translating
 * between a page and its address is arithmetic, as with x86_64's vmemmap. The arenas
 * are carved in sections of RD_SECTION_SHIFT bytes; a page pool takes a run of
 * sections and gives it back when destroyed. Per-process state, like the kernel's
 * memmap; set up on first use, before any page exists.
 */

#include <linux/slab.h>
#include <linux/kernel.h>
#include <linux/bitops.h>
#include <linux/mm.h>

#define RD_ARENA_SHIFT		30	/* 1 GiB of addresses per page size */
#define RD_SECTION_SHIFT	21
#define RD_NR_SECTIONS		(1UL << (RD_ARENA_SHIFT - RD_SECTION_SHIFT))

struct rd_memmap rd_memmaps[RD_NR_MEMMAPS];

static struct {
	bool ready;
	DECLARE_BITMAP(used, RD_NR_SECTIONS);
} rd_arenas[RD_NR_MEMMAPS];

static const unsigned int rd_arena_shift[RD_NR_MEMMAPS] = { 12, 16 };

static int rd_mem_init(void)
{
	unsigned long pages = 0, off = 0;
	struct page *map;
	char *arena;
	int i;

	BUILD_BUG_ON(sizeof(struct page) != 64);
	for (i = 0; i < RD_NR_MEMMAPS; i++)
		pages += 1UL << (RD_ARENA_SHIFT - rd_arena_shift[i]);
	/* one reservation each, so that the 64K arena and memmap lie above the 4K ones */
	arena = rd_host_reserve((unsigned long)RD_NR_MEMMAPS << RD_ARENA_SHIFT,
				1UL << RD_SECTION_SHIFT);
	map = rd_host_reserve(pages * sizeof(struct page), 64);
	if (!arena || !map)
		return -12;
	for (i = 0; i < RD_NR_MEMMAPS; i++) {
		rd_memmaps[i].base = (unsigned long)arena + ((unsigned long)i << RD_ARENA_SHIFT);
		rd_memmaps[i].map = map + off;
		rd_memmaps[i].shift = rd_arena_shift[i];
		off += 1UL << (RD_ARENA_SHIFT - rd_arena_shift[i]);
		rd_arenas[i].ready = true;
	}
	return 0;
}

static int rd_memmap_id(unsigned int shift)
{
	int i;

	for (i = 0; i < RD_NR_MEMMAPS; i++)
		if (rd_arena_shift[i] == shift)
			return i;
	return -1;
}

/* First fit: the lowest run of @n free sections, or -1. */
static long rd_find_sections(const unsigned long *used, unsigned long n)
{
	unsigned long start, i;

	for (start = 0; start + n <= RD_NR_SECTIONS; start = i + 1) {
		for (i = start; i < start + n; i++)
			if (test_bit(i, used))
				break;
		if (i == start + n)
			return start;
	}
	return -1;
}

void *rd_mem_alloc_pages(unsigned int shift, unsigned long nr, struct page **first)
{
	int id = rd_memmap_id(shift);
	unsigned long n, i, off;
	long s;
	void *p;

	if (id < 0 || !nr || (!rd_arenas[id].ready && rd_mem_init()))
		return NULL;
	n = ((nr << shift) + (1UL << RD_SECTION_SHIFT) - 1) >> RD_SECTION_SHIFT;
	s = rd_find_sections(rd_arenas[id].used, n);
	if (s < 0)
		return NULL;
	for (i = s; i < s + n; i++)
		__set_bit(i, rd_arenas[id].used);
	off = (unsigned long)s << RD_SECTION_SHIFT;
	p = (void *)(rd_memmaps[id].base + off);
	rd_host_pages_fresh(p, nr << shift);
	*first = rd_memmaps[id].map + (off >> shift);
	return p;
}

void rd_mem_free_pages(void *start, unsigned int shift, unsigned long nr)
{
	int id = rd_memmap_id(shift);
	unsigned long s, n, i;

	if (id < 0 || !start)
		return;
	s = ((unsigned long)start - rd_memmaps[id].base) >> RD_SECTION_SHIFT;
	n = ((nr << shift) + (1UL << RD_SECTION_SHIFT) - 1) >> RD_SECTION_SHIFT;
	rd_host_pages_discard(start, nr << shift);
	for (i = s; i < s + n; i++)
		__clear_bit(i, rd_arenas[id].used);
}

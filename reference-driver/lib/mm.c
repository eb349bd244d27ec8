// SPDX-License-Identifier: MIT
/*
 * Memory sections: the model's memmap. Each page pool registers the memory it owns so
 * that virt_to_page() can find the struct page of any address in it. The table is
 * per-process state, like the kernel's memmap.
 */

#include <linux/mm.h>

#define RD_MAX_SECTIONS	64

struct rd_mem_section {
	unsigned long start;
	unsigned long end;
	unsigned int shift;
	struct page *pages;
};

static struct rd_mem_section rd_sections[RD_MAX_SECTIONS];

int rd_mem_section_add(void *start, unsigned long size, unsigned int shift, struct page *pages)
{
	int i;

	for (i = 0; i < RD_MAX_SECTIONS; i++) {
		if (rd_sections[i].start)
			continue;
		rd_sections[i].start = (unsigned long)start;
		rd_sections[i].end = (unsigned long)start + size;
		rd_sections[i].shift = shift;
		rd_sections[i].pages = pages;
		return 0;
	}
	return -12;
}

void rd_mem_section_del(void *start)
{
	int i;

	/* The whole slot: a stale end would match addresses below it. */
	for (i = 0; i < RD_MAX_SECTIONS; i++)
		if (rd_sections[i].start == (unsigned long)start)
			rd_sections[i] = (struct rd_mem_section){ 0 };
}

struct page *virt_to_page(const void *addr)
{
	unsigned long a = (unsigned long)addr;
	int i;

	for (i = 0; i < RD_MAX_SECTIONS; i++) {
		const struct rd_mem_section *s = &rd_sections[i];

		if (a >= s->start && a < s->end)
			return &s->pages[(a - s->start) >> s->shift];
	}
	return NULL;
}

/* SPDX-License-Identifier: MIT */
#ifndef _RD_LINUX_PREFETCH_H
#define _RD_LINUX_PREFETCH_H

#include <linux/cache.h>

/* x86-64: prefetcht0 for reads, prefetchw for an upcoming write. */
static inline void prefetch(const void *p)
{
	__asm__ __volatile__("prefetcht0 %0" : : "m"(*(const char *)p));
}

static inline void prefetchw(const void *p)
{
	__asm__ __volatile__("prefetchw %0" : : "m"(*(const char *)p));
}

/* Headers may span two lines when L1 lines are 64 bytes. */
static inline void net_prefetch(void *p)
{
	prefetch(p);
	prefetch((char *)p + L1_CACHE_BYTES);
}

static inline void net_prefetchw(void *p)
{
	prefetchw(p);
	prefetchw((char *)p + L1_CACHE_BYTES);
}

#endif

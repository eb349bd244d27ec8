// SPDX-License-Identifier: MIT
/* The host environment of the model: memory from the C library, cache control. */

#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <sys/mman.h>
#include <valgrind/valgrind.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#include <sanitizer/msan_interface.h>
#define RD_HOST_MSAN 1
#endif
#endif

void *rd_host_zalloc(size_t size, size_t align);
void rd_host_free(void *p);
void *rd_host_alloc_pages(size_t size, size_t align);
void rd_host_free_pages(void *p);
void *rd_host_reserve(size_t size, size_t align);
void rd_host_pages_fresh(void *p, size_t size);
void rd_host_pages_discard(void *p, size_t size);
void rd_host_clflush(const void *p, size_t len);
void rd_host_fence(void);

void *rd_host_zalloc(size_t size, size_t align)
{
	void *p;

	if (align < sizeof(void *))
		align = sizeof(void *);
	size = (size + align - 1) / align * align;
	if (posix_memalign(&p, align, size ? size : align))
		return NULL;
	memset(p, 0, size);
	return p;
}

void rd_host_free(void *p)
{
	free(p);
}

/* Page contents stay uninitialised, as a freshly allocated kernel page's are. */
void *rd_host_alloc_pages(size_t size, size_t align)
{
	void *p;

	if (posix_memalign(&p, align, size))
		return NULL;
	return p;
}

void rd_host_free_pages(void *p)
{
	free(p);
}

/*
 * Address space that is never given back (the memmap and its arenas live as long as the
 * process): no memory is committed until a page is touched.
 */
void *rd_host_reserve(size_t size, size_t align)
{
	char *p = mmap(NULL, size + align, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	return (void *)(((unsigned long)p + align - 1) & ~(unsigned long)(align - 1));
}

/* A kernel page's contents are whatever they were: mmap's zeroes are not a promise. */
void rd_host_pages_fresh(void *p, size_t size)
{
#ifdef RD_HOST_MSAN
	__msan_poison(p, size);
#else
	(void)p;
	(void)size;
#endif
}

void rd_host_pages_discard(void *p, size_t size)
{
	madvise(p, size, MADV_DONTNEED);
}

/* Without DDIO the device's writes end up in memory, not in the CPU's caches. */
void rd_host_clflush(const void *p, size_t len)
{
	const char *c = (const char *)((unsigned long)p & ~63UL);
	const char *end = (const char *)p + len;

	/* valgrind neither knows clflushopt nor models a flush in its cache simulation */
	if (RUNNING_ON_VALGRIND)
		return;
	/* input operand only: sanitizers must not take the flush for a write */
	for (; c < end; c += 64)
		__asm__ __volatile__("clflushopt %0" : : "m"(*c));
}

void rd_host_fence(void)
{
	__asm__ __volatile__("mfence" : : : "memory");
}

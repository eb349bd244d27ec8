// SPDX-License-Identifier: MIT
/* The host environment of the model: memory from the C library, cache control. */

#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <sys/mman.h>
#include <time.h>
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
unsigned long long rd_host_chase_ps(char *const *lines, unsigned int n);

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

/*
 * The cold model's calibration: picoseconds per line to load the first 8 bytes at each of
 * @lines, one after the other, each load's address depending on the one before (so
 * nothing overlaps: what is left is the latency of wherever the line was, DRAM or a
 * cache, less what a hardware prefetcher brought early). Reads only.
 */
unsigned long long rd_host_chase_ps(char *const *lines, unsigned int n)
{
	struct timespec t0, t1;
	unsigned long dep = 0;
	unsigned int i;

	if (!n)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++) {
		unsigned long v = *(volatile const unsigned long *)(lines[i] + dep);

		/* zero that the compiler cannot see through and the CPU must wait for */
		__asm__("and $0, %0" : "+r"(v));
		dep = v;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (((unsigned long long)(t1.tv_sec - t0.tv_sec) * 1000000000ULL + t1.tv_nsec -
		 t0.tv_nsec) * 1000 + dep) / n;
}

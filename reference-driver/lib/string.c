// SPDX-License-Identifier: MIT
/*
 * x86-64 memset/memcpy as the kernel runs them on CPUs with ERMS/FSRM: one "rep stosb"
 * or "rep movsb", no vector registers (the kernel may not touch FPU state). Linked into
 * the variant shared objects only; sanitizer builds keep the intercepted libc versions.
 * Visibility is hidden, so the compiler's own out-of-line calls bind here.
 */

#include <linux/string.h>

void *memset(void *s, int c, size_t n)
{
	void *ret = s;

	__asm__ __volatile__("rep stosb"
			     : "+D"(s), "+c"(n)
			     : "a"(c)
			     : "memory");
	return ret;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	void *ret = dst;

	__asm__ __volatile__("rep movsb"
			     : "+D"(dst), "+S"(src), "+c"(n)
			     :
			     : "memory");
	return ret;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + n)
		return memcpy(dst, src, n);
	/* overlapping, destination above the source: copy backwards */
	d += n - 1;
	s += n - 1;
	__asm__ __volatile__("std\n\trep movsb\n\tcld"
			     : "+D"(d), "+S"(s), "+c"(n)
			     :
			     : "memory");
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * The kernel provides its own memset/memcpy (x86-64: out-of-line "rep stosb"/"rep movsb"
 * routines chosen for ERMS/FSRM CPUs). The compiler still expands small constant-size
 * calls inline, as in the kernel. The out-of-line bodies live in lib/string.c and are
 * linked only into the variant .so builds: sanitizer builds keep libc's, which the
 * sanitizers intercept.
 */
#ifndef _RD_LINUX_STRING_H
#define _RD_LINUX_STRING_H

#include <linux/types.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#endif

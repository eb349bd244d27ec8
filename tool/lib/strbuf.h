/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Growing strings and string vectors (git's strbuf/strvec, smaller): the one
 * way to build text and lists of strings; capacity doubles, so appending is
 * amortised O(1), and out of memory aborts as xmalloc() does.
 */
#ifndef ZT_STRBUF_H
#define ZT_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

#include "zerotax.h"

/* A NUL-terminated string that grows; buf is never NULL after zt_strbuf_init(). */
struct zt_strbuf {
	char *buf;
	size_t len, alloc;
};

#define ZT_STRBUF_INIT { 0 }

void zt_strbuf_grow(struct zt_strbuf *sb, size_t extra);
void zt_strbuf_add(struct zt_strbuf *sb, const void *data, size_t n);
void zt_strbuf_adds(struct zt_strbuf *sb, const char *s);
void zt_strbuf_addf(struct zt_strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void zt_strbuf_vaddf(struct zt_strbuf *sb, const char *fmt, va_list ap);
/* The string, handed to the caller (free() it); @sb is empty again. */
char *zt_strbuf_detach(struct zt_strbuf *sb, size_t *len);
void zt_strbuf_release(struct zt_strbuf *sb);

/* A NULL-terminated vector of owned strings (an argv). */
struct zt_strvec {
	char **v;
	size_t n, alloc;
};

#define ZT_STRVEC_INIT { 0 }

/* Appends a copy of @s; returns it. */
char *zt_strvec_push(struct zt_strvec *sv, const char *s);
/* Appends @s itself: @sv owns it from now on. */
void zt_strvec_push_nodup(struct zt_strvec *sv, char *s);
char *zt_strvec_pushf(struct zt_strvec *sv, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Is @s (by strcmp) in @sv? */
int zt_strvec_has(const struct zt_strvec *sv, const char *s);
void zt_strvec_clear(struct zt_strvec *sv);
/* The vector, handed to the caller (zt_argv_free()-able); @sv is empty again. */
char **zt_strvec_detach(struct zt_strvec *sv);

/* Grow @p (an array of @*alloc elements of @size bytes) to hold @n; doubles. */
void *zt_grow(void *p, size_t n, size_t *alloc, size_t size);
#define ZT_ALLOC_GROW(p, n, alloc) ((p) = zt_grow((p), (n), &(alloc), sizeof(*(p))))

/*
 * Make room for element @n of @p, an array grown only by this, one element at
 * a time from NULL, in the structs we cannot give a capacity field (the facts
 * of a TU, the call graph: their arrays come from the walk alone). The
 * capacity is implicit: the smallest power of two >= @n, so it reallocates
 * (doubling) only when @n is 0 or a power of two. Lowering the count later is
 * fine; allocating the array any other way is not.
 */
void *zt_grow_implicit(void *p, size_t n, size_t size);
#define ZT_PUSH_IMPLICIT(p, n) ((p) = zt_grow_implicit((p), (n), sizeof(*(p))))

#endif /* ZT_STRBUF_H */

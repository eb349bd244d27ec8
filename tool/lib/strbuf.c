// SPDX-License-Identifier: GPL-2.0-only
/* Growing strings and string vectors; see strbuf.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

void *zt_grow(void *p, size_t n, size_t *alloc, size_t size)
{
	size_t cap = *alloc;

	if (n <= cap && p)
		return p;
	cap = cap ? cap : 8;
	while (cap < n)
		cap *= 2;
	*alloc = cap;
	return xrealloc(p, cap * size);
}

void *zt_grow_implicit(void *p, size_t n, size_t size)
{
	if (n && (n & (n - 1)))
		return p;
	return xrealloc(p, (n ? 2 * n : 1) * size);
}

void zt_strbuf_grow(struct zt_strbuf *sb, size_t extra)
{
	ZT_ALLOC_GROW(sb->buf, sb->len + extra + 1, sb->alloc);
}

void zt_strbuf_add(struct zt_strbuf *sb, const void *data, size_t n)
{
	zt_strbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, data, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void zt_strbuf_adds(struct zt_strbuf *sb, const char *s)
{
	zt_strbuf_add(sb, s, strlen(s));
}

void zt_strbuf_vaddf(struct zt_strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	zt_strbuf_grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		n = 0;	/* an encoding error: nothing added */
	if ((size_t)n >= sb->alloc - sb->len) {
		zt_strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
	}
	sb->len += (size_t)n;
	sb->buf[sb->len] = '\0';
}

void zt_strbuf_addf(struct zt_strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	zt_strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

char *zt_strbuf_detach(struct zt_strbuf *sb, size_t *len)
{
	char *s;

	zt_strbuf_grow(sb, 0);
	sb->buf[sb->len] = '\0';	/* a buffer never added to is "" too */
	s = sb->buf;
	if (len)
		*len = sb->len;
	*sb = (struct zt_strbuf)ZT_STRBUF_INIT;
	return s;
}

void zt_strbuf_release(struct zt_strbuf *sb)
{
	free(sb->buf);
	*sb = (struct zt_strbuf)ZT_STRBUF_INIT;
}

void zt_strvec_push_nodup(struct zt_strvec *sv, char *s)
{
	ZT_ALLOC_GROW(sv->v, sv->n + 2, sv->alloc);
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

char *zt_strvec_push(struct zt_strvec *sv, const char *s)
{
	char *copy = xstrdup(s);

	zt_strvec_push_nodup(sv, copy);
	return copy;
}

char *zt_strvec_pushf(struct zt_strvec *sv, const char *fmt, ...)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	va_list ap;
	char *s;

	va_start(ap, fmt);
	zt_strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	s = zt_strbuf_detach(&sb, NULL);
	zt_strvec_push_nodup(sv, s);
	return s;
}

int zt_strvec_has(const struct zt_strvec *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i], s))
			return 1;
	return 0;
}

void zt_strvec_clear(struct zt_strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	*sv = (struct zt_strvec)ZT_STRVEC_INIT;
}

char **zt_strvec_detach(struct zt_strvec *sv)
{
	char **v;

	ZT_ALLOC_GROW(sv->v, sv->n + 1, sv->alloc);
	sv->v[sv->n] = NULL;
	v = sv->v;
	*sv = (struct zt_strvec)ZT_STRVEC_INIT;
	return v;
}

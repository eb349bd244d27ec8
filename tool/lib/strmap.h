/* SPDX-License-Identifier: GPL-2.0-only */
/* A string -> index map (open addressing) for USR lookups; keys are borrowed. */
#ifndef ZT_STRMAP_H
#define ZT_STRMAP_H

#include <stddef.h>

struct zt_strmap {
	const char **keys;
	size_t *vals;
	size_t n, cap;
};

/* The index stored for @key, or (size_t)-1. */
size_t zt_strmap_get(const struct zt_strmap *m, const char *key);
/* Insert or replace; @key must outlive the map. */
void zt_strmap_put(struct zt_strmap *m, const char *key, size_t val);
void zt_strmap_release(struct zt_strmap *m);

#endif /* ZT_STRMAP_H */

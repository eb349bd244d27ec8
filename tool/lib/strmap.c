// SPDX-License-Identifier: GPL-2.0-only
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strmap.h"
#include "zerotax.h"

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

size_t zt_strmap_get(const struct zt_strmap *m, const char *key)
{
	if (!m->cap)
		return (size_t)-1;
	for (size_t i = hash(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		if (!m->keys[i])
			return (size_t)-1;
		if (!strcmp(m->keys[i], key))
			return m->vals[i];
	}
}

static void grow(struct zt_strmap *m)
{
	struct zt_strmap old = *m;

	m->cap = old.cap ? old.cap * 2 : 64;
	m->keys = xcalloc(m->cap, sizeof(*m->keys));
	m->vals = xcalloc(m->cap, sizeof(*m->vals));
	m->n = 0;
	for (size_t i = 0; i < old.cap; i++)
		if (old.keys[i])
			zt_strmap_put(m, old.keys[i], old.vals[i]);
	free(old.keys);
	free(old.vals);
}

void zt_strmap_put(struct zt_strmap *m, const char *key, size_t val)
{
	size_t i;

	if ((m->n + 1) * 2 > m->cap)
		grow(m);
	for (i = hash(key) & (m->cap - 1); m->keys[i]; i = (i + 1) & (m->cap - 1)) {
		if (!strcmp(m->keys[i], key)) {
			m->vals[i] = val;
			return;
		}
	}
	m->keys[i] = key;
	m->vals[i] = val;
	m->n++;
}

void zt_strmap_release(struct zt_strmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

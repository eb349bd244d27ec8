/* SPDX-License-Identifier: MIT */
/* Driving a variant in tests: push packets, capture the trace lines. */
#ifndef RD_TEST_UTIL_H
#define RD_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../bench/rd_ops.h"

struct rd_capture {
	char **lines;
	size_t n, cap;
};

static inline void rd_capture_emit(void *arg, const char *line)
{
	struct rd_capture *c = arg;

	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 1024;
		c->lines = realloc(c->lines, c->cap * sizeof(*c->lines));
		if (!c->lines)
			abort();
	}
	c->lines[c->n++] = strdup(line);
}

static inline void rd_capture_free(struct rd_capture *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->lines[i]);
	free(c->lines);
	memset(c, 0, sizeof(*c));
}

/* Writes @n packets through the device and drains it; returns packets written. */
static inline unsigned long rd_push(const struct rd_ops *ops, void *dev, unsigned long n)
{
	unsigned long done = 0;
	int stalls = 0;

	while (done < n && stalls < 100) {
		unsigned long want = n - done;
		unsigned int got = ops->fill(dev, want > 200 ? 200 : (unsigned int)want);

		while (ops->poll(dev, RD_NAPI_BUDGET) == RD_NAPI_BUDGET)
			;
		done += got;
		stalls = got ? 0 : stalls + 1;
	}
	if (ops->drain(dev))
		return 0;
	return done;
}

static inline uint64_t rd_fnv(uint64_t h, const unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

#define RD_FNV_INIT 0xcbf29ce484222325ULL

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* Small helpers shared by the files of fix (fixtree.c, writeback.c, patches.c). */
#ifndef ZT_FIX_INTERNAL_H
#define ZT_FIX_INTERNAL_H

#include <stdlib.h>
#include <sys/types.h>

#include <jansson.h>

#include "zerotax.h"

static inline const char *jstr(json_t *o, const char *key)
{
	json_t *v = o ? json_object_get(o, key) : NULL;

	return json_is_string(v) ? json_string_value(v) : NULL;
}

static inline bool jtrue(json_t *o, const char *key)
{
	return o && json_is_true(json_object_get(o, key));
}

static inline long long jint(json_t *o, const char *key, long long dflt)
{
	json_t *v = o ? json_object_get(o, key) : NULL;

	return json_is_integer(v) ? json_integer_value(v) : dflt;
}

static inline char *path_in(const char *dir, const char *rel)
{
	return xasprintf("%s/%s", dir, rel);
}

/* Not inlined: gcc-12 -O2 otherwise warns -Wdangling-pointer at its users. */
static __attribute__((noinline, unused)) char *read_rel(const char *dir, const char *rel)
{
	char *p = path_in(dir, rel), *text = NULL;

	if (zt_read_file(p, &text, NULL))
		text = NULL;
	free(p);
	return text;
}

static inline void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/*
 * writeback.c: @text as a new file @path (O_EXCL) with @mode, synced; -1 with
 * errno set and nothing left on failure. Renamed over its target by the caller.
 */
int fix_write_new(const char *path, const char *text, mode_t mode);

#endif /* ZT_FIX_INTERNAL_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The per-TU results cache: a TU's facts and evidence, reused when nothing
 * that produced them changed. The key hashes zerotax's version, the compilers'
 * versions, the working directory, the whole command line and the source
 * file's content; the entry lists every header the preprocessor read (from
 * clang-19 -M) with its content hash, checked on every lookup, and the
 * places earlier on the include path that held nothing (a file created there
 * would shadow a header), each still absent on a hit. Entries are
 * written to a temporary file and renamed, so concurrent runs (make -j, CI
 * jobs sharing a cache) never see a torn entry.
 *
 * Entries are relocatable: every path under the tree's root (--root, else
 * the compile database's directory) is keyed and stored relative to it, so
 * two checkouts of one tree at different paths (CI runners) share entries.
 */
#ifndef ZT_CACHE_H
#define ZT_CACHE_H

#include <stdbool.h>

#include "facts_json.h"

struct zt_cache_memo;

struct zt_cache {
	char *dir;		/* NULL: caching off */
	char *salt;		/* "zerotax-VERSION gcc-ID clang-ID": part of every key */
	struct zt_cache_memo *memo;	/* content hashes of this run (a header is read once) */
	char *root;		/* NULL: paths are kept absolute (see zt_cache_set_root) */
};

/*
 * @dir NULL: $XDG_CACHE_HOME/zerotax or ~/.cache/zerotax, each only where the
 * directory is writable; 1 (a warning said, once) when neither is: run
 * without a cache. -1 (error said) if an explicit @dir is unusable.
 */
int zt_cache_open(struct zt_cache *c, const char *dir);
void zt_cache_close(struct zt_cache *c);
/*
 * Facts collected another way (layout's, with member accesses) are another
 * entry of the same TU: @variant becomes part of every key of @c.
 */
void zt_cache_set_variant(struct zt_cache *c, const char *variant);
/*
 * Facts that depend on a rules file (rules/kernel.conf): @hash, its content's,
 * becomes part of every key of @c under the name @what.
 */
void zt_cache_depend_on(struct zt_cache *c, const char *what, const char *hash);
/* Key and store paths under @root relative to it; -1 (error said) if @root does not exist. */
int zt_cache_set_root(struct zt_cache *c, const char *root);

/* The key of @cmd (caller frees); NULL when the source cannot be read. */
char *zt_cache_key(const struct zt_cache *c, const struct zt_compile_cmd *cmd);

/*
 * 1 and @r filled when an entry for @key exists and every dependency it lists
 * still has the recorded content; 0 otherwise (a stale or broken entry is a miss).
 */
int zt_cache_get(const struct zt_cache *c, const char *key, struct zt_tu_result *r);

/*
 * Store @tu (zt_tu_result_to_json) under @key with its headers: the facts' include
 * list from libclang, else asked from clang-19 -M for @cmd.
 */
int zt_cache_put(const struct zt_cache *c, const char *key, const struct zt_compile_cmd *cmd,
		 json_t *tu);

/* The files the preprocessor reads for @cmd (absolute), from clang-19 -M; -1 on failure. */
int zt_cache_deps(const struct zt_compile_cmd *cmd, char ***deps, size_t *n);
/* Parse make-rule text ("t.o: a.c b.h \\\n c.h") into paths relative to @dir made absolute. */
int zt_cache_parse_deps(const char *text, const char *dir, char ***deps, size_t *n);

#endif /* ZT_CACHE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * verify: the rewritten files compiled as the build compiles them, in place of
 * the originals (through the shadow: the tree's paths in each command are
 * moved into it), writing nothing: no object, no dependency file, no dump.
 */
#ifndef ZT_FIX_VERIFY_H
#define ZT_FIX_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "compdb.h"
#include "shadow.h"

struct zt_strvec;

struct zt_fix_build {
	const struct zt_compdb *db;	/* NULL: gcc -std=gnu11 with @cflags */
	char *const *cflags;
	const struct zt_shadow *sh;
	unsigned int timeout_ms;
	int jobs;
};

/* Every TU (relative to the tree) that includes one of @changed, or is one. */
void zt_fix_affected_tus(const struct zt_fix_build *b, char *const *changed, size_t n,
			 char ***tus, size_t *n_tus);
/* Compile each TU from the shadow, @jobs at once. -1 with *failure (the first error). */
int zt_fix_compile(const struct zt_fix_build *b, char *const *tus, size_t n, char **failure);
/* sparse on the original and the rewritten TU: -1 with *failure on a new warning. */
int zt_fix_sparse(const struct zt_fix_build *b, char *const *tus, size_t n, size_t *before,
		  size_t *after, char **failure);
/* libclang arguments for the original TU @rel (NULL-terminated; zt_argv_free). */
char **zt_fix_clang_args(const struct zt_fix_build *b, const char *rel);
/* The include directories of @rel's command (-iquote, -I), absolute, in order. */
void zt_fix_include_dirs(const struct zt_fix_build *b, const char *rel, struct zt_strvec *dirs);
/*
 * Where '#include "@inc"' (@quoted) or <@inc> in @includer (relative to @src)
 * is found under @src: next to the includer when quoted, then @dirs in order,
 * as the compiler looks. Relative to @src, or NULL (elsewhere, or nowhere).
 */
char *zt_fix_resolve_include(const char *src, const char *includer, const char *inc,
			     bool quoted, const struct zt_strvec *dirs);
/* The compile command of @rel in the database, or NULL. */
const struct zt_compile_cmd *zt_fix_command(const struct zt_fix_build *b, const char *rel);

#endif /* ZT_FIX_VERIFY_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared between the pre-pass's reader (prepass_scan.c) and its graph (prepass.c). */
#ifndef ZT_PREPASS_INT_H
#define ZT_PREPASS_INT_H

#include <sys/types.h>

#include "prepass.h"
#include "zerotax.h"

uint32_t zt_pp_intern(struct zt_prepass *pp, const char *s, size_t len);
void zt_idlist_push(struct zt_idlist *l, uint32_t id);
void zt_idlist_copy(struct zt_idlist *to, const struct zt_idlist *from);
/* @type: the struct stored into (a name), or UINT32_MAX when not visible. */
void zt_pp_add_store(struct zt_prepass *pp, uint32_t field, uint32_t fn, uint32_t file,
		     uint32_t type);
void zt_pp_add_positional(struct zt_prepass *pp, uint32_t type, uint32_t index, uint32_t fn,
			  uint32_t file);
struct zt_idlist *zt_pp_add_agg(struct zt_prepass *pp, uint32_t type);
/* #include "NAME" in @from: resolved, added to the files to read. */
void zt_pp_include(struct zt_prepass *pp, uint32_t from, const char *name, size_t len);
/* A regular file (never a FIFO or a device: the pre-pass reads it whole). */
bool zt_pp_is_file(const char *p);
/* Read the tokens of one file into @pp (bodies, stores, roots, includes). */
void zt_pp_scan_file(struct zt_prepass *pp, uint32_t file, const char *text, size_t len);

/* ---- the lexer (prepass_lex.c) ---- */

enum zt_pp_tok_kind { ZT_PP_TK_IDENT, ZT_PP_TK_PUNCT, ZT_PP_TK_OTHER, ZT_PP_TK_DIRECTIVE };

struct zt_pp_tok {
	enum zt_pp_tok_kind kind;
	const char *s;
	size_t len;
};

struct zt_pp_toks {
	struct zt_pp_tok *v;
	size_t n, cap;
};

/* Tokens of [p, end); with @directives, a directive (from '#' at a line start) is one token. */
void zt_pp_lex(const char *p, const char *end, bool directives, struct zt_pp_toks *out);
bool zt_pp_is(const struct zt_pp_tok *t, const char *s);		/* punctuation @s */
bool zt_pp_ident_is(const struct zt_pp_tok *t, const char *s);	/* identifier @s */
/* Words followed by '(' that are not calls (keywords, type words). */
bool zt_pp_keyword(const struct zt_pp_tok *t);
/* An identifier among @n @words. */
bool zt_pp_ident_in(const struct zt_pp_tok *t, const char *const *words, size_t n);
/* The previous/next significant token (directives do not count). */
ssize_t zt_pp_prev(const struct zt_pp_toks *t, ssize_t i);
size_t zt_pp_next(const struct zt_pp_toks *t, size_t i);
/* Index of the '(' matching the ')' at @i, or -1. */
ssize_t zt_pp_open_of(const struct zt_pp_toks *t, ssize_t i);

/* ---- macros and kernel headers (prepass_macro.c) ---- */

/* #define NAME(params) body from the directive's tokens @mt (ending at @end). */
void zt_pp_add_macro(struct zt_prepass *pp, const struct zt_pp_toks *mt, const char *end);
/* A header to read for its macros: <@name> on the include path, or in @dir first. */
void zt_pp_kernel_include(struct zt_prepass *pp, const char *dir, const char *name, size_t len);
void zt_pp_read_kernel_headers(struct zt_prepass *pp);
/*
 * What the function given as argument @arg of @callee becomes: MACRO (the
 * fields its expansion stores it into appended to @fields), FUNCTION (a
 * call, @is_func: names with a function body or a kernel declaration),
 * UNKNOWN.
 */
enum zt_pp_given zt_pp_follow_given(struct zt_prepass *pp, uint32_t callee, uint32_t arg,
				    const bool *is_func, size_t n_is_func,
				    struct zt_idlist *fields);
void zt_pp_macros_release(struct zt_prepass *pp);

#endif /* ZT_PREPASS_INT_H */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pre-pass's lexer: C as tokens (comments, strings and character
 * literals skipped, directives kept whole), and the few questions its
 * readers ask of them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "prepass_int.h"

static void tok_push(struct zt_pp_toks *t, enum zt_pp_tok_kind kind, const char *s, size_t len)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	t->v[t->n++] = (struct zt_pp_tok){ kind, s, len };
}

static bool ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == '$';
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$';
}

/* Past a comment, string or character literal starting at @p, or @p. */
static const char *skip_opaque(const char *p, const char *end)
{
	if (p + 1 < end && p[0] == '/' && p[1] == '*') {
		for (p += 2; p + 1 < end && !(p[0] == '*' && p[1] == '/'); p++)
			;
		return p + 1 < end ? p + 2 : end;
	}
	if (p + 1 < end && p[0] == '/' && p[1] == '/') {
		while (p < end && *p != '\n') {
			if (*p == '\\' && p + 1 < end)
				p++;
			p++;
		}
		return p;
	}
	if (*p == '"' || *p == '\'') {
		char q = *p++;

		while (p < end && *p != q && *p != '\n') {
			if (*p == '\\' && p + 1 < end)
				p++;
			p++;
		}
		return p < end ? p + 1 : end;
	}
	return p;
}

static const char *const two_char_ops[] = {
	"->", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=",
	"|=", "&=", "^=", "%=", "<<", ">>", "##",
};

/* Tokens of [p, end); directives (from '#' at a line start) become one token each. */
void zt_pp_lex(const char *p, const char *end, bool directives, struct zt_pp_toks *out)
{
	bool line_start = true;

	while (p < end) {
		const char *q;

		if (*p == '\n') {
			line_start = true;
			p++;
			continue;
		}
		if (isspace((unsigned char)*p) || (*p == '\\' && p + 1 < end && p[1] == '\n')) {
			p += *p == '\\' ? 2 : 1;
			continue;
		}
		q = skip_opaque(p, end);
		if (q != p) {
			if (*p == '"' || *p == '\'')
				tok_push(out, ZT_PP_TK_OTHER, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (directives && line_start && *p == '#') {
			/* the logical line, continuations and comments inside included */
			for (q = p; q < end && *q != '\n';) {
				const char *r = skip_opaque(q, end);

				if (r != q) {
					q = r;
					continue;
				}
				q += (*q == '\\' && q + 1 < end && q[1] == '\n') ? 2 : 1;
			}
			tok_push(out, ZT_PP_TK_DIRECTIVE, p, (size_t)(q - p));
			p = q;
			continue;
		}
		line_start = false;
		if (ident_start(*p)) {
			for (q = p + 1; q < end && ident_char(*q); q++)
				;
			tok_push(out, ZT_PP_TK_IDENT, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (isdigit((unsigned char)*p)) {
			for (q = p + 1; q < end && (ident_char(*q) || *q == '.'); q++)
				;
			tok_push(out, ZT_PP_TK_OTHER, p, (size_t)(q - p));
			p = q;
			continue;
		}
		{
			size_t len = 1;

			for (size_t k = 0; k < ARRAY_SIZE(two_char_ops) && p + 1 < end; k++)
				if (p[0] == two_char_ops[k][0] && p[1] == two_char_ops[k][1])
					len = 2;
			tok_push(out, ZT_PP_TK_PUNCT, p, len);
			p += len;
		}
	}
}

bool zt_pp_is(const struct zt_pp_tok *t, const char *s)
{
	return t->kind == ZT_PP_TK_PUNCT && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

bool zt_pp_ident_is(const struct zt_pp_tok *t, const char *s)
{
	return t->kind == ZT_PP_TK_IDENT && t->len == strlen(s) && !memcmp(t->s, s, t->len);
}

/* Words followed by '(' that are not calls. */
bool zt_pp_keyword(const struct zt_pp_tok *t)
{
	static const char *const kw[] = {
		"if", "while", "for", "switch", "return", "sizeof", "typeof", "__typeof__",
		"__typeof", "_Alignof", "__alignof__", "alignof", "defined", "case", "do",
		"else", "goto", "_Static_assert", "static_assert", "__builtin_offsetof",
		"offsetof", "__attribute__", "__attribute", "asm", "__asm__", "__asm",
		"volatile", "__volatile__", "_Generic", "__builtin_types_compatible_p",
		"struct", "union", "enum", "const", "static", "inline", "unsigned", "signed",
		"int", "char", "long", "short", "void", "bool", "_Bool", "float", "double",
	};

	if (t->kind != ZT_PP_TK_IDENT)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (zt_pp_ident_is(t, kw[i]))
			return true;
	return false;
}

/* The previous/next significant token (directives do not count). */
ssize_t zt_pp_prev(const struct zt_pp_toks *t, ssize_t i)
{
	for (i--; i >= 0 && t->v[i].kind == ZT_PP_TK_DIRECTIVE; i--)
		;
	return i;
}

size_t zt_pp_next(const struct zt_pp_toks *t, size_t i)
{
	for (i++; i < t->n && t->v[i].kind == ZT_PP_TK_DIRECTIVE; i++)
		;
	return i;
}

/* Index of the '(' matching the ')' at @i, or -1. */
ssize_t zt_pp_open_of(const struct zt_pp_toks *t, ssize_t i)
{
	int level = 0;

	for (; i >= 0; i = zt_pp_prev(t, i)) {
		if (zt_pp_is(&t->v[i], ")"))
			level++;
		else if (zt_pp_is(&t->v[i], "(") && !--level)
			return i;
		else if (zt_pp_is(&t->v[i], "{") || zt_pp_is(&t->v[i], "}") || zt_pp_is(&t->v[i], ";"))
			return -1;
	}
	return -1;
}


// SPDX-License-Identifier: GPL-2.0-only
/* Shell words without a shell; see shellwords.h. */
#include <stdbool.h>
#include <string.h>

#include "shellwords.h"

struct words {
	struct zt_strvec *out;
	struct zt_strbuf w;
	bool in_word;
	bool redirect_target; /* the word being read names a redirection's file */
};

static void end_word(struct words *st)
{
	if (st->in_word && !st->redirect_target)
		zt_strvec_push(st->out, st->w.buf ? st->w.buf : "");
	if (st->in_word)
		st->redirect_target = false;
	zt_strbuf_release(&st->w);
	st->in_word = false;
}

static bool all_digits(const struct zt_strbuf *w)
{
	if (!w->len)
		return false;
	for (size_t i = 0; i < w->len; i++)
		if (w->buf[i] < '0' || w->buf[i] > '9')
			return false;
	return true;
}

/* A '...' or "..." at @p (its opening quote); returns the closing quote or the NUL. */
static const char *quoted(struct words *st, const char *p, unsigned int *ret)
{
	char q = *p;

	for (p++; *p && *p != q; p++) {
		if (q == '"' && (*p == '$' || *p == '`'))
			*ret |= ZT_SHELL_EXPANDS;
		if (q == '"' && *p == '\\' && p[1] && strchr("\"\\$`\n", p[1]))
			p++;
		zt_strbuf_add(&st->w, p, 1);
	}
	if (!*p)
		*ret |= ZT_SHELL_UNTERMINATED;
	return p;
}

unsigned int zt_shell_next_command(const char **s, struct zt_strvec *words, unsigned int flags)
{
	struct words st = { .out = words };
	bool list = flags & ZT_SHELL_LIST;
	unsigned int ret = 0;
	const char *p = *s;

	while (*p) {
		char c = *p;

		if (c == ' ' || c == '\t' || c == '\r' || (c == '\n' && !list)) {
			end_word(&st);
			p++;
			continue;
		}
		if (list && c == '#' && !st.in_word) {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		if (list && strchr(";&|()\n", c)) {
			p++;
			/* && || ;; */
			if ((c == '&' || c == '|' || c == ';') && *p == c)
				p++;
			break;
		}
		if (list && (c == '>' || c == '<')) {
			/* 2>f: the number is the redirection's, not a word */
			if (all_digits(&st.w))
				zt_strbuf_release(&st.w), st.in_word = false;
			end_word(&st);
			ret |= ZT_SHELL_REDIRECTS;
			p++;
			if (*p == '>' || *p == '<' || *p == '&' || *p == '|')
				p++;
			st.redirect_target = true;
			continue;
		}
		if (list && c == '\\' && p[1] == '\n') {
			p += 2;
			continue;
		}
		st.in_word = true;
		if (c == '\'' || c == '"') {
			p = quoted(&st, p, &ret);
			if (!*p)
				break;
		} else if (c == '\\' && p[1]) {
			p++;
			zt_strbuf_add(&st.w, p, 1);
		} else if (c == '$' && (p[1] == '(' || p[1] == '{')) {
			/* $(...) and ${...} are one word's, to their closing bracket */
			char open = p[1], close = open == '(' ? ')' : '}';
			int depth = 0;

			ret |= ZT_SHELL_EXPANDS;
			for (; *p; p++) {
				zt_strbuf_add(&st.w, p, 1);
				depth += *p == open ? 1 : *p == close ? -1 : 0;
				if (*p == close && !depth)
					break;
			}
			if (!*p)
				break;
		} else {
			if (c == '$' || c == '`')
				ret |= ZT_SHELL_EXPANDS;
			zt_strbuf_add(&st.w, p, 1);
		}
		p++;
	}
	end_word(&st);
	*s = p;
	return ret;
}

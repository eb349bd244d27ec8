// SPDX-License-Identifier: GPL-2.0-only
/*
 * Parser of rules/netdev-subjects.conf, in the style of the hot-path rules
 * (hot/hotrules.c): one directive per line, # comments, errors as path:line.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "subjects.h"
#include "datadir.h"
#include "zerotax.h"

static int parse_line(char *line, const char *path, unsigned int lineno, void *arg)
{
	struct zt_subject_rules *r = arg;
	char *p = line, *kw, *a, *b, *extra;

	kw = zt_next_word(&p);
	if (!kw)
		return 0;
	a = zt_next_word(&p);
	b = a ? zt_next_word(&p) : NULL;
	extra = b ? zt_next_word(&p) : NULL;
	if (!strcmp(kw, "upper")) {
		if (!a || b)
			return error("%s:%u: 'upper' takes one word", path, lineno);
		zt_strvec_push(&r->upper, a);
	} else if (!strcmp(kw, "path") || !strcmp(kw, "word")) {
		if (!b || extra)
			return error("%s:%u: '%s' takes two words", path, lineno, kw);
		zt_strvec_push(kw[0] == 'p' ? &r->path_text : &r->word, a);
		zt_strvec_push(kw[0] == 'p' ? &r->path_prefix : &r->word_text, b);
	} else {
		return error("%s:%u: unknown directive '%s' (path, upper, word)", path, lineno, kw);
	}
	return 0;
}

int zt_subject_rules_parse(const char *text, const char *path, struct zt_subject_rules *r)
{
	return zt_rules_each_line(text, path, parse_line, r);
}

int zt_subject_rules_load(const char *rules_dir, struct zt_subject_rules *r)
{
	char *path = rules_dir ? xasprintf("%s/netdev-subjects.conf", rules_dir) :
				 zt_data_path("rules/netdev-subjects.conf");
	char *text = NULL;
	int ret = -1;

	if (path && !zt_rules_read(path, &text))
		ret = zt_subject_rules_parse(text, path, r);
	free(text);
	free(path);
	return ret;
}

int zt_subject_rules_add_file(const char *path, struct zt_subject_rules *r)
{
	char *text = NULL;
	int ret = -1;

	if (!zt_rules_read(path, &text))
		ret = zt_subject_rules_parse(text, path, r);
	free(text);
	return ret;
}

void zt_subject_rules_release(struct zt_subject_rules *r)
{
	zt_strvec_clear(&r->path_text);
	zt_strvec_clear(&r->path_prefix);
	zt_strvec_clear(&r->upper);
	zt_strvec_clear(&r->word);
	zt_strvec_clear(&r->word_text);
}

/* @text in @file where a path component starts: "net/core/" is not in "subnet/core/". */
static bool path_has(const char *file, const char *text)
{
	for (const char *p = strstr(file, text); p; p = strstr(p + 1, text))
		if (p == file || p[-1] == '/' || text[0] == '/')
			return true;
	return false;
}

const char *zt_subject_path_prefix(const struct zt_subject_rules *r, const char *file)
{
	const char *best = NULL;
	size_t best_len = 0;

	/* the longest wins; of equals the later, so a file added last overrides */
	for (size_t i = 0; file && i < r->path_text.n; i++) {
		size_t n = strlen(r->path_text.v[i]);

		if (n >= best_len && path_has(file, r->path_text.v[i])) {
			best = r->path_prefix.v[i];
			best_len = n;
		}
	}
	return best;
}

char *zt_subject_words(const struct zt_subject_rules *r, const char *name)
{
	struct zt_strbuf out = ZT_STRBUF_INIT;
	char *copy = xstrdup(name), *save = NULL;

	for (char *t = strtok_r(copy, "_", &save); t; t = strtok_r(NULL, "_", &save)) {
		char *w = xstrdup(t);

		if (zt_strvec_has(&r->upper, t))
			for (char *c = w; *c; c++)
				*c = (char)toupper((unsigned char)*c);
		/* the last rule for a word wins: a file added later overrides */
		for (size_t i = r->word.n; i-- > 0;)
			if (!strcmp(t, r->word.v[i])) {
				free(w);
				w = xstrdup(r->word_text.v[i]);
				break;
			}
		zt_strbuf_addf(&out, "%s%s", out.len ? " " : "", w);
		free(w);
	}
	free(copy);
	return zt_strbuf_detach(&out, NULL);
}

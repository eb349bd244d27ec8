// SPDX-License-Identifier: GPL-2.0-only
/* A whole JSON document from a file, refused with a clear message. See json_file.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "zerotax.h"

static void say_syntax_error(const json_error_t *jerr, const char *path, const char *what)
{
	if (jerr->line > 0)
		error("%s:%d:%d: %s is not valid JSON (at byte %d): %s", path, jerr->line,
		      jerr->column, what, jerr->position, jerr->text);
	else
		error("%s: %s is not valid JSON (at byte %d): %s", path, what, jerr->position,
		      jerr->text);
}

json_t *zt_json_load_text(const char *text, size_t len, const char *path, const char *what)
{
	json_error_t jerr;
	json_t *doc = json_loadb(text, len, 0, &jerr);

	if (!doc)
		say_syntax_error(&jerr, path, what);
	return doc;
}

json_t *zt_json_load_file(const char *path, const char *what)
{
	json_error_t jerr;
	char *text = NULL;
	size_t len = 0;
	json_t *doc;

	if (!strcmp(path, "-")) {
		doc = json_loadf(stdin, 0, &jerr);
		if (!doc)
			say_syntax_error(&jerr, path, what);
		return doc;
	}
	if (zt_read_file(path, &text, &len)) {
		if (errno == ENOENT || errno == EACCES || errno == ENOTDIR || errno == ELOOP)
			error("cannot open %s '%s': %s", what, path, strerror(errno));
		else
			error("cannot read %s '%s': %s", what, path, zt_strerror(errno));
		return NULL;
	}
	doc = zt_json_load_text(text, len, path, what);
	free(text);
	return doc;
}

json_t *zt_json_str_or_null(const char *s)
{
	json_t *v = s ? json_string(s) : NULL;

	return v ? v : json_null();
}

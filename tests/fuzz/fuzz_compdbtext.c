// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: compile databases in memory, our code only — the
 * validation zt_compdb_load() makes of the whole document before libclang
 * sees it (zt_compdb_validate()), then, for a document it accepts, every
 * entry's command line as our code takes it apart: the compiler, the
 * command-line rebuild with the real option arities (zt_cmdline_rebuild())
 * and the libclang arguments (zt_compdb_clang_args()). No file is written,
 * so it runs at thousands of inputs a second; fuzz_compdb keeps the whole
 * path through a file and libclang's reader, for a bounded run.
 *
 * libclang splits a "command" string with its own shell-like rules; here it
 * is split at blanks, which is enough to feed the rebuild every word.
 */
#include <ctype.h>

#include <jansson.h>

#include "cmdline.h"
#include "compdb.h"
#include "fuzz_text.h"
#include "zerotax.h"

static bool keep_all(const struct zt_cc_arg *a, void *data)
{
	(void)a;
	(void)data;
	return true;
}

static bool keep_none(const struct zt_cc_arg *a, void *data)
{
	(void)a;
	(void)data;
	return false;
}

static char **words(const char *s, size_t *n)
{
	char **v = xcalloc(strlen(s) / 2 + 2, sizeof(*v));

	*n = 0;
	while (*s) {
		size_t w;

		while (isspace((unsigned char)*s))
			s++;
		w = strcspn(s, " \t\n\r\f\v");
		if (!w)
			break;
		v[(*n)++] = xstrndup(s, w);
		s += w;
	}
	return v;
}

static void one_entry(json_t *e)
{
	json_t *args = json_object_get(e, "arguments"), *a;
	struct zt_compile_cmd c = { 0 };
	struct zt_strvec out = { 0 };
	const char *dir = json_string_value(json_object_get(e, "directory"));
	const char *file = json_string_value(json_object_get(e, "file"));
	char **clang;
	size_t i, n;

	if (json_is_array(args)) {
		c.argv = xcalloc(json_array_size(args) + 1, sizeof(*c.argv));
		json_array_foreach(args, i, a)
			c.argv[c.argc++] = xstrdup(json_string_value(a));
	} else {
		c.argv = words(json_string_value(json_object_get(e, "command")), &c.argc);
	}
	if (!c.argc) {
		zt_argv_free(c.argv);
		return;	/* zt_compdb_load() refuses an entry without a command */
	}
	c.directory = xstrdup(dir);
	c.file = file[0] == '/' ? xstrdup(file) : xasprintf("%s/%s", dir, file);
	zt_compdb_compiler(&c);
	zt_cmdline_rebuild(&c, keep_all, NULL, &out);
	zt_strvec_clear(&out);
	zt_cmdline_rebuild(&c, keep_none, NULL, &out);
	zt_strvec_clear(&out);
	clang = zt_compdb_clang_args(&c, &n);
	zt_argv_free(clang);
	free(c.file);
	free(c.directory);
	zt_argv_free(c.argv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *doc, *e;
	size_t i;

	zt_quiet_errors(true);
	if (zt_compdb_validate((const char *)data, size, "fuzz.json"))
		return 0;
	/* accepted: the same document, as the reader after libclang gets it */
	doc = json_loadb((const char *)data, size, 0, NULL);
	if (!doc)
		abort();	/* validation accepted what jansson refuses */
	json_array_foreach(doc, i, e)
		one_entry(e);
	json_decref(doc);
	return 0;
}

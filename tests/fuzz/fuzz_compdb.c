// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: compile databases, through zt_compdb_load() (validated
 * whole, then read by libclang) and the command-line rebuild of every entry.
 */
#include <stdio.h>
#include <unistd.h>

#include "cmdline.h"
#include "compdb.h"
#include "fuzz_text.h"
#include "zerotax.h"

static char dir[] = "/tmp/zt-fuzz-compdb-XXXXXX";
static char path[sizeof(dir) + 32];

/* libFuzzer ends with exit(): the scratch directory goes with it */
static void remove_scratch(void)
{
	char json[256];

	snprintf(json, sizeof(json), "%s/compile_commands.json", path);
	unlink(json);
	rmdir(path);
}

static bool keep_all(const struct zt_cc_arg *a, void *data)
{
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zt_compdb db;

	if (!path[0]) {
		const char *t = getenv("TMPDIR");

		if (t && strlen(t) < 64) {
			static char buf[128];

			snprintf(buf, sizeof(buf), "%s/zt-fuzz-compdb-XXXXXX", t);
			if (!mkdtemp(buf))
				abort();
			snprintf(path, sizeof(path), "%.*s", (int)(sizeof(path) - 1), buf);
		} else {
			if (!mkdtemp(dir))
				abort();
			snprintf(path, sizeof(path), "%s", dir);
		}
		atexit(remove_scratch);
	}
	{
		char json[256];

		snprintf(json, sizeof(json), "%s/compile_commands.json", path);
		if (zt_write_file(json, data, size))
			abort();
	}
	if (zt_compdb_load(path, &db))
		return 0;
	for (size_t i = 0; i < db.n; i++) {
		struct zt_strvec out = { 0 };

		zt_cmdline_rebuild(&db.v[i], keep_all, NULL, &out);
		zt_strvec_clear(&out);
		zt_compdb_compiler(&db.v[i]);
	}
	zt_compdb_release(&db);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-only */
/* Helpers shared by the evidence readers' tests (not a test itself). */
#ifndef ZT_EVIDENCE_TEST_H
#define ZT_EVIDENCE_TEST_H

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evidence.h"
#include "process.h"
#include "zerotax.h"

#define EV_DATA ZT_TEST_DATA "/evidence"

/* A captured record; the test fails if it is missing. */
static inline char *ev_read(const char *rel, size_t *len)
{
	char *path = xasprintf("%s/%s", EV_DATA, rel), *text = NULL;
	size_t n = 0;

	if (zt_read_file(path, &text, &n)) {
		fprintf(stderr, "cannot read %s\n", path);
		abort();
	}
	free(path);
	if (len)
		*len = n;
	return text;
}

static inline const struct zt_autoinit_site *ev_site_at(const struct zt_evidence *ev,
							unsigned int line)
{
	for (size_t i = 0; i < ev->n_sites; i++)
		if (ev->sites[i].line == line)
			return &ev->sites[i];
	return NULL;
}

/* A private scratch directory for a test, removed with ev_rmdir(). */
static inline char *ev_mkdtemp(void)
{
	char *dir = xstrdup("/tmp/zt-evidence-test-XXXXXX");

	if (!mkdtemp(dir))
		abort();
	return dir;
}

/* Run a compiler in EV_DATA/src; 0 when it exited 0. */
static inline int ev_compile(char **argv)
{
	struct zt_spawn_opts opts = { .cwd = EV_DATA "/src", .timeout_ms = 120000 };
	struct zt_spawn_result res;
	int ret;

	ret = zt_spawn(argv, &opts, &res);
	if (!ret && res.exit_code)
		fprintf(stderr, "%s", res.err);
	ret = ret || res.exit_code ? -1 : 0;
	zt_spawn_result_release(&res);
	return ret;
}

#endif

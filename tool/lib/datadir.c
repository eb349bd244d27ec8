// SPDX-License-Identifier: GPL-2.0-only
/* The data directory lookup; see datadir.h for the order and why. */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "datadir.h"
#include "zerotax.h"

/* rules/ is what every user needs: a directory without it is not ours. */
static char *data_dir_at(const char *dir)
{
	char *rules = xasprintf("%s/rules", dir), *real = NULL;
	struct stat st;

	if (!stat(rules, &st) && S_ISDIR(st.st_mode))
		real = realpath(dir, NULL);
	free(rules);
	return real;
}

/* PREFIX/share/zerotax for PREFIX/bin/zerotax, from the binary's real path. */
static char *beside_binary(void)
{
	char exe[PATH_MAX], *slash, *dir, *real;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return NULL;
	*slash = '\0';
	dir = xasprintf("%s/../share/zerotax", exe);
	real = data_dir_at(dir);
	free(dir);
	return real;
}

int zt_data_dir(struct zt_data_dir *d)
{
	const char *env = getenv("ZEROTAX_DATA");

	d->why = NULL;
	d->dir = beside_binary();
	d->from = ZT_DATA_INSTALLED;
	if (d->dir)
		return 0;
	if (env && *env) {
		d->dir = data_dir_at(env);
		d->from = ZT_DATA_ENV;
		if (d->dir)
			return 0;
		/* said, not skipped: a wrong override would silently read other data */
		d->why = xasprintf("ZEROTAX_DATA=%s is not a zerotax data directory "
				   "(no rules/ in it)",
				   env);
		return -1;
	}
#ifdef ZT_BUILD_TREE_DATA
	d->dir = data_dir_at(ZT_BUILD_TREE_DATA);
	d->from = ZT_DATA_BUILD_TREE;
	if (d->dir)
		return 0;
	d->why = xasprintf("no zerotax data directory: none in ../share/zerotax beside the "
			   "binary, ZEROTAX_DATA is not set, and the build tree %s is gone",
			   ZT_BUILD_TREE_DATA);
#else
	d->why = xstrdup("no zerotax data directory: none in ../share/zerotax beside the binary, "
			 "and ZEROTAX_DATA is not set");
#endif
	return -1;
}

const char *zt_data_from_name(enum zt_data_from from)
{
	switch (from) {
	case ZT_DATA_INSTALLED:
		return "installed";
	case ZT_DATA_ENV:
		return "$ZEROTAX_DATA";
	case ZT_DATA_BUILD_TREE:
		return "build tree";
	}
	return "?";
}

void zt_data_dir_release(struct zt_data_dir *d)
{
	free(d->dir);
	free(d->why);
	d->dir = d->why = NULL;
}

char *zt_data_path(const char *fmt, ...)
{
	struct zt_data_dir d;
	char *rel, *path = NULL;
	va_list ap;

	if (zt_data_dir(&d)) {
		error("%s", d.why);
		goto out;
	}
	va_start(ap, fmt);
	rel = xvasprintf(fmt, ap);
	va_end(ap);
	path = xasprintf("%s/%s", d.dir, rel);
	free(rel);
out:
	zt_data_dir_release(&d);
	return path;
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Where zerotax reads its data from: the Coccinelle templates (rules/NAME.cocci),
 * the hot-path rules (rules/hotpaths/), the documentation the SARIF help links
 * point at (docs/) and the reference driver prove builds (reference-driver/).
 * One layout, two places: an installation's PREFIX/share/zerotax, or the
 * source tree the binary was built from.
 *
 * Looked up in this order, the first that holds rules/ wins:
 *   1. ../share/zerotax from the binary's real path (/proc/self/exe): an
 *      installation, wherever it was moved or copied with its prefix;
 *   2. $ZEROTAX_DATA: a binary copied on its own;
 *   3. the source tree it was built from (unless configured with
 *      -DZT_BUILD_TREE_DATA=OFF, as the Debian package is).
 * Nothing is cached: a lookup is a readlink and a few stats, and callers ask
 * once per run.
 */
#ifndef ZT_DATADIR_H
#define ZT_DATADIR_H

enum zt_data_from {
	ZT_DATA_INSTALLED,	/* beside the binary */
	ZT_DATA_ENV,		/* $ZEROTAX_DATA */
	ZT_DATA_BUILD_TREE,	/* the source tree compiled in */
};

struct zt_data_dir {
	char *dir;		/* absolute, no trailing '/'; NULL when none was found */
	enum zt_data_from from;
	char *why;		/* when none was found: where it looked */
};

/*
 * 0 and @d->dir, or -1 and @d->why, said to nobody: SARIF's links do without,
 * --version prints it, zt_data_path() makes it the error. zt_data_dir_release().
 */
int zt_data_dir(struct zt_data_dir *d);
void zt_data_dir_release(struct zt_data_dir *d);
/* "installed", "$ZEROTAX_DATA", "build tree" */
const char *zt_data_from_name(enum zt_data_from from);
/* A path below the data directory (printf-style) as a new string, or NULL after error(). */
char *zt_data_path(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* ZT_DATADIR_H */

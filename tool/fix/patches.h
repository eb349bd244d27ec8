/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fix --format-patch: the verified rewrite as patches a maintainer takes.
 * One patch per driver (the subject prefix of rules/netdev-subjects.conf),
 * each with only its own findings and its own files; more than one make a
 * numbered series with a cover letter, as git format-patch --cover-letter
 * writes it. When the tree holds scripts/checkpatch.pl, each patch is run
 * through it (--strict) and what it said is kept for the report.
 */
#ifndef ZT_PATCHES_H
#define ZT_PATCHES_H

#include <stdbool.h>
#include <stddef.h>

#include "fixtree.h"

struct zt_fix_patch_opts {
	const char *dir;		/* where the patches go (made when missing) */
	const char *author;		/* "Name <email>": From: and the sign-off */
	const char *bench_table;	/* quoted in the mail (a series: the cover letter) */
	const char *subject_rules;	/* read after rules/netdev-subjects.conf, or NULL */
	bool signoff;			/* "Signed-off-by: " the author, as git -s */
	unsigned int timeout_ms;	/* checkpatch's, per patch (0: 120 s) */
};

enum zt_checkpatch_status {
	ZT_CHECKPATCH_NOT_RUN,		/* the tree has no scripts/checkpatch.pl */
	ZT_CHECKPATCH_CLEAN,
	ZT_CHECKPATCH_PROBLEMS,		/* it reported errors, warnings or checks */
	ZT_CHECKPATCH_FAILED,		/* it could not run (no perl, a timeout) */
};

struct zt_fix_patch {
	char *path;			/* the file written */
	char *subject;			/* without "[PATCH n/N]" */
	char *prefix;			/* the driver, as the subject names it */
	size_t n_hoisted, n_uninitialized, n_refused;
	char **files;			/* what its diff changes, relative to the tree */
	size_t n_files;
	enum zt_checkpatch_status checkpatch;
	char *checkpatch_total;		/* its "total: ..." line, or NULL */
	char **checkpatch_first;	/* its first messages (problems, failed), or NULL */
	size_t n_checkpatch_first;
};

struct zt_fix_patches {
	struct zt_fix_patch *v;
	size_t n, alloc;
	char *cover;			/* DIR/0000-cover-letter.patch in a series, else NULL */
};

/*
 * Write the patches of @r's applied findings into @po->dir and run
 * checkpatch on each. 0, or -1 after error() with nothing left in @po->dir
 * by this run (every file is written beside its name, synced, and renamed
 * only when all are). A checkpatch that complains is not a failure.
 */
int zt_fix_format_patches(const struct zt_fix_opts *opts, const struct zt_findings *fs,
			  const struct zt_fix_result *r, const struct zt_fix_patch_opts *po,
			  struct zt_fix_patches *out);
void zt_fix_patches_release(struct zt_fix_patches *p);
/* "clean", "problems", "failed", "not-run" */
const char *zt_checkpatch_status_name(enum zt_checkpatch_status s);

/*
 * The patches' author: @given when it is "Name <email>" (else -1: a bad
 * --author), or git's user.name and user.email as `git config` reads them in
 * @tree; -1 after error() saying how to give one when there is neither.
 */
int zt_fix_author(const char *tree, const char *given, char **author);

#endif /* ZT_PATCHES_H */

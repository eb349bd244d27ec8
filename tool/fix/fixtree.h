/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fixtree: rewrite a copy of a source tree for the findings of `check`, and
 * verify the copy before anything is written back:
 *   plan       refuse what is unsafe (details of the finding, then the guard rules)
 *   copy       the tree into opts->output_dir
 *   move       a struct definition the owner cannot see moves before the owner
 *   spatch     one instantiated semantic patch per finding, applied in order
 *   verify     every expected hunk is present (spatch exits 0 when nothing matched)
 *   compile    every affected TU with its compile-database flags
 *   sparse     no new sparse warning
 * The source tree is never written by zt_fix_tree(); zt_fix_write_back(),
 * zt_fix_diff() and zt_fix_format_patch() take the verified copy from there.
 */
#ifndef ZT_FIXTREE_H
#define ZT_FIXTREE_H

#include <stdbool.h>
#include <stdio.h>

#include "compdb.h"
#include "finding.h"
#include "zerotax.h"

enum zt_fix_strategy {
	ZT_FIX_HOIST,		/* the local moves into the per-queue owner */
	ZT_FIX_UNINITIALIZED,	/* the local gets __uninitialized */
};

enum zt_fix_status {
	ZT_FIX_NOT_APPLICABLE,	/* not a stack finding, or suppressed */
	ZT_FIX_REFUSED,		/* unsafe: reason says why */
	ZT_FIX_APPLIED,
};

struct zt_fix_opts {
	enum zt_fix_strategy strategy;
	const char *source_dir;		/* the tree the findings point into */
	const char *output_dir;		/* the rewritten copy (created; must not exist or be empty) */
	const struct zt_compdb *db;	/* compile commands for the tree; NULL: cc -fsyntax-only */
	char *const *cflags;		/* without db: extra flags (-I, -D), NULL-terminated or NULL */
	const char *emit_dir;		/* also write the semantic patches here (NULL: no) */
	const char *rules_dir;		/* the templates (NULL: the source tree's rules/) */
	bool sparse;			/* compare sparse warnings before/after */
	bool trust_fill;		/* uninitialized: the guard rule's fill-first proof is
					 * enough, without clang's evidence (for comparisons) */
	unsigned int timeout_ms;	/* per spatch/compiler run (0: 120 s) */
};

struct zt_fix_item {
	size_t finding;		/* index in the findings */
	enum zt_fix_status status;
	char *reason;		/* why it was refused (NULL otherwise) */
	char *why;		/* applied: why the tool believes it is safe */
	char *sp_file;		/* the instantiated semantic patch (in output_dir or emit_dir) */
};

struct zt_fix_result {
	struct zt_fix_item *items;
	size_t n_items;
	char **changed;		/* paths relative to the tree, sorted */
	size_t n_changed;
	char *moved;		/* "struct T: a.h:12 -> b.h:40", or NULL */
	char *field;		/* "struct mlx5e_rq: struct mlx5e_xdp_buff mxbuf after page_pool" */
	char *field_owner;	/* "struct mlx5e_rq" */
	char *field_after;	/* the member it follows; NULL: at the end */
	char *moved_from, *moved_to;	/* files (relative) of a moved definition */
	const char *failed_step;	/* NULL when every step passed */
	char *failure;		/* why the step failed */
	size_t n_applied, n_refused;
	bool sparse_ran;
	size_t sparse_before, sparse_after;	/* warnings on the affected TUs */
};

/*
 * Build the rewritten copy in opts->output_dir. 0 when every step passed
 * (possibly with nothing applied), -1 when one failed: result->failed_step
 * and result->failure say which and why. The source tree is untouched.
 */
int zt_fix_tree(struct zt_ctx *ctx, const struct zt_fix_opts *opts,
		const struct zt_findings *fs, struct zt_fix_result *result);
void zt_fix_result_release(struct zt_fix_result *result);

/* diff -u of every changed file, a/ and b/ relative to the tree. */
int zt_fix_diff(const struct zt_fix_opts *opts, const struct zt_fix_result *result, char **diff);
/*
 * Copy the changed files back into the source tree. A git tree with
 * uncommitted changes is refused unless @force; on a failed write the files
 * already written are restored.
 */
int zt_fix_write_back(const struct zt_fix_opts *opts, const struct zt_fix_result *result,
		      bool force);
/* A git format-patch style mail in @dir; *path_out is the file written. */
int zt_fix_format_patch(const struct zt_fix_opts *opts, const struct zt_findings *fs,
			const struct zt_fix_result *result, const char *dir,
			const char *bench_table, char **path_out);
/* The patch's subject, derived from the findings that were applied. */
char *zt_fix_subject(const struct zt_findings *fs, const struct zt_fix_result *result);

const char *zt_fix_status_name(enum zt_fix_status s);

#endif /* ZT_FIXTREE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fixtree: rewrite the files of a source tree for the findings of `check`,
 * without copying the tree, and verify them before anything is written back.
 * Each finding, or each group that adds one field together, goes on its own:
 *   plan       refuse what is unsafe (details of the finding, then the guard rules)
 *   spatch     one instantiated semantic patch per finding; spatch reads the
 *              shadow (shadow.h) and its diff is applied there
 *   place      the owner must see the type it embeds (placement.h)
 *   verify     every expected hunk is present (spatch exits 0 when nothing matched)
 *   compile    every TU that includes a changed file, with its database flags
 *   sparse     no new sparse warning
 * A failed step refuses that finding or group (its files are restored in the
 * shadow) and the others go on. The source tree is never written by
 * zt_fix_tree(); zt_fix_write_back(), zt_fix_diff() and zt_fix_format_patches()
 * (patches.h) take the rewritten files from the shadow.
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
	ZT_FIX_AUTO,		/* per finding: hoist where the owner is proved, else
				 * __uninitialized; both only where definite assignment
				 * shows every field read is written first */
};

enum zt_fix_status {
	ZT_FIX_NOT_APPLICABLE,	/* not a stack finding, or suppressed */
	ZT_FIX_REFUSED,		/* unsafe: reason says why */
	ZT_FIX_APPLIED,
};

struct zt_fix_opts {
	enum zt_fix_strategy strategy;
	const char *source_dir;		/* the tree the findings point into */
	const char *output_dir;		/* NULL, or a whole rewritten copy made at the end
					 * (created; must not exist or be empty) */
	const struct zt_compdb *db;	/* compile commands for the tree; NULL: cc -fsyntax-only */
	char *const *cflags;		/* without db: extra flags (-I, -D), NULL-terminated or NULL */
	int jobs;			/* compiles at once (0: 1) */
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
	char *sp_file;		/* the instantiated semantic patch (in emit_dir) */
	const char *step;	/* refused by a failed step: which ("compile", ...) */
	size_t duplicate_of;	/* 1 + the item with the same fingerprint, 0 if none */
	enum zt_fix_strategy strategy;	/* the one chosen (hoist or uninitialized) */
	/* applied by hoisting: what its group did to the owner (the mail says it per driver) */
	char *owner;		/* "struct mlx5e_rq": the struct that gained the field */
	char *after;		/* the member the field follows; NULL: at the end */
	char *moved_from, *moved_to;	/* files (relative) of a moved definition, or NULL */
	char *moved;		/* "struct T: a.h:12 -> b.h:40", or NULL */
	char *included;		/* "struct T: #include <x.h> in en.h", or NULL */
};

struct zt_fix_result {
	struct zt_fix_item *items;
	size_t n_items;
	char **changed;		/* paths relative to the tree, sorted */
	size_t n_changed, alloc_changed;
	char *source_root;	/* realpath of the tree */
	int tree_lock;		/* the tree's directory, flock()ed shared from the first read */
	bool have_tree_lock;
	char *scratch_tree;	/* the shadow: the tree with the rewritten files */
	char *scratch_root;	/* removed by zt_fix_result_release() */
	size_t n_compiled;	/* TUs compiled to verify */
	const char *failed_step;	/* NULL when every step passed */
	char *failure;		/* why the step failed */
	size_t n_applied, n_refused;
	bool sparse_ran;
	size_t sparse_before, sparse_after;	/* warnings on the affected TUs */
};

/*
 * Rewrite and verify. 0 when the run went through (each finding applied or
 * refused), -1 when the run itself failed (a missing tool, no scratch space):
 * result->failed_step and result->failure say which and why. The source tree
 * is untouched.
 */
int zt_fix_tree(struct zt_ctx *ctx, const struct zt_fix_opts *opts,
		const struct zt_findings *fs, struct zt_fix_result *result);
void zt_fix_result_release(struct zt_fix_result *result);

/* diff -u of every changed file, a/ and b/ relative to the tree. */
int zt_fix_diff(const struct zt_fix_opts *opts, const struct zt_fix_result *result, char **diff);
/* The same for @n of the changed files (relative to the tree), in that order. */
int zt_fix_diff_files(const struct zt_fix_result *result, char *const *files, size_t n,
		      char **diff);
/*
 * Copy the changed files back into the source tree. A git tree with
 * uncommitted changes is refused unless @force; on a failed write the files
 * already written are restored.
 */
int zt_fix_write_back(const struct zt_fix_opts *opts, const struct zt_fix_result *result,
		      bool force);
/* A write-back killed half-way: see journal.h (zt_fix_recover()). */
/*
 * flock(@how) on the tree's directory: every fix holds it shared while it
 * reads the tree, a write-back exclusive, so no fix reads a tree half
 * written back. The fd, or -1.
 */
int zt_fix_lock_tree(const char *src, int how);
/* The mails of --format-patch: patches.h. */
struct zt_subject_rules;
/*
 * The subject of one patch holding every applied finding, from the rules
 * (subjects.h): its first hoisted finding's, else its first one's.
 */
char *zt_fix_subject(const struct zt_subject_rules *rules, const struct zt_findings *fs,
		     const struct zt_fix_result *result);

const char *zt_fix_status_name(enum zt_fix_status s);
const char *zt_fix_strategy_name(enum zt_fix_strategy s);

/* The sources of @from into @to: no .git, no CMake build directories, not @skip. */
int zt_fix_copy_tree(const char *from, const char *to, const char *skip);

#endif /* ZT_FIXTREE_H */

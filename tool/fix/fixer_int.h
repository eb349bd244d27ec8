/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of fixtree share (fixtree.c drives, fix_plan.c plans,
 * fix_spatch.c rewrites, fix_tidy.c tidies): the run's state and the steps
 * one file calls in another. Private to fix/.
 */
#ifndef ZT_FIXER_INT_H
#define ZT_FIXER_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "defassign.h"
#include "fixtree.h"
#include "shadow.h"
#include "verify.h"

/* One finding the plan accepted, with everything the rewrite needs. */
struct site {
	size_t item;
	const struct zt_finding *f;
	char *rel;		/* the function's file, relative to the tree */
	char *type, *var;
	char *owner_type, *owner_param;
	char *owner_rel;	/* the owner struct's file */
	char *anchor;		/* from the layout model: details.owner.after */
	char *owner_proof;	/* hoist: how the owner is known to be one per queue */
	char *fill;		/* uninitialized: the function that writes it first */
	enum zt_fix_strategy strategy;	/* chosen by the plan: hoist or uninitialized */
	char *da_why;		/* definite assignment: who writes what is read */
	char *no_hoist;		/* auto chose uninitialized: why not hoist */
	size_t group;		/* findings that must go together share one */
	bool applied;
};

struct fixer {
	struct zt_ctx *ctx;
	const struct zt_fix_opts *o;
	const struct zt_findings *fs;
	struct zt_fix_result *r;
	char *src;		/* realpath of the source tree */
	struct zt_shadow sh;	/* the rewritten files */
	struct zt_fix_build build;
	char *spdir;		/* where the instantiated semantic patches go */
	struct site *sites;
	size_t n_sites;
	unsigned int timeout;
	const char *attr;	/* uninitialized: the attribute as the tree spells it */
	struct zt_da_helpers *helpers;	/* rules/init-helpers.conf */
	char *tmpl[2];		/* the templates, by strategy (hoist, uninitialized) */
	/* the group being tried: its failure refuses it, not the run */
	bool in_group;
	const char *g_step;
	char *g_reason;
	char *g_moved, *g_moved_from, *g_moved_to, *g_included;
};

/* fixtree.c: a step failed; inside a group it refuses the group, else the run. */
int fixer_fail(struct fixer *x, const char *step, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* fix_plan.c */
void fixer_refuse(struct fixer *x, size_t i, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void fixer_plan_one(struct fixer *x, size_t i);
void fixer_site_release(struct site *s);
bool fixer_owner_proved(json_t *owner, char **why);
char *fixer_default_anchor(const char *otext, const char *owner_type, const char *type);

/* fix_spatch.c */
int fixer_apply_one(struct fixer *x, size_t k);

/* fix_exact.c: the hunks of @rel in [@b, @e) are exactly the plan for @s */
int fixer_exact(struct fixer *x, const struct site *s, const char *rel, const char *b,
		const char *e);

/* fix_tidy.c */
int fixer_tidy(struct fixer *x, const struct site *s);
int fixer_tidy_owner(struct fixer *x, const struct site *s);

#endif /* ZT_FIXER_INT_H */

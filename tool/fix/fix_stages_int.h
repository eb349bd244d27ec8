/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fix as stages, private to fix/. fixtree.c drives them in order and builds
 * the report from what they return; no stage calls back into it:
 *   plan      (fix_plan.c)    findings -> struct fix_plan: sites, groups, refusals
 *   rewrite   (fix_spatch.c)  a site -> the shadow rewritten, or the site refused
 *   place     (fix_place.c)   a hoist group -> the owner sees the type it embeds
 *   verify    (fix_verify.c)  a group -> present, compiled, sparse-clean
 *   write back (writeback.c)  the result -> the tree or a diff; patches.c: the mails
 * A group's stages fill one struct fix_outcome; its first failure refuses the
 * group, and the others go on.
 */
#ifndef ZT_FIX_STAGES_INT_H
#define ZT_FIX_STAGES_INT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include <jansson.h>

#include "defassign.h"
#include "fixtree.h"
#include "kernel_rules.h"
#include "shadow.h"
#include "zerotax.h"
#include "verify.h"

/* What every stage reads: set up before the plan, never changed by a stage. */
struct fix_env {
	struct zt_ctx *ctx;
	const struct zt_fix_opts *o;
	const char *src;		/* realpath of the source tree */
	struct zt_shadow *sh;		/* the rewritten files: stages write through it */
	const struct zt_fix_build *build;
	unsigned int timeout;		/* per spatch run, ms */
	const struct zt_kernel_rules *kernel;	/* rules/kernel.conf: who is never an owner */
};

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
	/* its designated initializer kept: "a.b = v", put before line store_at */
	struct zt_strvec stores;
	unsigned int store_at;
	char *no_hoist;		/* auto chose uninitialized: why not hoist */
	size_t group;		/* findings that must go together share one */
	/* what the rewrite and verify stages made of it */
	bool applied;
	char *refusal;		/* refused on its own (spatch, a taken name) or with its group */
	const char *step;	/* refused with its group: the step that failed */
	char *sp_file;		/* the instantiated semantic patch, when it is kept */
};

/* plan: findings in; the sites, in rewrite order, and the plan's refusals out. */
struct fix_plan {
	struct site *sites;	/* per file, the last finding first */
	size_t n_sites, alloc_sites;
	size_t n_groups;
	char **refusal;		/* per finding: why the plan refused it, or NULL */
	size_t n_findings;
};

void fix_plan(const struct fix_env *env, const struct zt_findings *fs,
	      const struct zt_da_helpers *helpers, struct fix_plan *out);
void fix_plan_release(struct fix_plan *p);
/* Is the owner proved to be one per queue? *@why gets the proof or the reason. */
bool fix_owner_proved(const struct zt_kernel_rules *kernel, json_t *owner, char **why);
/* The same finding twice (same fingerprint, same place): the first of them. */
size_t fix_duplicate_of(const struct zt_findings *fs, size_t i);

/* *@slot says why a finding is refused: the last reason given replaces the one before. */
static inline void __attribute__((format(printf, 2, 3)))
fix_set_reason(char **slot, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	free(*slot);
	*slot = xvasprintf(fmt, ap);
	va_end(ap);
}

/* What a group's stages found: the first failure, and what place and verify did. */
struct fix_outcome {
	const char *step;	/* the first step that failed, or NULL */
	char *reason;		/* its reason, as the shadow names files */
	char *moved, *moved_from, *moved_to;	/* place: a definition moved */
	char *included;		/* place: an #include added */
	size_t n_compiled;	/* verify: TUs compiled */
	bool sparse_ran;
	size_t sparse_before, sparse_after;
};

/* The first failure of a group is kept; -1 for the caller to return. */
static inline int __attribute__((format(printf, 3, 4)))
fix_fail(struct fix_outcome *out, const char *step, const char *fmt, ...)
{
	va_list ap;

	if (out->step)
		return -1;
	va_start(ap, fmt);
	out->reason = xvasprintf(fmt, ap);
	va_end(ap);
	out->step = step;
	return -1;
}

/* rewrite: what the semantic patches need, prepared once for the run. */
struct fix_rewriter {
	const struct fix_env *env;
	char *spdir;		/* where the instantiated semantic patches go */
	char *tmpl[2];		/* the templates, by strategy (hoist, uninitialized) */
	const char *attr;	/* uninitialized: the attribute as the tree spells it */
};

/* 0, or -1 with *@why (the step is "spatch"). */
int fix_rewriter_open(struct fix_rewriter *rw, const struct fix_env *env, char **why);
void fix_rewriter_release(struct fix_rewriter *rw);
/* Site @k of the plan rewritten in the shadow, or refused (s->refusal); -1: the group fails. */
int fix_rewrite_site(struct fix_rewriter *rw, struct site *s, size_t k, struct fix_outcome *out);
/* fix_exact.c: is @now the line @orig of @s's file, as the plan leaves or rewrites it? */
bool fix_same_line(const struct site *s, const char *attr, const char *orig, const char *now);
/* fix_exact.c: the hunks of @rel in [@b, @e) are exactly the plan for @s */
int fix_exact(const struct fix_rewriter *rw, const struct site *s, const char *rel,
	      const char *b, const char *e, struct fix_outcome *out);
/* fix_tidy.c: spatch's spacing put back as the tree writes it */
int fix_tidy(const struct fix_rewriter *rw, const struct site *s, struct fix_outcome *out);
int fix_tidy_owner(const struct fix_rewriter *rw, const struct site *s,
		   struct fix_outcome *out);

/* place: the owner of hoist site @s sees the type it now embeds. */
int fix_place_group(const struct fix_env *env, const struct site *s, struct fix_outcome *out);

/*
 * verify: group @g of @sites is present as planned, every TU that includes a
 * file changed since @m compiles, and sparse finds nothing new.
 */
int fix_verify_group(const struct fix_env *env, const struct site *sites, size_t n_sites,
		     size_t g, const char *attr, const struct zt_shadow_mark *m,
		     struct fix_outcome *out);

#endif /* ZT_FIX_STAGES_INT_H */

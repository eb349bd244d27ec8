/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fix --format-patch, private to fix/: one driver's share of the result (a
 * part: one patch of the series) and the words of its commit message
 * (patchmail.c). patches.c groups the findings into parts, splits the diff
 * and writes the files.
 */
#ifndef ZT_PATCHMAIL_INT_H
#define ZT_PATCHMAIL_INT_H

#include <stddef.h>

#include "fixtree.h"
#include "strbuf.h"
#include "subjects.h"

/* Paragraphs are wrapped at 72 columns, as commit messages are; no line is over 75. */
#define FIX_MAIL_WRAP 72
#define FIX_MAIL_MAX 75

/* One driver: the items of the result it holds and the changed files of its diff. */
struct fix_part {
	char *prefix;			/* the subject prefix: the group's key */
	size_t *applied, n_applied, alloc_applied;	/* indexes into r->items */
	size_t *refused, n_refused, alloc_refused;
	struct zt_strvec files;		/* relative to the tree, sorted */
	char *subject;			/* without "[PATCH n/N]" */
	size_t n_hoisted, n_uninitialized;
};

/* What every message reads. */
struct fix_mail {
	const struct zt_findings *fs;
	const struct zt_fix_result *r;
	const struct zt_subject_rules *sr;
};

/*
 * The subject prefix of finding @f in @rel (relative to the tree): a "path"
 * rule, else drivers/net/ethernet/VENDOR/DRIVER's DRIVER, else "net/" and the
 * function's prefix. Findings of one prefix make one patch.
 */
char *fix_part_key(const struct fix_mail *m, const struct zt_finding *f, const char *rel);
/* The part's subject, from its first hoisted finding, else its first applied one. */
char *fix_part_subject(const struct fix_mail *m, const struct fix_part *p);
/* The part's commit message, up to (not including) the sign-off; @bench quoted, or NULL. */
void fix_part_message(struct zt_strbuf *sb, const struct fix_mail *m, const struct fix_part *p,
		      const char *bench);
/* A paragraph: @first before its first line, @cont before the others, no line over 75. */
void fix_wrap(struct zt_strbuf *sb, const char *first, const char *cont, const char *text);
/* @text with the tree's (and the shadow's) absolute paths made relative to the tree. */
char *fix_relative(const struct zt_fix_result *r, const char *text);
/* "Subject: " @tag @subject, folded as a mail header (continuation lines start with a blank). */
void fix_subject_header(struct zt_strbuf *sb, const char *tag, const char *subject);

#endif /* ZT_PATCHMAIL_INT_H */

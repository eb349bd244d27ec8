/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Suppressions. Inline, on the finding's line or the line before it:
 *	/\* zerotax: allow stack-autoinit -- one RQ per NAPI context, measured *\/
 * or in a suppressions file (.zerotax-allow), one per line:
 *	stack-autoinit  drivers/net/x/en_rx.c:mlx5e_skb_from_cqe_linear:mxbuf  -- reason
 * where each of PATH:FUNCTION:SYMBOL may be a glob and trailing parts may be
 * left out. A reason is required: a suppression without one is an error.
 */
#ifndef ZT_SUPPRESS_H
#define ZT_SUPPRESS_H

#include "finding.h"

struct zt_allow_rule {
	const struct zt_check *check;	/* NULL: every check ("all") */
	char *path, *function, *symbol;	/* globs; NULL matches anything */
	char *reason;
	char *origin;			/* "FILE:LINE" of the rule, for messages */
};

struct zt_allow {
	struct zt_allow_rule *v;
	size_t n, alloc;
};

/* Load a suppressions file; -1 (error said) on a malformed line. */
int zt_allow_load(const char *path, struct zt_allow *allow);
int zt_allow_parse(const char *text, const char *origin, struct zt_allow *allow);
void zt_allow_release(struct zt_allow *allow);

/*
 * Look for an inline suppression of @check in @line. 1 and *reason set when
 * found, 0 when none, -1 when the comment names the check without a reason.
 */
int zt_inline_allow(const char *line, const struct zt_check *check, char **reason);

/*
 * Mark findings suppressed by inline comments (reading their files) or by
 * @allow (paths matched relative to @root). -1 (error said, with location)
 * when a suppression without a reason is met.
 */
int zt_findings_suppress(struct zt_findings *fs, const struct zt_allow *allow, const char *root);

#endif /* ZT_SUPPRESS_H */

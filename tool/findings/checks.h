/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The table of checks (sparse style): one row per rule. It drives -W flags,
 * --list-checks, SARIF rules[] and docs/checks.md.
 */
#ifndef ZT_CHECKS_H
#define ZT_CHECKS_H

#include <stdbool.h>
#include <stdio.h>

enum zt_level {
	ZT_LEVEL_NOTE,
	ZT_LEVEL_WARNING,
	ZT_LEVEL_ERROR,
};

enum zt_check_id {
	ZT_CHECK_STACK_AUTOINIT,
	ZT_CHECK_STACK_EXPLICIT_INIT,
	ZT_CHECK_LAYOUT_BLOAT,
	ZT_CHECK_LAYOUT_HOT_SPAN,
	ZT_CHECK_LAYOUT_ARRAY_STRIDE,
	ZT_CHECK_LAYOUT_GROUP_ASSERT,
	ZT_CHECK_STACK_FRAME_TOTAL,
	ZT_CHECK_COUNT
};

struct zt_check {
	enum zt_check_id id;
	const char *rule_id;	/* "zerotax-stack-autoinit": SARIF ruleId, [..] in text */
	const char *name;	/* "stack-autoinit": -W flags and suppressions */
	const char *command;	/* the command that produces it */
	enum zt_level level;
	bool default_on;
	const char *summary;	/* one line */
	const char *help;	/* a paragraph: why it costs, what to do */
};

extern const struct zt_check zt_checks[ZT_CHECK_COUNT];

const struct zt_check *zt_check_by_name(const char *name_or_rule_id);
const char *zt_level_name(enum zt_level level);

/* Which checks are on: -Wname / -Wno-name, starting from the defaults. */
struct zt_check_set {
	bool on[ZT_CHECK_COUNT];
};

void zt_check_set_defaults(struct zt_check_set *set);
/* Apply one "-W..." argument (without the "-W"); -1 for an unknown check. */
int zt_check_set_apply(struct zt_check_set *set, const char *warg);

/* The table as Markdown: what docs/checks.md holds. */
int checks__fprintf_markdown(FILE *fp);

#endif /* ZT_CHECKS_H */

// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>

#include "checks.h"

const struct zt_check zt_checks[ZT_CHECK_COUNT] = {
	[ZT_CHECK_STACK_AUTOINIT] = {
		.id = ZT_CHECK_STACK_AUTOINIT,
		.rule_id = "zerotax-stack-autoinit",
		.name = "stack-autoinit",
		.command = "check",
		.level = ZT_LEVEL_WARNING,
		.default_on = true,
		.summary = "large automatic variable on a hot path zeroed by -ftrivial-auto-var-init",
		.help = "With CONFIG_INIT_STACK_ALL_ZERO every automatic variable is zeroed when its "
			"scope is entered. For a struct whose address is passed to a call the optimizer "
			"cannot prove the zeroing dead, so it is paid on every packet. Keep one "
			"instance per queue (in the ring/queue struct the function already owns) or "
			"mark it __uninitialized when every byte read is written first.",
	},
	[ZT_CHECK_STACK_EXPLICIT_INIT] = {
		.id = ZT_CHECK_STACK_EXPLICIT_INIT,
		.rule_id = "zerotax-stack-explicit-init",
		.name = "stack-explicit-init",
		.command = "check",
		.level = ZT_LEVEL_WARNING,
		.default_on = true,
		.summary = "large local explicitly initialized ({}, { 0 }, designated) on a hot path",
		.help = "An empty, zero or designated initializer zeroes the whole object on every "
			"call whatever the kernel configuration. On a per-packet path, initialize only "
			"the fields that are read, or keep the object per queue.",
	},
	[ZT_CHECK_LAYOUT_BLOAT] = {
		.id = ZT_CHECK_LAYOUT_BLOAT,
		.rule_id = "zerotax-layout-bloat",
		.name = "layout-bloat",
		.command = "layout",
		.level = ZT_LEVEL_WARNING,
		.default_on = true,
		.summary = "struct spans more cache lines than its members need (holes, padding)",
		.help = "Holes and padding push the struct over a cache-line boundary. Reordering "
			"members by alignment packs them into fewer lines.",
	},
	[ZT_CHECK_LAYOUT_HOT_SPAN] = {
		.id = ZT_CHECK_LAYOUT_HOT_SPAN,
		.rule_id = "zerotax-layout-hot-span",
		.name = "layout-hot-span",
		.command = "layout",
		.level = ZT_LEVEL_WARNING,
		.default_on = true,
		.summary = "fields touched on the hot path are spread over more cache lines than needed",
		.help = "Each cache line the hot path touches is a potential miss per packet. Group "
			"the hot fields together at the start of the struct, cold ones after them.",
	},
	[ZT_CHECK_LAYOUT_ARRAY_STRIDE] = {
		.id = ZT_CHECK_LAYOUT_ARRAY_STRIDE,
		.rule_id = "zerotax-layout-array-stride",
		.name = "layout-array-stride",
		.command = "layout",
		.level = ZT_LEVEL_WARNING,
		.default_on = true,
		.summary = "array/pool element just over a cache-line multiple",
		.help = "A descriptor of 136 bytes takes three lines per element where 128 would take "
			"two. Shrinking or reordering it saves a line per element touched.",
	},
	[ZT_CHECK_LAYOUT_GROUP_ASSERT] = {
		.id = ZT_CHECK_LAYOUT_GROUP_ASSERT,
		.rule_id = "zerotax-layout-group-assert",
		.name = "layout-group-assert",
		.command = "layout",
		.level = ZT_LEVEL_WARNING,
		.default_on = true,
		.summary = "hot field outside its __cacheline_group, or a group larger than its lines",
		.help = "The struct declares cache-line groups with __cacheline_group_begin/end; a hot "
			"field placed outside its group, or a group grown past the lines it should take, "
			"undoes the grouping.",
	},
	[ZT_CHECK_STACK_FRAME_TOTAL] = {
		.id = ZT_CHECK_STACK_FRAME_TOTAL,
		.rule_id = "zerotax-stack-frame-total",
		.name = "stack-frame-total",
		.command = "check",
		.level = ZT_LEVEL_WARNING,
		.default_on = true,
		.summary = "small locals of one hot function whose zeroing adds up to --min-size",
		.help = "Each local is under --min-size, but their surviving auto-init zeroing, "
			"summed in one per-packet function, is not: three 16-24-byte descriptors on "
			"a transmit path cost as much as one large struct. Keep them per queue or "
			"mark them __uninitialized where every byte read is written first.",
	},
};

const struct zt_check *zt_check_by_name(const char *s)
{
	for (int i = 0; i < ZT_CHECK_COUNT; i++)
		if (!strcmp(s, zt_checks[i].name) || !strcmp(s, zt_checks[i].rule_id))
			return &zt_checks[i];
	return NULL;
}

const char *zt_level_name(enum zt_level level)
{
	switch (level) {
	case ZT_LEVEL_NOTE:
		return "note";
	case ZT_LEVEL_ERROR:
		return "error";
	case ZT_LEVEL_WARNING:
		break;
	}
	return "warning";
}

void zt_check_set_defaults(struct zt_check_set *set)
{
	for (int i = 0; i < ZT_CHECK_COUNT; i++)
		set->on[i] = zt_checks[i].default_on;
}

int zt_check_set_apply(struct zt_check_set *set, const char *warg)
{
	bool on = true;
	const struct zt_check *c;

	if (!strncmp(warg, "no-", 3)) {
		on = false;
		warg += 3;
	}
	if (!strcmp(warg, "all")) {
		for (int i = 0; i < ZT_CHECK_COUNT; i++)
			set->on[i] = on;
		return 0;
	}
	c = zt_check_by_name(warg);
	if (!c)
		return -1;
	set->on[c->id] = on;
	return 0;
}

/* docs/checks.md is this table rendered; a unit test keeps the two in step. */
int checks__fprintf_markdown(FILE *fp)
{
	fprintf(fp, "# zerotax checks\n\n"
		    "Generated from the table in tool/findings/checks.c (a unit test keeps them in step).\n"
		    "Enable or disable with `-Wname` / `-Wno-name`; suppress one finding with\n"
		    "`/* zerotax: allow name -- reason */` (docs/ci.md).\n\n"
		    "| name | rule id | command | level | default | summary |\n"
		    "|---|---|---|---|---|---|\n");
	for (int i = 0; i < ZT_CHECK_COUNT; i++) {
		const struct zt_check *c = &zt_checks[i];

		fprintf(fp, "| `%s` | `%s` | %s | %s | %s | %s |\n", c->name, c->rule_id, c->command,
			zt_level_name(c->level), c->default_on ? "on" : "off", c->summary);
	}
	for (int i = 0; i < ZT_CHECK_COUNT; i++) {
		const struct zt_check *c = &zt_checks[i];

		fprintf(fp, "\n## %s\n\n%s\n", c->rule_id, c->help);
	}
	return ferror(fp) ? -1 : 0;
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Field uses seen by the AST pass, with the hotness of the functions they are
 * in: what `layout` joins with pahole's layouts.
 */
#ifndef ZT_FIELDUSE_H
#define ZT_FIELDUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "facts.h"
#include "finding.h"

/*
 * The paths a use runs on, from the root that makes its function hot: a NAPI
 * poll is RX, unless the function is reached through a TX completion handler
 * (a name with tx/sq and cq/clean/compl/irq/poll: mlx5e_poll_tx_cq,
 * ice_clean_tx_irq); ndo_start_xmit and ndo_xdp_xmit are TX; a function that
 * is not hot is the control (slow) path. OTHER: hot by --hot or a rule whose
 * root says neither.
 */
enum zt_path {
	ZT_PATH_RX = 1 << 0,
	ZT_PATH_TX = 1 << 1,
	ZT_PATH_COMPLETION = 1 << 2,
	ZT_PATH_CONTROL = 1 << 3,
	ZT_PATH_OTHER = 1 << 4,
};

#define ZT_PATH_HOT (ZT_PATH_RX | ZT_PATH_TX | ZT_PATH_COMPLETION | ZT_PATH_OTHER)

/*
 * The names (inline: the layout's parser fuzzer links without the program
 * model). "rx", "tx", "completion", "control", "other" for one bit, else NULL.
 */
static inline const char *zt_path_name(unsigned int bit)
{
	static const char *const names[] = { "rx", "tx", "completion", "control", "other" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (bit == 1U << i)
			return names[i];
	return NULL;
}

/* "rx,tx": every bit of @paths, in bit order, into @buf ("" for none). */
static inline const char *zt_paths_str(unsigned int paths, char *buf, size_t len)
{
	size_t at = 0;

	if (len)
		buf[0] = '\0';
	for (unsigned int b = ZT_PATH_RX; b <= ZT_PATH_OTHER && len; b <<= 1) {
		const char *n = zt_path_name(b);
		size_t k = strlen(n) + (at ? 1 : 0);

		if (!(paths & b) || at + k >= len)
			continue;
		if (at)
			buf[at++] = ',';
		memcpy(buf + at, n, strlen(n) + 1);
		at += strlen(n);
	}
	return buf;
}

/* "store", "inc/dec", ... for an access kind (facts.h), for reports. */
static inline const char *zt_access_kind_name(unsigned int kind)
{
	static const char *const names[ZT_ACCESS_KINDS] = {
		"read", "store", "inc/dec", "compound assignment", "address to a writer",
		"address to a reader",
	};

	return kind < ZT_ACCESS_KINDS ? names[kind] : "?";
}

/* One path name or a comma-separated list of them; -1 on an unknown name or none. */
static inline int zt_paths_parse(const char *s, unsigned int *paths)
{
	*paths = 0;
	while (*s) {
		size_t n = strcspn(s, ",");
		unsigned int b;

		for (b = ZT_PATH_RX; b <= ZT_PATH_OTHER; b <<= 1)
			if (strlen(zt_path_name(b)) == n && !strncmp(s, zt_path_name(b), n))
				break;
		if (b > ZT_PATH_OTHER)
			return -1;
		*paths |= b;
		s += n;
		if (*s == ',')
			s++;
	}
	return *paths ? 0 : -1;
}

struct zt_field_use {
	char *record;		/* "struct mlx5e_rq" (the record the field belongs to) */
	char *field;		/* "cqe" (nested: "mpwqe.skb_from_cqe_mpwrq") */
	enum zt_freq freq;	/* hottest frequency over all uses */
	unsigned int reads;	/* uses on hot paths */
	unsigned int writes;
	unsigned int cold_uses;	/* uses only seen in cold functions */
	unsigned int read_paths;	/* enum zt_path: where it is read (control: cold uses) */
	unsigned int write_paths;	/* and written */
	/*
	 * The hot roots reading and writing it, one bit per root (ordinal mod
	 * 32): code under one root runs on one CPU at a time (a NAPI instance);
	 * two roots can run on two CPUs at once.
	 */
	unsigned int read_roots, write_roots;
	unsigned int kinds;	/* 1 << enum zt_access_kind of every use */
};

struct zt_field_uses {
	struct zt_field_use *v;
	size_t n, alloc;
};

void zt_field_uses_release(struct zt_field_uses *u);

struct zt_ctx;
struct zt_compdb;
struct zt_hot_opts;

/*
 * Run the AST pass over @db (roots and rules from @opts), and fill @u with
 * every member access, keyed by record and field, with the hottest frequency
 * it runs at. -1 on internal errors; unparsable files are warned about.
 */
int zt_collect_field_uses(struct zt_ctx *ctx, const struct zt_compdb *db,
			  const struct zt_hot_opts *opts, struct zt_field_uses *u);

#endif /* ZT_FIELDUSE_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Field uses seen by the AST pass, with the hotness of the functions they are
 * in: what `layout` joins with pahole's layouts.
 */
#ifndef ZT_FIELDUSE_H
#define ZT_FIELDUSE_H

#include <stdbool.h>
#include <stddef.h>

#include "finding.h"

struct zt_field_use {
	char *record;		/* "struct mlx5e_rq" (the record the field belongs to) */
	char *field;		/* "cqe" (nested: "mpwqe.skb_from_cqe_mpwrq") */
	enum zt_freq freq;	/* hottest frequency over all uses */
	unsigned int reads;	/* uses on hot paths */
	unsigned int writes;
	unsigned int cold_uses;	/* uses only seen in cold functions */
};

struct zt_field_uses {
	struct zt_field_use *v;
	size_t n;
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

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

#endif /* ZT_FIELDUSE_H */

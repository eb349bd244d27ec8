// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bytes, not fields: a copy of a whole struct (memcpy(), an assignment, a
 * by-value argument used whole, a callee zerotax cannot see into) reads its
 * holes too. Only a write of all of it (memset(), an assignment into it)
 * writes them; a store to every field does not. A struct without holes is
 * written by its fields.
 */
#include <string.h>

#include "common.h"

struct da_rec {
	unsigned char kind;	/* 3 bytes of hole after it */
	unsigned int len;
	unsigned short tag;	/* 2 bytes of tail padding */
};

struct da_packed_rec {
	unsigned int kind;
	unsigned int len;
};

struct da_log {
	struct da_rec last;
	struct da_packed_rec plain;
};

void da_opaque_rec(const struct da_rec *r);

static void da_keep(struct da_log *log, struct da_rec copy)
{
	log->last = copy;
}

void da_pad_memcpy(struct da_log *log)
{
	struct da_rec r;	/* zt-da: read-before-written <padding> @43 */

	r.kind = 1;
	r.len = 64;
	r.tag = 7;
	memcpy(&log->last, &r, sizeof(r));
}

void da_pad_assign(struct da_log *log)
{
	struct da_rec r;	/* zt-da: read-before-written <padding> @53 */

	r.kind = 1;
	r.len = 64;
	r.tag = 7;
	log->last = r;
}

void da_pad_memset(struct da_log *log)
{
	struct da_rec r;	/* zt-da: written-first */

	memset(&r, 0, sizeof(r));
	r.len = 64;
	log->last = r;
}

unsigned int da_pad_fields_only(void)
{
	struct da_rec r;	/* zt-da: written-first */

	r.kind = 1;
	r.len = 64;
	r.tag = 7;
	return r.kind + r.len + r.tag;
}

void da_pad_opaque(void)
{
	struct da_rec r;	/* zt-da: unknown no-body <padding> @82 */

	r.kind = 1;
	r.len = 64;
	r.tag = 7;
	da_opaque_rec(&r);
}

void da_pad_by_value(struct da_log *log)
{
	struct da_rec r;	/* zt-da: read-before-written <padding> @92 */

	r.kind = 1;
	r.len = 64;
	r.tag = 7;
	da_keep(log, r);
}

void da_pad_none(struct da_log *log)
{
	struct da_packed_rec p;	/* zt-da: written-first */

	p.kind = 1;
	p.len = 64;
	memcpy(&log->plain, &p, sizeof(p));
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A callee's summary: what it writes on every path through the pointer it is
 * given, and what it reads before writing. A callee without a body reads all
 * it is given: the proof stops there.
 */
#include "common.h"

static void da_fill(struct da_desc *d, void *data)
{
	d->data = data;
	d->len = 64;
	d->flags = 0;
	d->tag = 0;
}

static unsigned int da_peek(const struct da_desc *d)
{
	return d->len + d->tag;
}

unsigned int da_callee_fills(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: written-first */

	da_fill(&d, r->slot[0]);
	return da_peek(&d);
}

unsigned int da_callee_reads_first(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: read-before-written tag @35 */

	d.len = r->count;
	return da_peek(&d);
}

void da_callee_no_body(void)
{
	struct da_desc d;	/* zt-da: unknown no-body data @42 */

	da_opaque(&d);
}

struct da_pair {
	unsigned int id;
	struct da_desc d;
};

/* a pointer local of the callee's, set to a member of what it was given and never changed */
static unsigned int da_peek_inner(struct da_pair *p)
{
	struct da_desc *d = &p->d;

	return d->len;
}

unsigned int da_callee_alias(void)
{
	struct da_pair p;	/* zt-da: written-first */

	p.d.len = 1;
	return da_peek_inner(&p);
}

/* ... converted on the way (void *): another view of the bytes, not followed */
static unsigned int da_peek_void(struct da_pair *p)
{
	void *v = &p->d;

	return ((struct da_desc *)v)->len;
}

unsigned int da_callee_alias_void(void)
{
	struct da_pair p;	/* zt-da: unknown escapes d.data @79 */

	p.d.len = 1;
	return da_peek_void(&p);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A by-value copy: the callee's copy reads what its body reads before
 * writing, and nothing more.
 */
#include "common.h"

static unsigned int da_len_of(struct da_desc d)
{
	return d.len;
}

static unsigned int da_all_of(struct da_desc d)
{
	return d.len + d.flags;
}

unsigned int da_copy_reads_written(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: written-first */

	d.len = r->count;
	return da_len_of(d);
}

unsigned int da_copy_reads_unwritten(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: read-before-written flags @31 */

	d.len = r->count;
	return da_all_of(d);
}

/* the callee keeps its copy whole: every field of it is read, not only the first */
static void da_save(struct da_ring *r, struct da_desc d)
{
	r->saved = d;
}

void da_copy_kept_whole(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: read-before-written tag @47 */

	d.data = r->slot[0];
	d.len = r->count;
	d.flags = 0;
	da_save(r, d);
}

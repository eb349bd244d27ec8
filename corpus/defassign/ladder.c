// SPDX-License-Identifier: GPL-2.0-only
/*
 * Gotos forward to an error ladder: each label starts from what every goto
 * to it had written.
 */
#include "common.h"

int da_ladder_ok(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: written-first */

	d.len = r->count;
	if (!r->slot[0])
		goto out;
	d.len += 1;
out:
	return (int)d.len;
}

int da_ladder_bad(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: read-before-written len @28 */

	if (!r->slot[0])
		goto out;
	d.len = r->count;
out:
	return (int)d.len;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Return codes: a callee that writes the object on every path returning 0;
 * the caller reads it only where the call returned 0.
 */
#include "common.h"

static int da_try_fill(struct da_ring *r, struct da_desc *d)
{
	if (!r->slot[0])
		return -1;
	d->data = r->slot[0];
	d->len = r->count;
	return 0;
}

unsigned int da_codes_checked(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: written-first */

	if (da_try_fill(r, &d))
		return 0;
	return d.len;
}

unsigned int da_codes_ignored(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: read-before-written len @31 */

	da_try_fill(r, &d);
	return d.len;
}

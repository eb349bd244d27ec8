// SPDX-License-Identifier: GPL-2.0-only
/*
 * A guard fact: a field written only where a flag of the object is not 0,
 * read only under the same test of that flag, with nothing writing the flag
 * between the two tests.
 */
#include "common.h"

unsigned int da_guard_same(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: written-first */

	d.flags = r->count & 1;
	if (d.flags)
		d.len = 64;
	if (d.flags)
		return d.len;
	return 0;
}

unsigned int da_guard_other(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: read-before-written len @30 */

	d.flags = r->count & 1;
	d.tag = 0;
	if (d.flags)
		d.len = 64;
	if (d.tag)
		return d.len;
	return 0;
}

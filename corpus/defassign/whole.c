// SPDX-License-Identifier: GPL-2.0-only
/*
 * A whole-object read: a struct assignment or a memcpy() of the object reads
 * every field of it.
 */
#include <string.h>

#include "common.h"

void da_whole_assign(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: read-before-written data @15 */

	d.len = 1;
	r->saved = d;
}

void da_whole_memcpy(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: read-before-written data @23 */

	d.len = 1;
	memcpy(&r->saved, &d, sizeof(d));
}

void da_whole_written(struct da_ring *r)
{
	struct da_desc d;	/* zt-da: written-first */

	memset(&d, 0, sizeof(d));
	d.len = 1;
	r->saved = d;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Paths through a switch: each case is a path from the switch's entry; a
 * missing default is the path that writes nothing.
 */
#include "common.h"

void da_switch_all(struct da_ring *r, int kind)
{
	struct da_desc d;	/* zt-da: written-first */

	switch (kind) {
	case 0:
		d.len = 64;
		break;
	case 1:
		d.len = 128;
		break;
	default:
		d.len = 0;
		break;
	}
	da_consume(&d.len, sizeof(d.len));
	r->count = d.len;
}

void da_switch_no_default(struct da_ring *r, int kind)
{
	struct da_desc d;	/* zt-da: read-before-written len @36 */

	switch (kind) {
	case 0:
		d.len = 64;
		break;
	}
	r->count = d.len;
}

void da_switch_fallthrough(struct da_ring *r, int kind)
{
	struct da_desc d;	/* zt-da: written-first */

	switch (kind) {
	case 0:
		d.tag = 1;
		/* fall through */
	default:
		d.len = 2;
	}
	r->count = d.len;
}

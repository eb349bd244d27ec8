// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hints are not reads: a prefetch of an address computed from a field
 * nothing wrote yet prefetches the wrong line and changes nothing else.
 * Only the listed hints (rules/init-helpers.conf): any other call given the
 * same value reads it.
 */
#include "common.h"

void prefetchw(const void *x);
void net_prefetch(void *p);
void da_peek(const void *x);

unsigned int da_prefetch_field(void)
{
	struct da_desc d;	/* zt-da: written-first */

	prefetchw(d.data);
	d.len = 64;
	return d.len;
}

unsigned int da_prefetch_whole(void)
{
	struct da_desc d;	/* zt-da: written-first */

	__builtin_prefetch(&d);
	net_prefetch(&d);
	d.len = 64;
	return d.len;
}

unsigned int da_not_a_hint(void)
{
	struct da_desc d;	/* zt-da: read-before-written data @37 */

	da_peek(d.data);
	d.len = 64;
	return d.len;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A loop's counter: a loop from 0 up to a constant N that writes element i
 * writes all N elements after it; a loop up to a variable count writes the
 * elements below that count, and only reads below it are covered.
 */
#include "common.h"

unsigned int da_counted_full(void)
{
	unsigned int lens[4];	/* zt-da: written-first */
	unsigned int sum = 0;

	for (int i = 0; i < 4; i++)
		lens[i] = (unsigned int)i;
	for (int i = 0; i < 4; i++)
		sum += lens[i];
	return sum;
}

unsigned int da_counted_short(void)
{
	unsigned int lens[4];	/* zt-da: read-before-written [3] @27 */

	for (int i = 0; i < 3; i++)
		lens[i] = (unsigned int)i;
	return lens[3];
}

unsigned int da_counted_prefix(struct da_ring *r, int n)
{
	void *frags[8];	/* zt-da: written-first */
	unsigned int sum = 0;

	for (int i = 0; i < n; i++)
		frags[i] = r->slot[i];
	for (int i = 0; i < n; i++)
		sum += frags[i] != NULL;
	return sum;
}

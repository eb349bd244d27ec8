// SPDX-License-Identifier: GPL-2.0-only
/*
 * A counted loop writes every element only when it visits every one: a
 * step of one, a counter nothing else moves (not the body, not a callee
 * given its address). Otherwise an element may be skipped.
 */
#include "common.h"

static void da_skip(int *i)
{
	*i += 1;
}

unsigned int da_loop_step2(void)
{
	unsigned int lens[4];	/* zt-da: read-before-written [1] @20 */

	for (int i = 0; i < 4; i += 2)
		lens[i] = 1;
	return lens[1];
}

unsigned int da_loop_body_changes(void)
{
	unsigned int lens[4];	/* zt-da: read-before-written [1] @31 */

	for (int i = 0; i < 4; i++) {
		lens[i] = 1;
		i++;
	}
	return lens[1];
}

unsigned int da_loop_callee_steps(void)
{
	unsigned int lens[4];	/* zt-da: read-before-written [1] @42 */

	for (int i = 0; i < 4; i++) {
		lens[i] = 1;
		da_skip(&i);
	}
	return lens[1];
}

unsigned int da_loop_prefix_step(struct da_ring *r, int n)
{
	void *frags[8];	/* zt-da: read-before-written [i < n] @53 */
	unsigned int sum = 0;

	for (int i = 0; i < n; i += 2)
		frags[i] = r->slot[i];
	for (int i = 0; i < n; i++)
		sum += frags[i] != NULL;
	return sum;
}

unsigned int da_loop_prefix_body(struct da_ring *r, int n)
{
	void *frags[8];	/* zt-da: read-before-written [i < n] @67 */
	unsigned int sum = 0;

	for (int i = 0; i < n; i++) {
		frags[i] = r->slot[i];
		i++;
	}
	for (int i = 0; i < n; i++)
		sum += frags[i] != NULL;
	return sum;
}

/* the counter's address kept before the loop: a store through it moves it */
unsigned int da_loop_counter_escaped(void)
{
	unsigned int lens[4];	/* zt-da: read-before-written [1] @82 */
	int i;
	int *pi = &i;

	for (i = 0; i < 4; i++) {
		lens[i] = 1;
		*pi += 1;
	}
	return lens[1];
}

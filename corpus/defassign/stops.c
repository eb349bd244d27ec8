// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where the proof stops: the address kept where the walk does not follow,
 * a callee that reaches the struct around what it is given (container_of()
 * is followed: its read is a read; a cast through void * is not), a call through
 * a pointer, a recursion, a callee nested deeper than the analysis goes.
 * Each is "unknown", with its reason; none is "written first".
 */
#include "common.h"

struct da_wrap {
	unsigned int cookie;
	struct da_desc d;
};

static struct da_desc *da_kept;

static void da_outer_read(struct da_desc *d)
{
	struct da_wrap *w = da_container_of(d, struct da_wrap, d);

	w->d.len = w->cookie;
}

void da_stop_escape(void)
{
	struct da_desc d;	/* zt-da: unknown escapes data @29 */

	da_kept = &d;
}

unsigned int da_stop_around(void)
{
	struct da_wrap w;	/* zt-da: read-before-written cookie @36 */

	da_outer_read(&w.d);
	return w.d.len;
}

void da_stop_indirect(void (*cb)(struct da_desc *))
{
	struct da_desc d;	/* zt-da: unknown indirect data @44 */

	cb(&d);
}

static void da_recur(struct da_desc *d, int n)
{
	if (n)
		da_recur(d, n - 1);
	d->len = 1;
}

unsigned int da_stop_recursion(void)
{
	struct da_desc d;	/* zt-da: unknown recursion data @58 */

	da_recur(&d, 3);
	return d.len;
}

static void da_c8(struct da_desc *d) { d->len = 1; }
static void da_c7(struct da_desc *d) { da_c8(d); }
static void da_c6(struct da_desc *d) { da_c7(d); }
static void da_c5(struct da_desc *d) { da_c6(d); }
static void da_c4(struct da_desc *d) { da_c5(d); }
static void da_c3(struct da_desc *d) { da_c4(d); }
static void da_c2(struct da_desc *d) { da_c3(d); }
static void da_c1(struct da_desc *d) { da_c2(d); }

unsigned int da_stop_depth(void)
{
	struct da_desc d;	/* zt-da: unknown depth data @75 */

	da_c1(&d);
	return d.len;
}

/* a cast through void * kept in a variable: the address goes where the walk does not follow */
static void da_back(struct da_desc *d)
{
	void *v = d;
	struct da_wrap *w = v;

	w->d.len = w->cookie;
}

unsigned int da_stop_cast(void)
{
	struct da_wrap w;	/* zt-da: unknown escapes d.data @92 */

	da_back(&w.d);
	return w.d.len;
}

/* container_of() to a struct the object is not in: what it reaches is not mapped */
unsigned int da_stop_around_other(void)
{
	struct da_ring r;	/* zt-da: unknown reaches-around count @101 */

	da_outer_read(&r.saved);
	return r.saved.len;
}

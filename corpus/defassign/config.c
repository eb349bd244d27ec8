// SPDX-License-Identifier: GPL-2.0-only
/*
 * A callee whose body in this build is one configuration's: the other
 * definition sits in a block the preprocessor skipped, so the body seen
 * proves nothing of the build that has the other one.
 */
#include "common.h"

#ifdef CONFIG_DA_STAMP
void da_stamp(struct da_desc *d);
#else
static inline void da_stamp(struct da_desc *d)
{
	d->len = 0;
}
#endif

unsigned int da_config_stub(void)
{
	struct da_desc d;	/* zt-da: unknown other-config data @22 */

	da_stamp(&d);
	return d.len;
}

void da_trace(unsigned int v);

/*
 * The function's own #ifdef: this build reads d.len only, the other one
 * d.flags too, which nothing wrote.
 */
unsigned int da_own_ifdef(void)
{
	struct da_desc d;	/* zt-da: unknown other-config d */

	d.len = 1;
#ifdef CONFIG_DA_TRACE
	da_trace(d.flags);
#endif
	return d.len;
}

/* ... through a pointer to it. */
unsigned int da_own_ifdef_alias(void)
{
	struct da_desc d;	/* zt-da: unknown other-config d */
	struct da_desc *p = &d;

	p->len = 1;
#ifdef CONFIG_DA_TRACE
	da_trace(p->flags);
#endif
	return d.len;
}

/* A skipped block that names neither: this build's proof holds in both. */
unsigned int da_own_ifdef_other(unsigned int v)
{
	struct da_desc d;	/* zt-da: written-first */

	d.len = 1;
#ifdef CONFIG_DA_TRACE
	da_trace(v);
#endif
	return d.len;
}

static void da_fill_traced(struct da_desc *d)
{
	d->len = 1;
#ifdef CONFIG_DA_TRACE
	da_trace(d->flags);
#endif
}

/* A callee's own #ifdef reads its parameter's flags: never written here. */
unsigned int da_callee_ifdef(void)
{
	struct da_desc d;	/* zt-da: read-before-written flags @81 */

	da_fill_traced(&d);
	return d.len;
}

static void da_fill_reads_other(struct da_desc *d, unsigned int v)
{
	d->len = v;
#ifdef CONFIG_DA_TRACE
	da_trace(d->flags + d->tag);
#endif
}

/*
 * A callee's other configuration only reads fields of its parameter: they
 * count as read on entry, so written before the call they are proved ...
 */
unsigned int da_callee_ifdef_reads(void)
{
	struct da_desc d;	/* zt-da: written-first */

	d.flags = 0;
	d.tag = 0;
	da_fill_reads_other(&d, 1);
	return d.len;
}

/* ... and unwritten they are read. */
unsigned int da_callee_ifdef_reads_unwritten(void)
{
	struct da_desc d;	/* zt-da: read-before-written flags @113 */

	d.tag = 0;
	da_fill_reads_other(&d, 1);
	return d.len;
}

/* The other configuration only writes more of it (a store in the #else). */
unsigned int da_own_ifdef_store(void)
{
	struct da_desc d;	/* zt-da: written-first */

	d.len = 1;
#ifdef CONFIG_DA_TRACE
	d.flags = 2;
#endif
	return d.len;
}

/* The write this build parses sits in a #if: the other build lacks it. */
unsigned int da_own_ifdef_parsed_write(void)
{
	struct da_desc d;	/* zt-da: unknown other-config d */

#ifndef CONFIG_DA_TRACE
	d.len = 1;
#endif
	return d.len;
}

/* ... and a call given it there too. */
unsigned int da_own_ifdef_parsed_call(void)
{
	struct da_desc d;	/* zt-da: unknown other-config d */

	d.len = 0;
#ifndef CONFIG_DA_TRACE
	da_stamp(&d);
#endif
	return d.len + d.flags;
}

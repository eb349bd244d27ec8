// SPDX-License-Identifier: GPL-2.0-only
/*
 * A callee defined in two translation units of the driver (Kbuild's
 * alternative objects: fill_full.c or fill_stub.c, by configuration): which
 * one is linked is not the analysis' to know, so neither body proves
 * anything. One definition, in one TU: its body is the callee's.
 */
#include "../common.h"

void da_fill_alt(struct da_desc *d);
void da_fill_once(struct da_desc *d);
void da_fill_cfg(struct da_desc *d);

unsigned int da_two_definitions(void)
{
	struct da_desc d;	/* zt-da: unknown two-definitions data @18 */

	da_fill_alt(&d);
	return d.len;
}

unsigned int da_one_definition(void)
{
	struct da_desc d;	/* zt-da: written-first */

	da_fill_once(&d);
	return d.len;
}

/*
 * fill_full.c, parsed for da_fill_once(), holds a body of da_fill_alt() too:
 * it is still one of two.
 */
unsigned int da_two_definitions_seen(void)
{
	struct da_desc a;
	struct da_desc d;	/* zt-da: unknown two-definitions data */

	da_fill_once(&a);
	da_fill_alt(&d);
	return a.len + d.len;
}

/* The body in another TU is this configuration's only: the other writes nothing. */
unsigned int da_other_config_elsewhere(void)
{
	struct da_desc d;	/* zt-da: unknown other-config data */

	da_fill_cfg(&d);
	return d.len;
}

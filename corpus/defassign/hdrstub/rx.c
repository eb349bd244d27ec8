// SPDX-License-Identifier: GPL-2.0-only
/*
 * A callee whose body is in another TU in this build, while the header
 * the call sees has the other configuration's empty stub in a skipped
 * block: the body found proves nothing of that build.
 *
 * zt-da-args: -DCONFIG_DA_HDR_FILL
 */
#include "fill.h"

unsigned int da_header_stub(void)
{
	struct da_desc d;	/* zt-da: unknown other-config data */

	da_hdr_fill(&d);
	return d.len;
}

/* A callee with one declaration and one body: its body is the callee's. */
unsigned int da_header_plain(void)
{
	struct da_desc d;	/* zt-da: written-first */

	da_hdr_plain(&d);
	return d.len;
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A facility's header as the kernel writes one: with the option, a
 * prototype (the body is fill.c's); without it, an empty static inline.
 */
#ifndef DA_HDRSTUB_FILL_H
#define DA_HDRSTUB_FILL_H

#include "../common.h"

#ifdef CONFIG_DA_HDR_FILL
void da_hdr_fill(struct da_desc *d);
#else
static inline void da_hdr_fill(struct da_desc *d)
{
	(void)d;
}
#endif

void da_hdr_plain(struct da_desc *d);

#endif

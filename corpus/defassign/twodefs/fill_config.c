// SPDX-License-Identifier: GPL-2.0-only
/*
 * da_fill_cfg() has two bodies in one file, one per configuration: the one
 * this build parses writes every field, the skipped one writes none (see
 * rx.c).
 */
#include "../common.h"

#ifdef CONFIG_DA_FILL_NOTHING
void da_fill_cfg(struct da_desc *d)
{
	(void)d;
}
#else
void da_fill_cfg(struct da_desc *d)
{
	d->data = NULL;
	d->len = 64;
	d->flags = 0;
	d->tag = 0;
}
#endif

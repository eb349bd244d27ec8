// SPDX-License-Identifier: GPL-2.0-only
/* The bodies rx.c's callees have in the configuration with the option. */
#include "fill.h"

void da_hdr_fill(struct da_desc *d)
{
	d->data = NULL;
	d->len = 64;
	d->flags = 0;
	d->tag = 0;
}

void da_hdr_plain(struct da_desc *d)
{
	d->len = 64;
}

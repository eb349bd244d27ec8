// SPDX-License-Identifier: GPL-2.0-only
/* One configuration's da_fill_alt(): writes every field (see rx.c). */
#include "../common.h"

void da_fill_alt(struct da_desc *d)
{
	d->data = NULL;
	d->len = 64;
	d->flags = 0;
	d->tag = 0;
}

void da_fill_once(struct da_desc *d)
{
	d->len = 1;
}

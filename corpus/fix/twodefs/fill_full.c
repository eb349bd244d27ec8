// SPDX-License-Identifier: GPL-2.0-only
/* t_fill() with the offload: every field. */
#include "h.h"

void t_fill(struct t_desc *d, unsigned long len)
{
	d->addr = 0x1000;
	d->len = len;
	d->csum = len ^ 0xff;
	d->vlan = 1;
}

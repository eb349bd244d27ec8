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

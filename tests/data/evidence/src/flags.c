// SPDX-License-Identifier: GPL-2.0-only
/* Compiles only with the build's -D and -I kept: the flag filter's test. */
#include "flags_inc.h"

#ifndef ZT_NEED
#error "the build's -DZT_NEED was dropped"
#endif

int flags_case(void)
{
	struct flags_big f;

	use(&f);
	return (int)(f.a[ZT_NEED] + flags_helper());
}

// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: suppression files (.zerotax-allow, --allow) and inline allow comments. */
#include "checks.h"
#include "fuzz_text.h"
#include "suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zt_allow allow = { 0 };
	char *text = fuzz_text(data, size), *reason = NULL;

	zt_allow_parse(text, "fuzz.allow", &allow);
	zt_allow_release(&allow);
	if (zt_inline_allow(text, zt_check_by_name("stack-autoinit"), &reason) == 1)
		free(reason);
	free(text);
	return 0;
}

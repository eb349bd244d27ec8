// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: hot-path rules files (rules/hotpaths/NAME.conf). */
#include "fuzz_text.h"
#include "hotrules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zt_hotrules r;
	char *text = fuzz_text(data, size);

	zt_hotrules_init(&r);
	zt_hotrules_parse(text, "fuzz.conf", &r);
	zt_hotrules_release(&r);
	free(text);
	return 0;
}

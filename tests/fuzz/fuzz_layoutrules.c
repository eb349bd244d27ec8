// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: layout hot-fields / rules files (layout --rules, --hot-fields). */
#include "fuzz_text.h"
#include "layout.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zt_layout_rules r = { 0 };
	char *text = fuzz_text(data, size);

	zt_layout_rules_parse(text, "fuzz.rules", &r);
	/* what the analysis asks of them */
	zt_layout_rules_freq(&r, "rq", "cqe");
	zt_layout_rules_is_pool(&r, "rq");
	zt_layout_rules_release(&r);
	free(text);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: gcc's -fdump-tree-optimized(-lineno) text. */
#include "evidence.h"
#include "fuzz_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zt_evidence ev = { 0 };
	char *text = fuzz_text(data, size);

	zt_gcc_dump_parse(text, &ev);
	zt_evidence_release(&ev);
	free(text);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/* libFuzzer target: clang's optimization records (YAML or bitstream), as the evidence compile reads them. */
#include "evidence.h"
#include "fuzz_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zt_evidence ev = { 0 };

	zt_remarks_parse((const char *)data, size, &ev);
	zt_evidence_release(&ev);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target: findings JSON (--baseline, diff, merge) and per-TU results
 * lines (--results, merge): both readers on the same bytes.
 */
#include <jansson.h>

#include "emit.h"
#include "facts_json.h"
#include "finding.h"
#include "fuzz_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *doc = json_loadb((const char *)data, size, 0, NULL), *list, *e;
	struct zt_findings fs = { 0 };
	struct zt_tu_result r;
	size_t i;

	if (!doc)
		return 0;
	list = json_is_object(doc) ? json_object_get(doc, "findings") : doc;
	json_array_foreach(list, i, e)
		zt_finding_from_json(e, &fs);
	zt_findings_release(&fs);
	memset(&r, 0, sizeof(r));
	if (!zt_tu_result_from_json(doc, &r))
		zt_tu_result_release(&r);
	json_decref(doc);
	return 0;
}

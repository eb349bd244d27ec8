// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for the pahole reader: any text either parses into a
 * model the layout analysis can digest, or is refused with a message. Built
 * with clang-19 -fsanitize=fuzzer,address,undefined by tests/cmake/layout.cmake.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "layout.h"
#include "pahole.h"
#include "zerotax.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct zt_layouts ls = { 0 };
	struct zt_layout_rules rules = { 0 };
	static const bool all[ZT_CHECK_COUNT] = { true, true, true, true, true, true };

	/* refusals are counted, not printed: error() keeps the reason */
	zt_quiet_errors(true);
	zt_clear_error();
	if (zt_pahole_parse((const char *)data, size, 64, &ls) < 0) {
		/* refused: with a reason, and nothing half-parsed left behind */
		if (!zt_last_error()[0])
			__builtin_trap();
		zt_layouts_release(&ls);
		/* tolerant: whatever it keeps must be digestible too */
		zt_pahole_parse_tolerant((const char *)data, size, 64, &ls);
		if (!ls.n_skipped)
			__builtin_trap();
	}
	/* every parsed struct goes through the analysis, with its first members hot */
	for (size_t i = 0; i < ls.n; i++)
		for (size_t j = 0; j < ls.v[i].n && j < 3; j++)
			if (ls.v[i].m[j].name[0])
				zt_layout_rules_add_hot(&rules, ls.v[i].name, ls.v[i].m[j].name,
							j ? ZT_FREQ_PER_POLL : ZT_FREQ_PER_PACKET);
	for (size_t i = 0; i < ls.n; i++) {
		struct zt_struct_report rep;
		struct zt_findings fs = { 0 };

		zt_struct_analyze(&ls.v[i], "fuzz.o", &ls, &rules, &rep);
		zt_layout_findings(&rep, all, &fs);
		zt_findings_release(&fs);
		zt_struct_report_release(&rep);
	}
	zt_layout_rules_release(&rules);
	zt_layouts_release(&ls);
	return 0;
}

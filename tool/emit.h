/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Emitters: render findings as text (GCC-style lines), JSON (jansson; the
 * input of `zerotax fix`, see docs/json-format.md) or SARIF 2.1.0.
 * pahole-style printers: x__fprintf(obj, conf, fp).
 */
#ifndef ZT_EMIT_H
#define ZT_EMIT_H

#include <stdio.h>

#include <jansson.h>

#include "finding.h"
#include "zerotax.h"

struct zt_emit_conf {
	const char *command;	/* "check", "layout" */
	const char *base_dir;	/* SARIF URIs are made relative to it (NULL: absolute) */
	bool show_suppressed;
	json_t *run_info;	/* extra top-level JSON: compilers, unparsed files, ... (borrowed) */
};

int findings__fprintf_text(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp);
int findings__fprintf_json(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp);
int findings__fprintf_sarif(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp);
/* By ctx->format. */
int findings__fprintf(const struct zt_findings *fs, const struct zt_emit_conf *conf,
		      enum zt_format format, FILE *fp);

/* The JSON model both ways: fix, diff and merge read what check wrote. */
json_t *zt_finding_to_json(const struct zt_finding *f);
int zt_finding_from_json(json_t *obj, struct zt_findings *fs);	/* appends one */
int zt_findings_load_json(const char *path, struct zt_findings *fs, json_t **document);

#endif /* ZT_EMIT_H */

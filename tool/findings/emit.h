/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Emitters: render findings as text (GCC-style lines with notes), gcc and
 * report lines, JSON (jansson; the input of `zerotax fix`, see
 * docs/json-format.md) or SARIF 2.1.0.
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
	const char *base_dir;	/* SARIF URIs and text paths are made relative to it (NULL: as is) */
	bool show_suppressed;
	json_t *run_info;	/* extra top-level JSON: compilers, unparsed files, ... (borrowed) */
};

/*
 * Text: "file:line:col: warning: MESSAGE [rule-id]", then "note:" lines at the
 * same location: first the hot chain (printed from f->chain, so checks do not
 * repeat it in f->notes), then f->notes in order.
 */
int findings__fprintf_text(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp);
int findings__fprintf_json(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp);
int findings__fprintf_sarif(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp);
/* One line a finding, no notes: GCC's warning line; coccicheck's --mode=report line. */
int findings__fprintf_gcc(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp);
int findings__fprintf_report(const struct zt_findings *fs, const struct zt_emit_conf *conf,
			     FILE *fp);
/* The one dispatcher: by @format (HTML, the layout page, has its own emitter: text here). */
int findings__fprintf(const struct zt_findings *fs, const struct zt_emit_conf *conf,
		      enum zt_format format, FILE *fp);

/* The JSON model both ways: fix, diff and merge read what check wrote. */
json_t *zt_finding_to_json(const struct zt_finding *f);
int zt_finding_from_json(json_t *obj, struct zt_findings *fs);	/* appends one */
int zt_findings_load_json(const char *path, struct zt_findings *fs, json_t **document);

/* @path relative to @base_dir when it lies below it (caller frees), else NULL. */
char *zt_emit_relative_path(const char *base_dir, const char *path);

#endif /* ZT_EMIT_H */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * GCC-style text, so editors and CI log parsers that understand compiler
 * diagnostics understand ours:
 *   rx.c:12:24: warning: MESSAGE [zerotax-stack-autoinit]
 *   rx.c:12:24: note: hot path: mlx5e_napi_poll -> ... -> rx (per-packet)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "zerotax.h"

char *zt_emit_relative_path(const char *base_dir, const char *path)
{
	const char *rel = path && path[0] == '/' ? zt_path_under(path, base_dir) : NULL;

	return rel ? xstrdup(rel) : NULL;
}

static void print_location(const struct zt_finding *f, const char *path, FILE *fp)
{
	if (!path) {
		fputs("zerotax: ", fp);
		return;
	}
	fputs(path, fp);
	if (f->line) {
		fprintf(fp, ":%u", f->line);
		if (f->column)
			fprintf(fp, ":%u", f->column);
	}
	fputs(": ", fp);
}

static void print_finding(const struct zt_finding *f, const struct zt_emit_conf *conf, FILE *fp)
{
	char *rel = zt_emit_relative_path(conf ? conf->base_dir : NULL, f->file);
	const char *path = rel ? rel : f->file;

	print_location(f, path, fp);
	fprintf(fp, "%s: %s [%s]", zt_level_name(f->check->level),
		f->message ? f->message : "(no message)", f->check->rule_id);
	if (f->suppressed)
		fprintf(fp, " (suppressed%s%s)", f->suppress_reason ? ": " : "",
			f->suppress_reason ? f->suppress_reason : "");
	fputc('\n', fp);

	if (f->n_chain) {
		print_location(f, path, fp);
		fputs("note: hot path: ", fp);
		for (size_t i = 0; i < f->n_chain; i++)
			fprintf(fp, "%s%s", i ? " -> " : "", f->chain[i]);
		if (f->freq != ZT_FREQ_UNKNOWN)
			fprintf(fp, " (%s)", zt_freq_name(f->freq));
		fputc('\n', fp);
	}
	for (size_t i = 0; i < f->n_notes; i++) {
		print_location(f, path, fp);
		fprintf(fp, "note: %s\n", f->notes[i]);
	}
	free(rel);
}

int findings__fprintf_text(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp)
{
	bool show_suppressed = conf && conf->show_suppressed;

	for (size_t i = 0; i < fs->n; i++) {
		if (fs->v[i].suppressed && !show_suppressed)
			continue;
		print_finding(&fs->v[i], conf, fp);
	}
	if (fflush(fp) || ferror(fp))
		return error("cannot write the text output: %s", strerror(errno));
	return 0;
}

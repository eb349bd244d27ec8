// SPDX-License-Identifier: GPL-2.0-only
/*
 * GCC-style text, so editors and CI log parsers that understand compiler
 * diagnostics understand ours:
 *   rx.c:12:24: warning: MESSAGE [zerotax-stack-autoinit]
 *   rx.c:12:24: note: hot path: mlx5e_napi_poll -> ... -> rx (per-packet)
 * and the one-line formats of the CI commands: gcc (no notes) and report
 * (coccicheck --mode=report).
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

int findings__fprintf_text(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *out)
{
	bool show_suppressed = conf && conf->show_suppressed;
	char *buf = NULL;
	size_t len = 0;
	/* written to memory first, then to @out with control characters escaped */
	FILE *fp = open_memstream(&buf, &len);

	if (!fp)
		return error("cannot write the text output: %s", strerror(errno));
	for (size_t i = 0; i < fs->n; i++) {
		if (fs->v[i].suppressed && !show_suppressed)
			continue;
		print_finding(&fs->v[i], conf, fp);
	}
	fclose(fp);
	zt_fput_escaped(buf, len, true, out);
	free(buf);
	fp = out;
	if (fflush(fp) || ferror(fp))
		return error("cannot write the text output: %s", strerror(errno));
	return 0;
}

/*
 * One line a finding: gcc, "file:line:col: warning: msg [rule-id]"; report
 * (coccicheck --mode=report), "file:line:col-colend: WARNING: msg [name]" with
 * 0-based columns.
 */
static int fprintf_lines_raw(const struct zt_findings *fs, const struct zt_emit_conf *conf,
			     bool report, FILE *fp)
{
	bool show_suppressed = conf && conf->show_suppressed;

	for (size_t i = 0; i < fs->n; i++) {
		const struct zt_finding *f = &fs->v[i];
		const char *file = f->file ? f->file : "?";
		char *tmp = conf && conf->base_dir ? zt_emit_relative_path(conf->base_dir, file) :
			    NULL;
		const char *path = tmp ? tmp : file;

		if (f->suppressed && !show_suppressed) {
			free(tmp);
			continue;
		}
		if (report) {
			unsigned int col = f->column ? f->column - 1 : 0;
			size_t len = f->symbol ? strlen(f->symbol) : 0;

			fprintf(fp, "%s:%u:%u-%zu: WARNING: %s [%s]%s%s%s\n", path, f->line, col,
				col + len, f->message, f->check->name,
				f->suppressed ? " (suppressed: " : "",
				f->suppressed ? (f->suppress_reason ? f->suppress_reason : "") : "",
				f->suppressed ? ")" : "");
		} else {
			fprintf(fp, "%s:%u:%u: warning: %s [%s]%s%s%s\n", path, f->line, f->column,
				f->message, f->check->rule_id,
				f->suppressed ? " (suppressed: " : "",
				f->suppressed ? (f->suppress_reason ? f->suppress_reason : "") : "",
				f->suppressed ? ")" : "");
		}
		free(tmp);
	}
	return ferror(fp) ? -1 : 0;
}

/* The lines through memory, then to @out with control characters escaped. */
static int fprintf_lines(const struct zt_findings *fs, const struct zt_emit_conf *conf,
			 bool report, FILE *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	int ret;

	if (!fp)
		return error("cannot write the output: %s", strerror(errno));
	ret = fprintf_lines_raw(fs, conf, report, fp);
	fclose(fp);
	zt_fput_escaped(buf, len, true, out);
	free(buf);
	if (fflush(out) || ferror(out))
		return error("cannot write the output: %s", strerror(errno));
	return ret;
}

int findings__fprintf_gcc(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp)
{
	return fprintf_lines(fs, conf, false, fp);
}

int findings__fprintf_report(const struct zt_findings *fs, const struct zt_emit_conf *conf,
			     FILE *fp)
{
	return fprintf_lines(fs, conf, true, fp);
}

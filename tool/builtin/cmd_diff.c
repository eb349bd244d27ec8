// SPDX-License-Identifier: GPL-2.0-only
/* zerotax diff OLD.json NEW.json: what a patch introduced, fixed or changed. */
#include <string.h>

#include "baseline.h"
#include "commands.h"
#include "emit.h"
#include "parse-options.h"

static const struct zt_usage diff_usage = {
	.usage = "zerotax diff [--format=text|json] [--root DIR] OLD.json NEW.json",
	.about =
	"Compare two results of 'zerotax check' or 'zerotax layout' (--format=json) by\n"
	"fingerprint (rule, file, function, symbol and a hash of the source line, so\n"
	"findings that only moved are unchanged). Prints new, fixed and changed findings\n"
	"(a struct that grew or shrank) and a summary line.\n",
	.tail =
	"Exit status: 1 when there are new findings or a struct grew by a cache line,\n"
	"0 otherwise, 3 when an input cannot be read.\n",
	.examples =
	"$ zerotax diff base.json head.json\n"
	"  new, fixed and unchanged findings between two runs\n",
};

static long long cachelines(const struct zt_finding *f)
{
	json_t *v = f->details ? json_object_get(f->details, "cachelines") : NULL;

	return json_is_integer(v) ? json_integer_value(v) : -1;
}

static bool grew_a_line(const struct zt_diff_entry *e)
{
	long long before = cachelines(e->old), after = cachelines(e->new);

	return before >= 0 && after > before;
}

static void print_location(FILE *fp, const char *what, const struct zt_finding *f)
{
	fprintf(fp, "%s: %s:%u:%u: %s [%s]\n", what, f->file ? f->file : "?", f->line, f->column,
		f->message ? f->message : "", f->check->rule_id);
}

static int diff__fprintf_text(const struct zt_diff *d, FILE *fp)
{
	for (size_t i = 0; i < d->n; i++) {
		const struct zt_diff_entry *e = &d->v[i];

		switch (e->kind) {
		case ZT_DIFF_NEW:
			print_location(fp, "new", e->new);
			break;
		case ZT_DIFF_FIXED:
			print_location(fp, "fixed", e->old);
			break;
		case ZT_DIFF_CHANGED:
			if (cachelines(e->old) >= 0 && cachelines(e->new) >= 0)
				fprintf(fp, "changed: %s:%u: %s %s from %lld to %lld bytes, "
					    "%lld to %lld cache lines [%s]\n",
					e->new->file, e->new->line, e->new->type ? e->new->type : "",
					e->new->symbol, e->old->size, e->new->size, cachelines(e->old),
					cachelines(e->new), e->new->check->rule_id);
			else
				fprintf(fp, "changed: %s:%u: '%s' from %lld to %lld bytes [%s]\n",
					e->new->file, e->new->line, e->new->symbol, e->old->size,
					e->new->size, e->new->check->rule_id);
			break;
		case ZT_DIFF_UNCHANGED:
			break;
		}
	}
	fprintf(fp, "%zu new, %zu fixed, %zu changed, %zu unchanged\n", d->counts[ZT_DIFF_NEW],
		d->counts[ZT_DIFF_FIXED], d->counts[ZT_DIFF_CHANGED], d->counts[ZT_DIFF_UNCHANGED]);
	return 0;
}

static int diff__fprintf_json(const struct zt_diff *d, FILE *fp)
{
	static const char *const kinds[] = { "new", "fixed", "unchanged", "changed" };
	json_t *doc = json_object(), *lists[4];
	int ret;

	for (int k = 0; k < 4; k++) {
		lists[k] = json_array();
		json_object_set_new(doc, kinds[k], lists[k]);
	}
	for (size_t i = 0; i < d->n; i++) {
		const struct zt_diff_entry *e = &d->v[i];
		json_t *item = zt_finding_to_json(e->new ? e->new : e->old);

		if (e->kind == ZT_DIFF_CHANGED)
			json_object_set_new(item, "old_size", json_integer(e->old->size));
		json_array_append_new(lists[e->kind], item);
	}
	ret = json_dumpf(doc, fp, JSON_INDENT(2));
	fputc('\n', fp);
	json_decref(doc);
	return ret;
}

static int load(const char *path, const char *root, struct zt_findings *fs)
{
	json_t *doc = NULL;

	if (zt_findings_load_json(path, fs, &doc))
		return -1;
	json_decref(doc);
	for (size_t i = 0; i < fs->n; i++) {
		if (!fs->v[i].fingerprint) {
			/* Results from before fingerprints: compute them from the sources. */
			zt_findings_fingerprint(fs, root);
			break;
		}
	}
	return 0;
}

int do_diff(struct zt_ctx *ctx, int argc, char **argv)
{
	struct zt_findings old = { 0 }, new = { 0 };
	const char *root = NULL;
	enum zt_format format = ZT_FORMAT_TEXT;
	const struct zt_option opts[] = {
		ZT_OPT_FORMAT(&format, ZT_FORMATS(ZT_FORMAT_TEXT, ZT_FORMAT_JSON), NULL),
		ZT_OPT_STRING(0, "root", &root, "DIR",
			      "make paths relative to DIR when fingerprints must be computed"),
		ZT_OPT_END(),
	};
	struct zt_diff d = { 0 };
	int first, ret = ZT_EXIT_INPUT;
	bool regressed = false;

	first = zt_parse_options(ctx, "diff", argc, argv, opts, &diff_usage, 0);
	if (first <= 0)
		return first ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
	if (argc - first != 2) {
		error("diff: expected OLD.json NEW.json");
		return ZT_EXIT_USAGE;
	}
	if (load(argv[first], root, &old) || load(argv[first + 1], root, &new))
		goto out;

	zt_diff_findings(&old, &new, &d);
	if (ctx->format == ZT_FORMAT_JSON)
		diff__fprintf_json(&d, ctx->out);
	else
		diff__fprintf_text(&d, ctx->out);
	for (size_t i = 0; i < d.n; i++)
		regressed |= d.v[i].kind == ZT_DIFF_CHANGED && grew_a_line(&d.v[i]);
	ret = d.counts[ZT_DIFF_NEW] || regressed ? ZT_EXIT_FINDINGS : ZT_EXIT_CLEAN;
	zt_diff_release(&d);
out:
	zt_findings_release(&old);
	zt_findings_release(&new);
	return ret;
}

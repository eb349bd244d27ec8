// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON model of findings (docs/json-format.md): what `check` and `layout`
 * print with --format=json and what `fix`, `diff` and `merge` read back. Keys
 * are emitted in a fixed order and every key is always present, so the output
 * is stable and diffable; reading it back loses nothing.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "json_file.h"
#include "zerotax.h"

#define ZT_JSON_SCHEMA 1

static json_t *str_array(char *const *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i] ? v[i] : ""));
	return a;
}

json_t *zt_finding_to_json(const struct zt_finding *f)
{
	json_t *o = json_object();

	json_object_set_new(o, "rule", json_string(f->check->rule_id));
	json_object_set_new(o, "check", json_string(f->check->name));
	json_object_set_new(o, "level", json_string(zt_level_name(f->check->level)));
	json_object_set_new(o, "file", zt_json_str_or_null(f->file));
	json_object_set_new(o, "line", json_integer(f->line));
	json_object_set_new(o, "column", json_integer(f->column));
	json_object_set_new(o, "function", zt_json_str_or_null(f->function));
	json_object_set_new(o, "symbol", zt_json_str_or_null(f->symbol));
	json_object_set_new(o, "type", zt_json_str_or_null(f->type));
	json_object_set_new(o, "size", json_integer(f->size));
	json_object_set_new(o, "message", zt_json_str_or_null(f->message));
	json_object_set_new(o, "notes", str_array(f->notes, f->n_notes));
	json_object_set_new(o, "chain", str_array(f->chain, f->n_chain));
	json_object_set_new(o, "frequency", json_string(zt_freq_name(f->freq)));
	/* JSON has no NaN or infinity; a rank is always finite when a check sets it */
	json_object_set_new(o, "rank", isfinite(f->rank) ? json_real(f->rank) : json_null());
	json_object_set_new(o, "fingerprint", zt_json_str_or_null(f->fingerprint));
	json_object_set_new(o, "suppressed", json_boolean(f->suppressed));
	json_object_set_new(o, "suppress_reason", zt_json_str_or_null(f->suppress_reason));
	json_object_set_new(o, "details", f->details ? json_deep_copy(f->details) : json_null());
	return o;
}

/* ---- reading ---- */

static int get_string(json_t *o, const char *key, bool required, char **out, size_t idx)
{
	json_t *v = json_object_get(o, key);

	*out = NULL;
	if (!v || json_is_null(v)) {
		if (required)
			return error("finding %zu: missing \"%s\"", idx, key);
		return 0;
	}
	if (!json_is_string(v))
		return error("finding %zu: \"%s\" is not a string", idx, key);
	*out = xstrdup(json_string_value(v));
	return 0;
}

static int get_uint(json_t *o, const char *key, unsigned int *out, size_t idx)
{
	json_t *v = json_object_get(o, key);

	*out = 0;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 0x7fffffff)
		return error("finding %zu: \"%s\" is not a line or column number", idx, key);
	*out = (unsigned int)json_integer_value(v);
	return 0;
}

static int get_strings(json_t *o, const char *key, char ***out, size_t *n, size_t idx)
{
	json_t *v = json_object_get(o, key), *e;
	size_t i;

	*out = NULL;
	*n = 0;
	if (!v || json_is_null(v))
		return 0;
	if (!json_is_array(v))
		return error("finding %zu: \"%s\" is not an array", idx, key);
	json_array_foreach(v, i, e)
		if (!json_is_string(e))
			return error("finding %zu: \"%s\"[%zu] is not a string", idx, key, i);
	if (!json_array_size(v))
		return 0;
	*out = xcalloc(json_array_size(v), sizeof(**out));
	json_array_foreach(v, i, e)
		(*out)[i] = xstrdup(json_string_value(e));
	*n = json_array_size(v);
	return 0;
}

static int parse_freq(const char *s, enum zt_freq *out)
{
	static const enum zt_freq all[] = { ZT_FREQ_UNKNOWN, ZT_FREQ_COLD, ZT_FREQ_PER_POLL,
					    ZT_FREQ_PER_BATCH, ZT_FREQ_PER_PACKET };

	for (size_t i = 0; i < ARRAY_SIZE(all); i++)
		if (!strcmp(s, zt_freq_name(all[i]))) {
			*out = all[i];
			return 0;
		}
	return -1;
}

/* Parse into a temporary so that a bad finding appends nothing. */
static int finding_from_json(json_t *o, struct zt_finding *f, size_t idx)
{
	json_t *v;
	char *rule = NULL, *freq = NULL;
	int ret = -1;

	if (!json_is_object(o))
		return error("finding %zu: not an object", idx);
	if (get_string(o, "rule", true, &rule, idx))
		return -1;
	f->check = zt_check_by_name(rule);
	if (!f->check) {
		error("finding %zu: unknown rule \"%s\"", idx, rule);
		goto out;
	}
	if (get_string(o, "file", true, &f->file, idx) ||
	    get_uint(o, "line", &f->line, idx) || get_uint(o, "column", &f->column, idx) ||
	    get_string(o, "function", false, &f->function, idx) ||
	    get_string(o, "symbol", false, &f->symbol, idx) ||
	    get_string(o, "type", false, &f->type, idx) ||
	    get_string(o, "message", true, &f->message, idx) ||
	    get_strings(o, "notes", &f->notes, &f->n_notes, idx) ||
	    get_strings(o, "chain", &f->chain, &f->n_chain, idx) ||
	    get_string(o, "fingerprint", false, &f->fingerprint, idx) ||
	    get_string(o, "suppress_reason", false, &f->suppress_reason, idx) ||
	    get_string(o, "frequency", false, &freq, idx))
		goto out;

	v = json_object_get(o, "size");
	if (v && !json_is_null(v)) {
		if (!json_is_integer(v)) {
			error("finding %zu: \"size\" is not an integer", idx);
			goto out;
		}
		/* bytes of one object: never negative, and no stack or struct reaches 1 GiB */
		if (json_integer_value(v) < 0 || json_integer_value(v) > ZT_MAX_OBJECT_SIZE) {
			error("finding %zu: \"size\" %lld is out of range (0 to %lld bytes)", idx,
			      (long long)json_integer_value(v), (long long)ZT_MAX_OBJECT_SIZE);
			goto out;
		}
		f->size = json_integer_value(v);
	}
	v = json_object_get(o, "rank");
	if (v && !json_is_null(v)) {
		if (!json_is_number(v)) {
			error("finding %zu: \"rank\" is not a number", idx);
			goto out;
		}
		f->rank = json_number_value(v);
	}
	if (freq && parse_freq(freq, &f->freq)) {
		error("finding %zu: unknown frequency \"%s\"", idx, freq);
		goto out;
	}
	v = json_object_get(o, "suppressed");
	if (v && !json_is_null(v)) {
		if (!json_is_boolean(v)) {
			error("finding %zu: \"suppressed\" is not a boolean", idx);
			goto out;
		}
		f->suppressed = json_is_true(v);
	}
	v = json_object_get(o, "details");
	if (v && !json_is_null(v)) {
		if (!json_is_object(v)) {
			error("finding %zu: \"details\" is not an object", idx);
			goto out;
		}
		f->details = json_deep_copy(v);
	}
	ret = 0;
out:
	free(rule);
	free(freq);
	return ret;
}

int zt_finding_from_json(json_t *obj, struct zt_findings *fs)
{
	struct zt_findings tmp = { 0 };
	struct zt_finding *f, *dst;

	f = zt_findings_add(&tmp, NULL);
	if (finding_from_json(obj, f, fs->n)) {
		zt_findings_release(&tmp);
		return -1;
	}
	dst = zt_findings_add(fs, f->check);
	*dst = *f;
	/* ownership moved to @fs */
	free(tmp.v);
	return 0;
}

int zt_findings_load_json(const char *path, struct zt_findings *fs, json_t **document)
{
	json_t *doc, *v, *list, *e;
	size_t first = fs->n, i;

	if (document)
		*document = NULL;
	doc = zt_json_load_file(path, "findings file");
	if (!doc)
		return -1;
	if (!json_is_object(doc)) {
		error("%s: not a zerotax findings document (no top-level object)", path);
		goto fail;
	}
	v = json_object_get(doc, "tool");
	if (!json_is_string(v) || strcmp(json_string_value(v), "zerotax")) {
		error("%s: not a zerotax findings document (\"tool\" is not \"zerotax\")", path);
		goto fail;
	}
	v = json_object_get(doc, "schema");
	if (!json_is_integer(v) || json_integer_value(v) < 1 ||
	    json_integer_value(v) > ZT_JSON_SCHEMA) {
		error("%s: unsupported schema (this zerotax reads schema %d)", path, ZT_JSON_SCHEMA);
		goto fail;
	}
	list = json_object_get(doc, "findings");
	if (!json_is_array(list)) {
		error("%s: \"findings\" is not an array", path);
		goto fail;
	}
	json_array_foreach(list, i, e) {
		/* one line for one bad entry: the reader's reason, with the file's name */
		bool quiet = zt_quiet_errors(true);
		int bad = zt_finding_from_json(e, fs);
		char *why;

		zt_quiet_errors(quiet);
		if (bad) {
			why = xstrdup(zt_last_error());
			error("%s: %s", path, why[0] ? why : "cannot read a finding");
			free(why);
			goto fail;
		}
	}
	if (document)
		*document = doc;
	else
		json_decref(doc);
	return 0;

fail:
	/* lose nothing: drop what this load appended, leave the earlier ones */
	if (fs->n > first) {
		struct zt_findings tail = { .n = fs->n - first, .cap = fs->n - first };

		tail.v = xmalloc(tail.n * sizeof(*tail.v));
		memcpy(tail.v, fs->v + first, tail.n * sizeof(*tail.v));
		zt_findings_release(&tail);
		fs->n = first;
	}
	json_decref(doc);
	return -1;
}

/* ---- the document ---- */

static json_t *findings_document(const struct zt_findings *fs, const struct zt_emit_conf *conf)
{
	json_t *doc = json_object(), *list = json_array(), *summary = json_object();
	size_t suppressed = 0;

	json_object_set_new(doc, "tool", json_string("zerotax"));
	json_object_set_new(doc, "version", json_string(ZT_VERSION));
	json_object_set_new(doc, "schema", json_integer(ZT_JSON_SCHEMA));
	json_object_set_new(doc, "command", zt_json_str_or_null(conf ? conf->command : NULL));
	json_object_set_new(doc, "run", conf && conf->run_info ? json_deep_copy(conf->run_info) :
				       json_object());
	for (size_t i = 0; i < fs->n; i++) {
		if (fs->v[i].suppressed)
			suppressed++;
		/* suppressed findings stay in the document (marked): fix and diff need them */
		json_array_append_new(list, zt_finding_to_json(&fs->v[i]));
	}
	json_object_set_new(doc, "findings", list);
	json_object_set_new(summary, "findings", json_integer((json_int_t)(fs->n - suppressed)));
	json_object_set_new(summary, "suppressed", json_integer((json_int_t)suppressed));
	json_object_set_new(doc, "summary", summary);
	return doc;
}

int findings__fprintf_json(const struct zt_findings *fs, const struct zt_emit_conf *conf, FILE *fp)
{
	json_t *doc = findings_document(fs, conf);
	int ret;

	ret = json_dumpf(doc, fp, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
	json_decref(doc);
	if (ret || fputc('\n', fp) == EOF)
		return error("cannot write the JSON output: %s", strerror(errno));
	return 0;
}

int findings__fprintf(const struct zt_findings *fs, const struct zt_emit_conf *conf,
		      enum zt_format format, FILE *fp)
{
	switch (format) {
	case ZT_FORMAT_JSON:
		return findings__fprintf_json(fs, conf, fp);
	case ZT_FORMAT_SARIF:
		return findings__fprintf_sarif(fs, conf, fp);
	case ZT_FORMAT_GCC:
		return findings__fprintf_gcc(fs, conf, fp);
	case ZT_FORMAT_REPORT:
		return findings__fprintf_report(fs, conf, fp);
	case ZT_FORMAT_TEXT:
	case ZT_FORMAT_HTML:	/* the layout page has its own emitter */
		break;
	}
	return findings__fprintf_text(fs, conf, fp);
}

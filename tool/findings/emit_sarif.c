// SPDX-License-Identifier: GPL-2.0-only
/*
 * SARIF 2.1.0 for code-scanning services: one run, the checks table as
 * tool.driver.rules[] (ruleIndex is the check's id, so it is stable), one
 * result per finding with a physical location relative to %SRCROOT% when a
 * base directory is given, a partial fingerprint that survives line shifts,
 * and the hot chain, notes and rule details as result properties.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "datadir.h"
#include "json_file.h"
#include "zerotax.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

/* RFC 3986: keep unreserved characters and '/', percent-encode the rest. */
static char *uri_encode(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	char *out = xmalloc(strlen(path) * 3 + 1), *o = out;

	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p)) {
			*o++ = (char)*p;
		} else {
			*o++ = '%';
			*o++ = hex[*p >> 4];
			*o++ = hex[*p & 15];
		}
	}
	*o = '\0';
	return out;
}

/*
 * Where the checks are explained (docs/checks.md): the project's home page when
 * the build names one (-DZT_HOMEPAGE=URL), else the copy in the data directory
 * this binary reads (PREFIX/share/zerotax/docs when installed; datadir.h), so a
 * link never points into the tree a package was built in. NULL: no copy found.
 */
static char *checks_uri(void)
{
#ifdef ZT_HOMEPAGE
	return xstrdup(ZT_HOMEPAGE "/docs/checks.md");
#else
	struct zt_data_dir d;
	char *uri = NULL, *path, *enc;

	if (!zt_data_dir(&d)) {
		path = xasprintf("%s/docs/checks.md", d.dir);
		enc = uri_encode(path);
		uri = xasprintf("file://%s", enc);
		free(enc);
		free(path);
	}
	zt_data_dir_release(&d);
	return uri;
#endif
}

static json_t *text_object(const char *text)
{
	json_t *o = json_object();

	json_object_set_new(o, "text", json_string(text ? text : ""));
	return o;
}

static json_t *rule_object(const struct zt_check *c, const char *docs)
{
	json_t *r = json_object(), *conf = json_object(), *props = json_object();
	json_t *tags = json_array();

	json_object_set_new(r, "id", json_string(c->rule_id));
	json_object_set_new(r, "name", json_string(c->name));
	json_object_set_new(r, "shortDescription", text_object(c->summary));
	json_object_set_new(r, "fullDescription", text_object(c->help));
	json_object_set_new(r, "help", text_object(c->help));
	/* each check has its own section, headed by its rule id */
	if (docs)
		json_object_set_new(r, "helpUri", json_sprintf("%s#%s", docs, c->rule_id));
	json_object_set_new(conf, "enabled", json_boolean(c->default_on));
	json_object_set_new(conf, "level", json_string(zt_level_name(c->level)));
	json_object_set_new(r, "defaultConfiguration", conf);
	json_array_append_new(tags, json_string("performance"));
	json_array_append_new(tags, json_string(c->command));
	json_object_set_new(props, "tags", tags);
	json_object_set_new(r, "properties", props);
	return r;
}

static json_t *driver_object(void)
{
	json_t *d = json_object(), *rules = json_array();
	char *docs = checks_uri();

	json_object_set_new(d, "name", json_string("zerotax"));
	json_object_set_new(d, "version", json_string(ZT_VERSION));
	json_object_set_new(d, "semanticVersion", json_string(ZT_VERSION));
	if (docs)
		json_object_set_new(d, "informationUri", json_string(docs));
	/* every check, in table order: ruleIndex == check id */
	for (int i = 0; i < ZT_CHECK_COUNT; i++)
		json_array_append_new(rules, rule_object(&zt_checks[i], docs));
	json_object_set_new(d, "rules", rules);
	free(docs);
	return d;
}

static json_t *artifact_location(const char *file, const char *base_dir)
{
	json_t *a = json_object();
	char *rel = zt_emit_relative_path(base_dir, file), *enc;

	if (rel) {
		enc = uri_encode(rel);
		json_object_set_new(a, "uri", json_string(enc));
		json_object_set_new(a, "uriBaseId", json_string("%SRCROOT%"));
	} else if (file[0] == '/') {
		char *e = uri_encode(file);

		enc = xasprintf("file://%s", e);
		free(e);
		json_object_set_new(a, "uri", json_string(enc));
	} else {
		enc = uri_encode(file);
		json_object_set_new(a, "uri", json_string(enc));
	}
	free(enc);
	free(rel);
	return a;
}

static json_t *location_object(const struct zt_finding *f, const char *base_dir)
{
	json_t *loc = json_object(), *phys = json_object();

	json_object_set_new(phys, "artifactLocation", artifact_location(f->file, base_dir));
	if (f->line) {
		json_t *region = json_object();

		json_object_set_new(region, "startLine", json_integer(f->line));
		if (f->column)
			json_object_set_new(region, "startColumn", json_integer(f->column));
		json_object_set_new(phys, "region", region);
	}
	json_object_set_new(loc, "physicalLocation", phys);
	if (f->function) {
		json_t *logical = json_array(), *fn = json_object();

		json_object_set_new(fn, "name", json_string(f->function));
		json_object_set_new(fn, "kind", json_string("function"));
		json_array_append_new(logical, fn);
		json_object_set_new(loc, "logicalLocations", logical);
	}
	return loc;
}

/* The message a reviewer reads: the finding, the hot chain, the notes. */
static char *message_text(const struct zt_finding *f)
{
	char *s = xstrdup(f->message ? f->message : ""), *t;

	if (f->n_chain) {
		t = xasprintf("%s\nhot path: ", s);
		free(s);
		s = t;
		for (size_t i = 0; i < f->n_chain; i++) {
			t = xasprintf("%s%s%s", s, i ? " -> " : "", f->chain[i]);
			free(s);
			s = t;
		}
		if (f->freq != ZT_FREQ_UNKNOWN) {
			t = xasprintf("%s (%s)", s, zt_freq_name(f->freq));
			free(s);
			s = t;
		}
	}
	for (size_t i = 0; i < f->n_notes; i++) {
		t = xasprintf("%s\n%s", s, f->notes[i]);
		free(s);
		s = t;
	}
	return s;
}

static json_t *string_list(char *const *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i] ? v[i] : ""));
	return a;
}

static json_t *result_object(const struct zt_finding *f, const char *base_dir)
{
	json_t *r = json_object(), *locs = json_array(), *props = json_object();
	char *msg = message_text(f);

	json_object_set_new(r, "ruleId", json_string(f->check->rule_id));
	json_object_set_new(r, "ruleIndex", json_integer(f->check->id));
	json_object_set_new(r, "level", json_string(zt_level_name(f->check->level)));
	json_object_set_new(r, "message", text_object(msg));
	free(msg);
	if (f->file)
		json_array_append_new(locs, location_object(f, base_dir));
	json_object_set_new(r, "locations", locs);
	if (f->fingerprint) {
		json_t *fp = json_object();

		json_object_set_new(fp, "zerotaxFingerprint/v1", json_string(f->fingerprint));
		json_object_set_new(r, "partialFingerprints", fp);
	}
	if (f->suppressed) {
		json_t *sups = json_array(), *s = json_object();

		/* SARIF: "inSource" is a comment in the code, "external" a suppressions file */
		json_object_set_new(s, "kind",
				    json_string(f->suppress_external ? "external" : "inSource"));
		if (f->suppress_reason)
			json_object_set_new(s, "justification", json_string(f->suppress_reason));
		json_array_append_new(sups, s);
		json_object_set_new(r, "suppressions", sups);
	}
	json_object_set_new(props, "symbol", zt_json_str_or_null(f->symbol));
	json_object_set_new(props, "type", zt_json_str_or_null(f->type));
	json_object_set_new(props, "size", json_integer(f->size));
	json_object_set_new(props, "frequency", json_string(zt_freq_name(f->freq)));
	json_object_set_new(props, "rank", isfinite(f->rank) ? json_real(f->rank) : json_null());
	json_object_set_new(props, "chain", string_list(f->chain, f->n_chain));
	json_object_set_new(props, "notes", string_list(f->notes, f->n_notes));
	json_object_set_new(props, "details", f->details ? json_deep_copy(f->details) :
					      json_object());
	json_object_set_new(r, "properties", props);
	return r;
}

int findings__fprintf_sarif(const struct zt_findings *fs, const struct zt_emit_conf *conf,
			    FILE *fp)
{
	json_t *doc = json_object(), *runs = json_array(), *run = json_object();
	json_t *tool = json_object(), *results = json_array();
	const char *base = conf ? conf->base_dir : NULL;
	int ret;

	json_object_set_new(doc, "$schema", json_string(SARIF_SCHEMA));
	json_object_set_new(doc, "version", json_string("2.1.0"));
	json_object_set_new(tool, "driver", driver_object());
	json_object_set_new(run, "tool", tool);
	if (base && base[0] == '/') {
		json_t *ids = json_object(), *root = json_object();
		size_t n = strlen(base);
		char *enc = uri_encode(base);
		char *uri = xasprintf("file://%s%s", enc, n && base[n - 1] == '/' ? "" : "/");

		json_object_set_new(root, "uri", json_string(uri));
		json_object_set_new(ids, "%SRCROOT%", root);
		json_object_set_new(run, "originalUriBaseIds", ids);
		free(uri);
		free(enc);
	}
	for (size_t i = 0; i < fs->n; i++) {
		/* suppressed results stay, marked with suppressions[], when asked for */
		if (fs->v[i].suppressed && !(conf && conf->show_suppressed))
			continue;
		json_array_append_new(results, result_object(&fs->v[i], base));
	}
	json_object_set_new(run, "results", results);
	if (conf && conf->run_info) {
		json_t *props = json_object();

		json_object_set_new(props, "zerotax", json_deep_copy(conf->run_info));
		json_object_set_new(run, "properties", props);
	}
	json_array_append_new(runs, run);
	json_object_set_new(doc, "runs", runs);

	ret = json_dumpf(doc, fp, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
	json_decref(doc);
	if (ret || fputc('\n', fp) == EOF || fflush(fp))
		return error("cannot write the SARIF output: %s", strerror(errno));
	return 0;
}

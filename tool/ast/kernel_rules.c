// SPDX-License-Identifier: GPL-2.0-only
/* Parser of rules/kernel.conf and its lookups (see kernel_rules.h). */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "datadir.h"
#include "kernel_rules.h"
#include "zerotax.h"

/* "sk_buff" -> "struct sk_buff", as libclang spells the type. */
static void push_record(struct zt_strvec *v, const char *tag)
{
	char *s = xasprintf("struct %s", tag);

	zt_strvec_push(v, s);
	free(s);
}

static int parse_ops_root(char *p, const char *path, unsigned int lineno,
			  struct zt_kernel_rules *r)
{
	char *record = zt_next_word(&p), *field = record ? zt_next_word(&p) : NULL;
	char *freq = field ? zt_next_word(&p) : NULL, *dir = freq ? zt_next_word(&p) : NULL;
	struct zt_ops_root *op;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!dir || !*p)
		return error("%s:%u: expected 'ops-root RECORD FIELD FREQ PATH WHY...'", path,
			     lineno);
	if (strcmp(freq, "per-packet") && strcmp(freq, "per-call"))
		return error("%s:%u: unknown frequency '%s' (per-packet, per-call)", path, lineno,
			     freq);
	if (strcmp(dir, "rx") && strcmp(dir, "tx"))
		return error("%s:%u: unknown path '%s' (rx, tx)", path, lineno, dir);
	ZT_ALLOC_GROW(r->ops, r->n_ops + 1, r->alloc_ops);
	op = &r->ops[r->n_ops++];
	op->record = strcmp(record, "*") ? xasprintf("struct %s", record) : NULL;
	op->field = xstrdup(field);
	op->freq = freq[4] == 'p' ? ZT_OPS_PER_PACKET : ZT_OPS_PER_CALL;
	op->tx = dir[0] == 't';
	op->why = xstrdup(p);
	return 0;
}

static int parse_line(char *line, const char *path, unsigned int lineno, void *rules)
{
	/* the first N_NAMES take a name or glob, the others a struct's tag */
	static const char *const one_word[] = { "napi-registrar", "bulk-call", "error-report",
						"error-log", "error-level", "device-private",
						"napi-release", "packet-record", "never-owner",
						"marked-packet" };
	enum { N_NAMES = 7 };
	struct zt_kernel_rules *r = rules;
	struct zt_strvec *lists[] = { &r->napi_registrars, &r->bulk_calls, &r->error_reports,
				      &r->error_logs, &r->error_levels, &r->device_privates,
				      &r->napi_releases, &r->packet_records, &r->never_owners, &r->marked_packets };
	char *p = line, *kw = zt_next_word(&p), *arg;

	if (!kw)
		return 0;
	if (!strcmp(kw, "ops-root"))
		return parse_ops_root(p, path, lineno, r);
	for (size_t i = 0; i < ARRAY_SIZE(one_word); i++) {
		if (strcmp(kw, one_word[i]))
			continue;
		arg = zt_next_word(&p);
		if (!arg || zt_next_word(&p))
			return error("%s:%u: '%s' takes one word", path, lineno, kw);
		if (i < N_NAMES)
			zt_strvec_push(lists[i], arg);
		else
			push_record(lists[i], arg);
		return 0;
	}
	return error("%s:%u: unknown directive '%s' (napi-registrar, ops-root, bulk-call, "
		     "error-report, error-log, error-level, device-private, napi-release, "
		     "packet-record, never-owner, marked-packet)",
		     path, lineno, kw);
}

int zt_kernel_rules_parse(const char *text, const char *path, struct zt_kernel_rules *r)
{
	free(r->hash);
	r->hash = zt_hash_hex(text, strlen(text));
	return zt_rules_each_line(text, path, parse_line, r);
}

int zt_kernel_rules_load(const char *path, struct zt_kernel_rules *r)
{
	char *own = path ? NULL : zt_data_path("rules/kernel.conf"), *text = NULL;
	int ret = -1;

	if (!path)
		path = own;
	if (path && !zt_rules_read(path, &text))
		ret = zt_kernel_rules_parse(text, path, r);
	free(text);
	free(own);
	return ret;
}

void zt_kernel_rules_release(struct zt_kernel_rules *r)
{
	zt_strvec_clear(&r->napi_registrars);
	zt_strvec_clear(&r->bulk_calls);
	zt_strvec_clear(&r->error_reports);
	zt_strvec_clear(&r->error_logs);
	zt_strvec_clear(&r->error_levels);
	zt_strvec_clear(&r->device_privates);
	zt_strvec_clear(&r->napi_releases);
	zt_strvec_clear(&r->packet_records);
	zt_strvec_clear(&r->never_owners);
	zt_strvec_clear(&r->marked_packets);
	for (size_t i = 0; i < r->n_ops; i++) {
		free(r->ops[i].record);
		free(r->ops[i].field);
		free(r->ops[i].why);
	}
	free(r->ops);
	free(r->hash);
	memset(r, 0, sizeof(*r));
}

static bool glob_any(const struct zt_strvec *globs, const char *name)
{
	for (size_t i = 0; name && i < globs->n; i++)
		if (!fnmatch(globs->v[i], name, 0))
			return true;
	return false;
}

bool zt_kernel_napi_registrar(const struct zt_kernel_rules *r, const char *name, size_t len)
{
	char buf[128];

	/* no kernel function's name is this long */
	if (len >= sizeof(buf))
		return false;
	memcpy(buf, name, len);
	buf[len] = '\0';
	return glob_any(&r->napi_registrars, buf);
}

bool zt_kernel_bulk_call(const struct zt_kernel_rules *r, const char *name)
{
	return glob_any(&r->bulk_calls, name);
}

bool zt_kernel_error_report(const struct zt_kernel_rules *r, const char *name)
{
	if (!name)
		return false;
	/* __dev_err(), _WARN...: the kernel's own variants of the same reporting */
	while (*name == '_')
		name++;
	if (glob_any(&r->error_reports, name))
		return true;
	for (size_t p = 0; p < r->error_logs.n; p++) {
		const char *pre = r->error_logs.v[p];
		size_t pl = strlen(pre);

		if (strncmp(name, pre, pl))
			continue;
		/* PREFIX LEVEL, the level in any case, alone or followed by '_' */
		for (size_t l = 0; l < r->error_levels.n; l++) {
			size_t ll = strlen(r->error_levels.v[l]);

			if (!strncasecmp(name + pl, r->error_levels.v[l], ll) &&
			    (!name[pl + ll] || name[pl + ll] == '_'))
				return true;
		}
	}
	return false;
}

bool zt_kernel_device_private(const struct zt_kernel_rules *r, const char *name)
{
	return name && zt_strvec_has(&r->device_privates, name);
}

bool zt_kernel_packet_record(const struct zt_kernel_rules *r, const char *record)
{
	return record && zt_strvec_has(&r->packet_records, record);
}

bool zt_kernel_marked_packet(const struct zt_kernel_rules *r, const char *record)
{
	return record && zt_strvec_has(&r->marked_packets, record);
}

bool zt_kernel_never_owner(const struct zt_kernel_rules *r, const char *record)
{
	return record && zt_strvec_has(&r->never_owners, record);
}

/* @record ("struct T" or "T") names the struct of "struct T" @want. */
static bool same_record(const char *want, const char *record)
{
	return !strcmp(want, record) || !strcmp(want + strlen("struct "), record);
}

const struct zt_ops_root *zt_kernel_ops_root(const struct zt_kernel_rules *r, const char *record,
					     const char *field, size_t len, bool unknown_matches)
{
	for (size_t i = 0; i < r->n_ops; i++) {
		const struct zt_ops_root *op = &r->ops[i];

		if (strlen(op->field) != len || strncmp(op->field, field, len))
			continue;
		if (!op->record || (record ? same_record(op->record, record) : unknown_matches))
			return op;
	}
	return NULL;
}

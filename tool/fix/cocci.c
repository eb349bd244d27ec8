// SPDX-License-Identifier: GPL-2.0-only
/* Semantic patch templates: instantiation, spatch runs, the guard rules' refusals. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cocci.h"
#include "datadir.h"
#include "strbuf.h"
#include "zerotax.h"

bool zt_is_c_identifier(const char *s)
{
	if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (s++; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

bool zt_is_record_type(const char *s)
{
	if (!s)
		return false;
	if (!strncmp(s, "struct ", 7))
		return zt_is_c_identifier(s + 7);
	if (!strncmp(s, "union ", 6))
		return zt_is_c_identifier(s + 6);
	return false;
}

/*
 * "ELEM[N]", one dimension, ELEM a type name with optional '*'s ("void *",
 * "u8", "struct page *"): the element type's length, or 0.
 */
size_t zt_array_elem_len(const char *s)
{
	const char *b = s ? strchr(s, '[') : NULL, *p;

	if (!b || b == s || strchr(b + 1, '[') || b[strlen(b) - 1] != ']')
		return 0;
	for (p = b + 1; *p != ']'; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	for (p = s; p < b; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != ' ' && *p != '*')
			return 0;
	if (!isalpha((unsigned char)s[0]) && s[0] != '_')
		return 0;
	while (b > s && b[-1] == ' ')
		b--;
	return (size_t)(b - s);
}

/* A path goes into a Python string literal: no quotes, backslashes or control characters. */
static bool plain_path(const char *s)
{
	if (!s || !*s)
		return false;
	for (; *s; s++)
		if (*s == '"' || *s == '\'' || *s == '\\' || (unsigned char)*s < 0x20)
			return false;
	return true;
}

static char *positions_literal(const struct zt_cocci_vars *v)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;

	zt_strbuf_adds(&sb, "{");
	for (size_t i = 0; i < v->n_pos; i++)
		zt_strbuf_addf(&sb, "%s(\"%s\", %u)", i ? ", " : "", v->pos[i].rel,
			       v->pos[i].line);
	zt_strbuf_adds(&sb, "}");
	return zt_strbuf_detach(&sb, NULL);
}

/*
 * Where the field goes: after @anchor (the last hot field the layout model
 * chose) or, without one, at the end of the owner.
 */
static char *field_rule(const struct zt_cocci_vars *v)
{
	if (v->anchor)
		return xasprintf("@zt_add_member depends on zt_hoist && !zt_has_member@\n"
				 "type zt_at;\n"
				 "@@\n"
				 "%s {\n"
				 "  ...\n"
				 "  zt_at %s;\n"
				 "+ %s %s;\n"
				 "  ...\n"
				 "};\n",
				 v->owner_type, v->anchor, v->type, v->var);
	return xasprintf("@zt_add_member depends on zt_hoist && !zt_has_member@\n"
			 "@@\n"
			 "%s {\n"
			 "  ...\n"
			 "+ %s %s;\n"
			 "};\n",
			 v->owner_type, v->type, v->var);
}

static const char *lookup(const struct zt_cocci_vars *v, const char *name, size_t n, char **owned)
{
	*owned = NULL;
#define IS(s) (n == strlen(s) && !strncmp(name, s, n))
	if (IS("TYPE"))
		return zt_array_elem_len(v->type) ?
		       (*owned = xstrndup(v->type, zt_array_elem_len(v->type))) : v->type;
	/* an array's declarator: its size as the source spells it, a metavariable */
	if (IS("DIM"))
		return zt_array_elem_len(v->type) ? "[zt_n]" : "";
	if (IS("DIM_DECL"))
		return zt_array_elem_len(v->type) ? "expression zt_n;" : "";
	if (IS("VAR"))
		return v->var;
	/* spatch 1.1.1 reads a word starting with "__" as an attribute unless told */
	if (IS("VAR_DECL"))
		return !strncmp(v->var, "__", 2) ? (*owned = xasprintf("symbol %s;", v->var)) : "";
	if (IS("OWNER_TYPE"))
		return v->owner_type;
	if (IS("OWNER_PARAM"))
		return v->owner_param;
	if (IS("ATTR"))
		return v->attr;
	/* spatch 1.1.1 parses an attribute macro in + code only once it is declared. */
	if (IS("ATTR_DECL"))
		return v->attr && !strcmp(v->attr, "__uninitialized") ?
		       "attribute name __uninitialized;" : "";
	if (IS("POSITIONS"))
		return *owned = positions_literal(v);
	if (IS("FIELD_RULE"))
		return *owned = field_rule(v);
#undef IS
	return NULL;
}

static int check_vars(const struct zt_cocci_vars *v)
{
	if (!zt_is_record_type(v->type) && !(zt_array_elem_len(v->type) && v->attr))
		return error("cannot rewrite a variable of type '%s': only struct and union locals "
			     "(and arrays, marked __uninitialized)",
			     v->type ? v->type : "(unknown)");
	if (!zt_is_c_identifier(v->var))
		return error("'%s' is not a C identifier", v->var ? v->var : "(null)");
	if (v->owner_type && !zt_is_record_type(v->owner_type))
		return error("owner type '%s' is not a struct", v->owner_type);
	if (v->owner_param && !zt_is_c_identifier(v->owner_param))
		return error("owner parameter '%s' is not a C identifier", v->owner_param);
	if (v->anchor && !zt_is_c_identifier(v->anchor))
		return error("anchor field '%s' is not a C identifier", v->anchor);
	if (v->attr && strcmp(v->attr, "__uninitialized") &&
	    strcmp(v->attr, "__attribute__((__uninitialized__))"))
		return error("unknown attribute '%s'", v->attr);
	if (!v->n_pos)
		return error("no position to restrict the rule to");
	for (size_t i = 0; i < v->n_pos; i++)
		if (!plain_path(v->pos[i].rel) || !v->pos[i].line)
			return error("cannot restrict a rule to '%s:%u'",
				     v->pos[i].rel ? v->pos[i].rel : "", v->pos[i].line);
	return 0;
}

char *zt_cocci_instantiate(const char *tmpl, const struct zt_cocci_vars *v)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	const char *p = tmpl;

	if (check_vars(v))
		return NULL;
	for (;;) {
		const char *open = strstr(p, "{{"), *close;
		const char *val;
		char *owned;

		if (!open) {
			zt_strbuf_adds(&sb, p);
			break;
		}
		close = strstr(open + 2, "}}");
		if (!close) {
			zt_strbuf_release(&sb);
			error("template: unterminated placeholder");
			return NULL;
		}
		zt_strbuf_add(&sb, p, (size_t)(open - p));
		val = lookup(v, open + 2, (size_t)(close - open - 2), &owned);
		if (!val) {
			error("template: placeholder {{%.*s}} has no value", (int)(close - open - 2),
			      open + 2);
			zt_strbuf_release(&sb);
			return NULL;
		}
		zt_strbuf_adds(&sb, val);
		free(owned);
		p = close + 2;
	}
	return zt_strbuf_detach(&sb, NULL);
}

char *zt_cocci_load_template(const char *rules_dir, const char *name)
{
	char *path = rules_dir ? xasprintf("%s/%s.cocci", rules_dir, name) :
				 zt_data_path("rules/%s.cocci", name);
	char *text;

	if (!path)
		return NULL;
	if (zt_read_file(path, &text, NULL)) {
		error("cannot read the template %s: %s", path, strerror(errno));
		free(path);
		return NULL;
	}
	free(path);
	return text;
}

int zt_cocci_parse_refusals(const char *text, struct zt_cocci_refusals *out)
{
	static const char tag[] = "zerotax-refuse: ";
	const char *line = text;

	memset(out, 0, sizeof(*out));
	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);

		if (len > sizeof(tag) - 1 && !strncmp(line, tag, sizeof(tag) - 1)) {
			char *s = xstrndup(line + sizeof(tag) - 1, len - (sizeof(tag) - 1));
			char *c1 = strchr(s, ':'), *c2, *c3, *fn_end;
			struct zt_cocci_refusal *r;

			c2 = c1 ? strchr(c1 + 1, ':') : NULL;
			c3 = c2 ? strchr(c2 + 1, ':') : NULL;
			fn_end = c3 ? strstr(c3 + 1, ": ") : NULL;
			if (!fn_end) {
				free(s);
				zt_cocci_refusals_release(out);
				return error("malformed refusal line from the guard rules");
			}
			*c1 = *c2 = *c3 = *fn_end = '\0';
			ZT_ALLOC_GROW(out->v, out->n + 1, out->alloc);
			r = &out->v[out->n++];
			r->file = xstrdup(s);
			r->line = (unsigned int)strtoul(c1 + 1, NULL, 10);
			r->column = (unsigned int)strtoul(c2 + 1, NULL, 10);
			r->function = xstrdup(c3 + 1 + (c3[1] == ' '));
			r->reason = xstrdup(fn_end + 2);
			free(s);
		}
		line = eol ? eol + 1 : NULL;
	}
	return 0;
}

void zt_cocci_refusals_release(struct zt_cocci_refusals *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].file);
		free(r->v[i].function);
		free(r->v[i].reason);
	}
	free(r->v);
	memset(r, 0, sizeof(*r));
}

char *zt_cocci_filter_stderr(const char *err)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	const char *line = err;

	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line + 1) : strlen(line);

		if (!(len > 9 && !strncmp(line, "warning: ", 9) &&
		      memmem(line, len, "be a metavariable?", 18)))
			zt_strbuf_add(&sb, line, len);
		line = eol ? eol + 1 : NULL;
	}
	return zt_strbuf_detach(&sb, NULL);
}

int zt_cocci_run(const char *sp_file, const char *mode, bool in_place, char *const *files,
		 size_t n_files, char *const *include_dirs, const char *cwd,
		 unsigned int timeout_ms, struct zt_spawn_result *res)
{
	struct zt_spawn_opts so = {
		.cwd = cwd,
		.timeout_ms = timeout_ms,
		.quiet_not_found = true,
	};
	size_t n = 0, n_inc = 0;
	char **argv;

	while (include_dirs && include_dirs[n_inc])
		n_inc++;
	argv = xcalloc(n_files + 2 * n_inc + 16, sizeof(*argv));
	int ret;

	argv[n++] = "spatch";
	argv[n++] = "--very-quiet";
	argv[n++] = "--sp-file";
	argv[n++] = (char *)sp_file;
	argv[n++] = "-D";
	argv[n++] = (char *)mode;
	/* The owner's header is often reached through another header. */
	argv[n++] = "--local-includes";
	argv[n++] = "--recursive-includes";
	/* The kernel's line limit: spatch would rewrap anything past 80 columns. */
	argv[n++] = "--max-width";
	argv[n++] = "100";
	for (size_t i = 0; i < n_inc; i++) {
		argv[n++] = "-I";
		argv[n++] = include_dirs[i];
	}
	if (in_place) {
		/* stdout then only carries what the guard rules print. */
		argv[n++] = "--in-place";
		argv[n++] = "--no-show-diff";
	}
	for (size_t i = 0; i < n_files; i++)
		argv[n++] = files[i];
	argv[n] = NULL;

	ret = zt_spawn(argv, &so, res);
	if (ret) {
		if (res->not_found)
			ret = error("spatch is not installed (Debian package coccinelle)");
		else if (res->timed_out)
			ret = error("spatch timed out after %u s", timeout_ms / 1000);
		free(argv);
		return -1;
	}
	free(argv);
	if (res->exit_code) {
		char *msg = zt_cocci_filter_stderr(res->err);
		size_t l = strlen(msg);

		while (l && msg[l - 1] == '\n')
			msg[--l] = '\0';
		error("spatch failed (exit %d): %s", res->exit_code, l ? msg : "(no message)");
		free(msg);
		return -1;
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * facts_json: struct zt_tu_facts, struct zt_evidence and the compile command
 * to and from JSON. Every field is written (NULL strings as null), so reading
 * what was written gives the same structs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "facts_json.h"
#include "json_file.h"
#include "zerotax.h"

static char *sdup(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	return json_is_string(v) ? xstrdup(json_string_value(v)) : NULL;
}

static unsigned int uget(json_t *o, const char *key)
{
	return (unsigned int)json_integer_value(json_object_get(o, key));
}

static long long llget(json_t *o, const char *key)
{
	return (long long)json_integer_value(json_object_get(o, key));
}

static char *astr(json_t *a, size_t i);

static bool bget(json_t *o, const char *key)
{
	return json_is_true(json_object_get(o, key));
}

/* Allocate the array for list @key of @o; the caller fills n elements. */
static void *arr(json_t *o, const char *key, size_t size, size_t *n, json_t **list)
{
	*list = json_object_get(o, key);
	*n = json_is_array(*list) ? json_array_size(*list) : 0;
	return *n ? xcalloc(*n, size) : NULL;
}

static json_t *local_to_json(const struct zt_local *l)
{
	json_t *o = json_object();

	json_object_set_new(o, "name", zt_json_str_or_null(l->name));
	json_object_set_new(o, "type", zt_json_str_or_null(l->type));
	json_object_set_new(o, "size", json_integer(l->size));
	json_object_set_new(o, "file", zt_json_str_or_null(l->file));
	json_object_set_new(o, "pos", json_pack("[i,i,i,i,i,i]", l->line, l->column,
						l->start_line, l->start_column, l->end_line,
						l->end_column));
	json_object_set_new(o, "type_file", zt_json_str_or_null(l->type_file));
	json_object_set_new(o, "type_line", json_integer(l->type_line));
	json_object_set_new(o, "flags", json_pack("[b,b,b,b,b,b,b]", l->is_array, l->is_vla,
						  l->is_record, l->in_loop, l->in_unlikely,
						  l->from_macro, l->no_autoinit));
	json_object_set_new(o, "init", json_integer(l->init));
	json_object_set_new(o, "uses", json_integer(l->uses));
	json_object_set_new(o, "loop", json_pack("[I,b]", (json_int_t)l->loop_params,
						 l->loop_budget));
	json_object_set_new(o, "cond", zt_json_str_or_null(l->cond));
	json_object_set_new(o, "slow", zt_json_str_or_null(l->slow));
	json_object_set_new(o, "init_named", json_pack("[I,i]", (json_int_t)l->init_named,
						       l->init_line));
	json_object_set_new(o, "scope_end", json_integer(l->scope_end_line));
	return o;
}

static void local_from_json(json_t *o, struct zt_local *l)
{
	json_t *pos = json_object_get(o, "pos"), *fl = json_object_get(o, "flags");
	unsigned int *p[] = { &l->line, &l->column, &l->start_line, &l->start_column,
			      &l->end_line, &l->end_column };
	bool *b[] = { &l->is_array, &l->is_vla, &l->is_record, &l->in_loop, &l->in_unlikely,
		      &l->from_macro, &l->no_autoinit };

	l->name = sdup(o, "name");
	l->type = sdup(o, "type");
	l->size = llget(o, "size");
	l->file = sdup(o, "file");
	for (size_t i = 0; i < ARRAY_SIZE(p); i++)
		*p[i] = (unsigned int)json_integer_value(json_array_get(pos, i));
	l->type_file = sdup(o, "type_file");
	l->type_line = uget(o, "type_line");
	for (size_t i = 0; i < ARRAY_SIZE(b); i++)
		*b[i] = json_is_true(json_array_get(fl, i));
	l->init = (enum zt_init_kind)json_integer_value(json_object_get(o, "init"));
	l->uses = uget(o, "uses");
	l->loop_params = (unsigned int)json_integer_value(json_array_get(json_object_get(o, "loop"), 0));
	l->loop_budget = json_is_true(json_array_get(json_object_get(o, "loop"), 1));
	l->cond = sdup(o, "cond");
	l->slow = sdup(o, "slow");
	l->init_named = json_integer_value(json_array_get(json_object_get(o, "init_named"), 0));
	l->init_line = (unsigned int)json_integer_value(
		json_array_get(json_object_get(o, "init_named"), 1));
	l->scope_end_line = uget(o, "scope_end");
}

static json_t *param_to_json(const struct zt_param *p)
{
	json_t *o = json_object(), *fields = json_array();

	json_object_set_new(o, "name", zt_json_str_or_null(p->name));
	json_object_set_new(o, "type", zt_json_str_or_null(p->type));
	json_object_set_new(o, "record", zt_json_str_or_null(p->record));
	json_object_set_new(o, "is_const", json_boolean(p->is_const));
	json_object_set_new(o, "record_file", zt_json_str_or_null(p->record_file));
	json_object_set_new(o, "record_line", json_integer(p->record_line));
	for (size_t i = 0; i < p->n_fields; i++)
		json_array_append_new(fields, zt_json_str_or_null(p->fields[i]));
	json_object_set_new(o, "fields", fields);
	json_object_set_new(o, "fields_use", json_pack("[b,b]", p->fields_rmw, p->fields_read));
	return o;
}

static void param_from_json(json_t *o, struct zt_param *p)
{
	json_t *list;

	p->name = sdup(o, "name");
	p->type = sdup(o, "type");
	p->record = sdup(o, "record");
	p->is_const = bget(o, "is_const");
	p->record_file = sdup(o, "record_file");
	p->record_line = uget(o, "record_line");
	p->fields_rmw = json_is_true(json_array_get(json_object_get(o, "fields_use"), 0));
	p->fields_read = json_is_true(json_array_get(json_object_get(o, "fields_use"), 1));
	p->fields = arr(o, "fields", sizeof(char *), &p->n_fields, &list);
	for (size_t i = 0; i < p->n_fields; i++) {
		json_t *v = json_array_get(list, i);

		p->fields[i] = json_is_string(v) ? xstrdup(json_string_value(v)) : NULL;
	}
}

static json_t *call_to_json(const struct zt_call *c)
{
	json_t *args = json_array(), *locals = json_array(), *passed = json_array();

	for (size_t i = 0; i < ZT_CALL_ARGS; i++) {
		json_array_append_new(args, json_integer(c->arg_params[i]));
		json_array_append_new(locals, json_integer(c->arg_local[i]));
		json_array_append_new(passed, json_integer(c->arg_param[i]));
	}
	return json_pack("[i,o,o,i,b,b,I,b,o,o,I,o,i,o,o,b,I,I,I]", c->kind,
			 zt_json_str_or_null(c->target), zt_json_str_or_null(c->name), c->line,
			 c->in_loop, c->in_unlikely, (json_int_t)c->loop_params, c->loop_budget,
			 args, locals, (json_int_t)c->batch_n, zt_json_str_or_null(c->cond),
			 c->batch_why, zt_json_str_or_null(c->slow), passed,
			 c->arg_packet_element, (json_int_t)c->arg_after_guard,
			 (json_int_t)c->arg_nonnull, (json_int_t)c->arg_param_kept);
}

static void call_from_json(json_t *a, struct zt_call *c)
{
	json_t *t = json_array_get(a, 1), *n = json_array_get(a, 2), *cond = json_array_get(a, 11);
	json_t *slow = json_array_get(a, 13);

	c->kind = (enum zt_call_kind)json_integer_value(json_array_get(a, 0));
	c->target = json_is_string(t) ? xstrdup(json_string_value(t)) : NULL;
	c->name = json_is_string(n) ? xstrdup(json_string_value(n)) : NULL;
	c->line = (unsigned int)json_integer_value(json_array_get(a, 3));
	c->in_loop = json_is_true(json_array_get(a, 4));
	c->in_unlikely = json_is_true(json_array_get(a, 5));
	c->loop_params = (unsigned int)json_integer_value(json_array_get(a, 6));
	c->loop_budget = json_is_true(json_array_get(a, 7));
	c->batch_n = (unsigned int)json_integer_value(json_array_get(a, 10));
	c->cond = json_is_string(cond) ? xstrdup(json_string_value(cond)) : NULL;
	c->batch_why = (enum zt_batch_why)json_integer_value(json_array_get(a, 12));
	c->slow = json_is_string(slow) ? xstrdup(json_string_value(slow)) : NULL;
	c->arg_packet_element = json_is_true(json_array_get(a, 15));
	c->arg_after_guard = (unsigned int)json_integer_value(json_array_get(a, 16));
	c->arg_nonnull = (unsigned int)json_integer_value(json_array_get(a, 17));
	c->arg_param_kept = (unsigned int)json_integer_value(json_array_get(a, 18));
	for (size_t i = 0; i < ZT_CALL_ARGS; i++) {
		c->arg_params[i] = (unsigned int)json_integer_value(
			json_array_get(json_array_get(a, 8), i));
		c->arg_local[i] = (unsigned int)json_integer_value(
			json_array_get(json_array_get(a, 9), i));
		c->arg_param[i] = (unsigned int)json_integer_value(
			json_array_get(json_array_get(a, 14), i));
	}
}

static json_t *function_to_json(const struct zt_function *f)
{
	json_t *o = json_object(), *params = json_array(), *locals = json_array();
	json_t *calls = json_array();

	json_object_set_new(o, "usr", zt_json_str_or_null(f->usr));
	json_object_set_new(o, "name", zt_json_str_or_null(f->name));
	json_object_set_new(o, "file", zt_json_str_or_null(f->file));
	json_object_set_new(o, "line", json_integer(f->line));
	json_object_set_new(o, "flags", json_pack("[b,b,b,b]", f->defined, f->cold, f->is_static,
						  f->is_inline));
	for (size_t i = 0; i < f->n_params; i++)
		json_array_append_new(params, param_to_json(&f->params[i]));
	for (size_t i = 0; i < f->n_locals; i++)
		json_array_append_new(locals, local_to_json(&f->locals[i]));
	for (size_t i = 0; i < f->n_calls; i++)
		json_array_append_new(calls, call_to_json(&f->calls[i]));
	json_object_set_new(o, "params", params);
	json_object_set_new(o, "locals", locals);
	json_object_set_new(o, "calls", calls);
	json_object_set_new(o, "bulk_n", json_integer(f->bulk_n));
	if (f->napi_owner) {
		json_t *serves = json_array();

		for (size_t i = 0; i < f->n_napi_serves; i++)
			json_array_append_new(serves, json_string(f->napi_serves[i]));
		json_object_set_new(o, "napi", json_pack("[s,o]", f->napi_owner, serves));
		if (f->napi_var)
			json_object_set_new(o, "napi_var", param_to_json(f->napi_var));
	}
	return o;
}

static void function_from_json(json_t *o, struct zt_function *f)
{
	json_t *fl = json_object_get(o, "flags"), *list;

	f->usr = sdup(o, "usr");
	f->name = sdup(o, "name");
	f->file = sdup(o, "file");
	f->line = uget(o, "line");
	f->defined = json_is_true(json_array_get(fl, 0));
	f->cold = json_is_true(json_array_get(fl, 1));
	f->is_static = json_is_true(json_array_get(fl, 2));
	f->is_inline = json_is_true(json_array_get(fl, 3));
	f->bulk_n = uget(o, "bulk_n");
	{
		json_t *napi = json_object_get(o, "napi"), *serves = json_array_get(napi, 1);

		f->napi_owner = astr(napi, 0);
		f->n_napi_serves = f->napi_owner && json_is_array(serves) ? json_array_size(serves) : 0;
		f->napi_serves = f->n_napi_serves ? xcalloc(f->n_napi_serves, sizeof(char *)) : NULL;
		for (size_t i = 0; i < f->n_napi_serves; i++)
			f->napi_serves[i] = astr(serves, i);
		if (f->napi_owner && json_is_object(json_object_get(o, "napi_var"))) {
			f->napi_var = xcalloc(1, sizeof(*f->napi_var));
			param_from_json(json_object_get(o, "napi_var"), f->napi_var);
		}
	}
	f->params = arr(o, "params", sizeof(*f->params), &f->n_params, &list);
	for (size_t i = 0; i < f->n_params; i++)
		param_from_json(json_array_get(list, i), &f->params[i]);
	f->locals = arr(o, "locals", sizeof(*f->locals), &f->n_locals, &list);
	for (size_t i = 0; i < f->n_locals; i++)
		local_from_json(json_array_get(list, i), &f->locals[i]);
	f->calls = arr(o, "calls", sizeof(*f->calls), &f->n_calls, &list);
	for (size_t i = 0; i < f->n_calls; i++)
		call_from_json(json_array_get(list, i), &f->calls[i]);
}

json_t *zt_facts_to_json(const struct zt_tu_facts *t)
{
	json_t *o = json_object(), *funcs = json_array(), *assigns = json_array();
	json_t *roots = json_array(), *acc = json_array(), *errs = json_array();

	json_object_set_new(o, "file", zt_json_str_or_null(t->file));
	json_object_set_new(o, "failed", json_boolean(t->failed));
	for (size_t i = 0; i < t->n_funcs; i++)
		json_array_append_new(funcs, function_to_json(&t->funcs[i]));
	for (size_t i = 0; i < t->n_assigns; i++) {
		const struct zt_field_assign *a = &t->assigns[i];

		json_array_append_new(assigns, json_pack("[o,o,o,o,o]", zt_json_str_or_null(a->field_usr),
							 zt_json_str_or_null(a->record), zt_json_str_or_null(a->field),
							 zt_json_str_or_null(a->fn_usr), zt_json_str_or_null(a->fn_name)));
	}
	for (size_t i = 0; i < t->n_roots; i++) {
		const struct zt_root_ref *r = &t->roots[i];

		json_array_append_new(roots, json_pack("[o,o,o]", zt_json_str_or_null(r->fn_usr),
						       zt_json_str_or_null(r->fn_name), zt_json_str_or_null(r->why)));
	}
	for (size_t i = 0; i < t->n_accesses; i++) {
		const struct zt_field_access *a = &t->accesses[i];

		json_array_append_new(acc, json_pack("[o,o,o,b,i]", zt_json_str_or_null(a->fn_usr),
						     zt_json_str_or_null(a->record), zt_json_str_or_null(a->field), a->write,
						     (int)a->kind));
	}
	for (size_t i = 0; i < t->n_errors; i++) {
		const struct zt_diag *d = &t->errors[i];

		json_array_append_new(errs, json_pack("[o,i,i,o]", zt_json_str_or_null(d->file), d->line,
						      d->column, zt_json_str_or_null(d->message)));
	}
	json_object_set_new(o, "funcs", funcs);
	json_object_set_new(o, "assigns", assigns);
	json_object_set_new(o, "roots", roots);
	json_object_set_new(o, "accesses", acc);
	json_object_set_new(o, "errors", errs);
	{
		json_t *inc = json_array();

		for (size_t i = 0; i < t->n_includes; i++)
			json_array_append_new(inc, zt_json_str_or_null(t->includes[i]));
		json_object_set_new(o, "includes", inc);
	}
	if (t->n_dev_privs) {
		json_t *dp = json_array();

		for (size_t i = 0; i < t->n_dev_privs; i++)
			json_array_append_new(dp, json_string(t->dev_privs[i]));
		json_object_set_new(o, "dev_privs", dp);
	}
	return o;
}

static char *astr(json_t *a, size_t i)
{
	json_t *v = json_array_get(a, i);

	return json_is_string(v) ? xstrdup(json_string_value(v)) : NULL;
}

int zt_facts_from_json(json_t *o, struct zt_tu_facts *t)
{
	json_t *list;

	memset(t, 0, sizeof(*t));
	if (!json_is_object(o) || !json_is_array(json_object_get(o, "funcs")))
		return error("not a facts object");
	t->file = sdup(o, "file");
	t->failed = bget(o, "failed");
	t->funcs = arr(o, "funcs", sizeof(*t->funcs), &t->n_funcs, &list);
	for (size_t i = 0; i < t->n_funcs; i++)
		function_from_json(json_array_get(list, i), &t->funcs[i]);
	t->assigns = arr(o, "assigns", sizeof(*t->assigns), &t->n_assigns, &list);
	for (size_t i = 0; i < t->n_assigns; i++) {
		json_t *a = json_array_get(list, i);

		t->assigns[i] = (struct zt_field_assign){ astr(a, 0), astr(a, 1), astr(a, 2),
							  astr(a, 3), astr(a, 4) };
	}
	t->roots = arr(o, "roots", sizeof(*t->roots), &t->n_roots, &list);
	for (size_t i = 0; i < t->n_roots; i++) {
		json_t *a = json_array_get(list, i);

		t->roots[i] = (struct zt_root_ref){ astr(a, 0), astr(a, 1), astr(a, 2) };
	}
	t->accesses = arr(o, "accesses", sizeof(*t->accesses), &t->n_accesses, &list);
	for (size_t i = 0; i < t->n_accesses; i++) {
		json_t *a = json_array_get(list, i);
		json_int_t kind = json_integer_value(json_array_get(a, 4));
		bool write = json_is_true(json_array_get(a, 3));

		if (kind < 0 || kind >= ZT_ACCESS_KINDS)
			kind = write ? ZT_ACCESS_STORE : ZT_ACCESS_READ;
		t->accesses[i] = (struct zt_field_access){ astr(a, 0), astr(a, 1), astr(a, 2), write,
							   (enum zt_access_kind)kind };
	}
	t->errors = arr(o, "errors", sizeof(*t->errors), &t->n_errors, &list);
	for (size_t i = 0; i < t->n_errors; i++) {
		json_t *a = json_array_get(list, i);

		t->errors[i] = (struct zt_diag){
			.file = astr(a, 0),
			.line = (unsigned int)json_integer_value(json_array_get(a, 1)),
			.column = (unsigned int)json_integer_value(json_array_get(a, 2)),
			.message = astr(a, 3),
		};
	}
	t->includes = arr(o, "includes", sizeof(char *), &t->n_includes, &list);
	for (size_t i = 0; i < t->n_includes; i++)
		t->includes[i] = astr(list, i);
	t->dev_privs = arr(o, "dev_privs", sizeof(char *), &t->n_dev_privs, &list);
	for (size_t i = 0; i < t->n_dev_privs; i++)
		t->dev_privs[i] = astr(list, i);
	return 0;
}

json_t *zt_evidence_to_json(const struct zt_evidence *ev)
{
	json_t *o = json_object(), *sites = json_array(), *frames = json_array();

	json_object_set_new(o, "compiler", json_integer(ev->compiler));
	json_object_set_new(o, "id", zt_json_str_or_null(ev->compiler_id));
	for (size_t i = 0; i < ev->n_sites; i++) {
		const struct zt_autoinit_site *s = &ev->sites[i];

		json_array_append_new(sites, json_pack("[o,o,o,i,i,I,I,b]", zt_json_str_or_null(s->function),
						       zt_json_str_or_null(s->var), zt_json_str_or_null(s->file), s->line,
						       s->column, (json_int_t)s->bytes,
						       (json_int_t)s->var_size, s->inlined));
	}
	for (size_t i = 0; i < ev->n_frames; i++) {
		const struct zt_frame_size *f = &ev->frames[i];

		json_array_append_new(frames, json_pack("[o,o,i,I,b]", zt_json_str_or_null(f->function),
							zt_json_str_or_null(f->file), f->line,
							(json_int_t)f->bytes, f->dynamic));
	}
	json_object_set_new(o, "sites", sites);
	json_object_set_new(o, "frames", frames);
	return o;
}

int zt_evidence_from_json(json_t *o, struct zt_evidence *ev)
{
	json_t *list;

	memset(ev, 0, sizeof(*ev));
	if (!json_is_object(o) || !json_is_array(json_object_get(o, "sites")))
		return error("not an evidence object");
	ev->compiler = (enum zt_compiler)json_integer_value(json_object_get(o, "compiler"));
	ev->compiler_id = sdup(o, "id");
	ev->sites = arr(o, "sites", sizeof(*ev->sites), &ev->n_sites, &list);
	for (size_t i = 0; i < ev->n_sites; i++) {
		json_t *a = json_array_get(list, i);

		ev->sites[i] = (struct zt_autoinit_site){
			.function = astr(a, 0),
			.var = astr(a, 1),
			.file = astr(a, 2),
			.line = (unsigned int)json_integer_value(json_array_get(a, 3)),
			.column = (unsigned int)json_integer_value(json_array_get(a, 4)),
			.bytes = json_integer_value(json_array_get(a, 5)),
			.var_size = json_integer_value(json_array_get(a, 6)),
			.inlined = json_is_true(json_array_get(a, 7)),
		};
	}
	ev->frames = arr(o, "frames", sizeof(*ev->frames), &ev->n_frames, &list);
	for (size_t i = 0; i < ev->n_frames; i++) {
		json_t *a = json_array_get(list, i);

		ev->frames[i] = (struct zt_frame_size){
			.function = astr(a, 0),
			.file = astr(a, 1),
			.line = (unsigned int)json_integer_value(json_array_get(a, 2)),
			.bytes = json_integer_value(json_array_get(a, 3)),
			.dynamic = json_is_true(json_array_get(a, 4)),
		};
	}
	return 0;
}

json_t *zt_compile_cmd_to_json(const struct zt_compile_cmd *c)
{
	json_t *argv = json_array();

	for (size_t i = 0; i < c->argc; i++)
		json_array_append_new(argv, json_string(c->argv[i]));
	return json_pack("{s:o, s:o, s:o}", "file", zt_json_str_or_null(c->file), "directory",
			 zt_json_str_or_null(c->directory), "arguments", argv);
}

int zt_compile_cmd_from_json(json_t *o, struct zt_compile_cmd *c)
{
	json_t *list;

	memset(c, 0, sizeof(*c));
	list = json_object_get(o, "arguments");
	if (!json_is_string(json_object_get(o, "file")) || !json_is_array(list))
		return error("not a compile command");
	c->file = sdup(o, "file");
	c->directory = sdup(o, "directory");
	c->argc = json_array_size(list);
	c->argv = xcalloc(c->argc + 1, sizeof(char *));
	for (size_t i = 0; i < c->argc; i++) {
		json_t *v = json_array_get(list, i);

		c->argv[i] = xstrdup(json_is_string(v) ? json_string_value(v) : "");
	}
	return 0;
}

int zt_compile_cmd_copy(const struct zt_compile_cmd *from, struct zt_compile_cmd *to)
{
	to->file = from->file ? xstrdup(from->file) : NULL;
	to->directory = from->directory ? xstrdup(from->directory) : NULL;
	to->argc = from->argc;
	to->argv = xcalloc(from->argc + 1, sizeof(char *));
	for (size_t i = 0; i < from->argc; i++)
		to->argv[i] = xstrdup(from->argv[i]);
	return 0;
}

void zt_compile_cmd_release(struct zt_compile_cmd *c)
{
	free(c->file);
	free(c->directory);
	if (c->argv)
		zt_argv_free(c->argv);
	memset(c, 0, sizeof(*c));
}

json_t *zt_tu_result_to_json(const struct zt_tu_result *r)
{
	json_t *o = json_object(), *ev = json_object(), *errs = json_object();

	json_object_set_new(o, "zerotax-tu", json_integer(ZT_TU_SCHEMA));
	json_object_set_new(o, "cmd", zt_compile_cmd_to_json(&r->cmd));
	json_object_set_new(o, "facts", zt_facts_to_json(&r->facts));
	json_object_set_new(ev, "gcc", r->ev.have_gcc ? zt_evidence_to_json(&r->ev.gcc) :
							json_null());
	json_object_set_new(ev, "clang", r->ev.have_clang ? zt_evidence_to_json(&r->ev.clang) :
							    json_null());
	json_object_set_new(errs, "gcc", zt_json_str_or_null(r->ev_error[0]));
	json_object_set_new(errs, "clang", zt_json_str_or_null(r->ev_error[1]));
	json_object_set_new(o, "evidence", ev);
	json_object_set_new(o, "evidence_errors", errs);
	if (r->asked)
		json_object_set_new(o, "asked", json_string(r->asked));
	return o;
}

int zt_tu_result_from_json(json_t *o, struct zt_tu_result *r)
{
	json_t *ev, *v, *errs;

	memset(r, 0, sizeof(*r));
	v = json_object_get(o, "zerotax-tu");
	if (!json_is_integer(v))
		return error("not a zerotax translation-unit result");
	if (json_integer_value(v) > ZT_TU_SCHEMA)
		return error("translation-unit result of schema %lld, newer than this zerotax",
			     (long long)json_integer_value(v));
	if (zt_compile_cmd_from_json(json_object_get(o, "cmd"), &r->cmd) ||
	    zt_facts_from_json(json_object_get(o, "facts"), &r->facts))
		goto fail;
	ev = json_object_get(o, "evidence");
	v = json_object_get(ev, "gcc");
	if (json_is_object(v)) {
		if (zt_evidence_from_json(v, &r->ev.gcc))
			goto fail;
		r->ev.have_gcc = true;
	}
	v = json_object_get(ev, "clang");
	if (json_is_object(v)) {
		if (zt_evidence_from_json(v, &r->ev.clang))
			goto fail;
		r->ev.have_clang = true;
	}
	errs = json_object_get(o, "evidence_errors");
	r->ev_error[0] = sdup(errs, "gcc");
	r->ev_error[1] = sdup(errs, "clang");
	r->asked = sdup(o, "asked");
	return 0;
fail:
	zt_tu_result_release(r);
	return -1;
}

void zt_tu_result_release(struct zt_tu_result *r)
{
	zt_compile_cmd_release(&r->cmd);
	zt_tu_facts_release(&r->facts);
	zt_evidence_release(&r->ev.gcc);
	zt_evidence_release(&r->ev.clang);
	free(r->ev_error[0]);
	free(r->ev_error[1]);
	free(r->asked);
	memset(r, 0, sizeof(*r));
}

/*
 * The command of a results line that is cut or malformed, when its start is
 * whole: the writer puts "cmd" right after the schema, before the facts.
 */
static int cmd_of_bad_line(const char *line, struct zt_compile_cmd *cmd)
{
	static const char head[] = "{\"zerotax-tu\":";
	const char *p = line;
	json_t *o;
	int ret;

	if (strncmp(p, head, sizeof(head) - 1))
		return -1;
	p += sizeof(head) - 1;
	p += strspn(p, "0123456789");
	if (strncmp(p, ",\"cmd\":", 7))
		return -1;
	o = json_loads(p + 7, JSON_DISABLE_EOF_CHECK, NULL);
	if (!o)
		return -1;
	ret = zt_compile_cmd_from_json(o, cmd);
	json_decref(o);
	return ret;
}

/*
 * A line that cannot be read stands in for its TU, as a TU that failed to
 * parse: reported once by the analysis, the others judged. A rebuild's later
 * line for the same command replaces it, as it replaces any earlier result.
 */
static void unreadable_line(const char *path, unsigned int lineno, const char *line,
			    const char *why, struct zt_tu_result *r)
{
	memset(r, 0, sizeof(*r));
	if (cmd_of_bad_line(line, &r->cmd)) {
		memset(&r->cmd, 0, sizeof(r->cmd));
		r->cmd.file = xasprintf("%s:%u", path, lineno);
		r->cmd.argv = xcalloc(1, sizeof(char *));
	}
	r->unreadable = true;
	r->facts.file = xstrdup(r->cmd.file);
	r->facts.failed = true;
	r->facts.errors = xcalloc(1, sizeof(*r->facts.errors));
	r->facts.errors[0].file = xstrdup(path);
	r->facts.errors[0].message = xasprintf("its results line %s:%u cannot be read: %s",
					       path, lineno, why);
	r->facts.n_errors = 1;
}

int zt_tu_results_load(const char *path, struct zt_tu_result **v, size_t *n)
{
	char *text = NULL, *line, *next;
	unsigned int lineno = 0;

	if (zt_read_file(path, &text, NULL))
		return error("cannot read %s: %s", path, strerror(errno));
	for (line = text; line && *line; line = next) {
		json_error_t jerr;
		char *why = NULL;
		bool was_quiet;
		json_t *o;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (!line[strspn(line, " \t\r")])
			continue;
		*v = xrealloc(*v, (*n + 1) * sizeof(**v));
		was_quiet = zt_quiet_errors(true);	/* said once, by the analysis */
		o = json_loads(line, 0, &jerr);
		if (!o)
			why = xasprintf("not JSON (%s)%s", jerr.text,
					next ? "" : ", the file's cut last line");
		else if (zt_tu_result_from_json(o, &(*v)[*n]))
			why = xstrdup(zt_last_error());
		if (why)
			unreadable_line(path, lineno, line, why, &(*v)[*n]);
		zt_quiet_errors(was_quiet);
		json_decref(o);
		free(why);
		(*n)++;
	}
	free(text);
	return 0;
}

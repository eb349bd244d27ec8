// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pre-pass's graph: names, bodies and stores from every file read,
 * reachability from the roots, and which TUs that makes necessary. See
 * prepass.h for what counts as a use.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "prepass_int.h"
#include "strbuf.h"

#define NONE UINT32_MAX

/* Work items: a name, a field by name, or a member (a field of a known struct). */
enum { ZT_PP_ITEM_NAME, ZT_PP_ITEM_FIELD, ZT_PP_ITEM_MEMBER, ZT_PP_ITEM_KINDS = 4 };
#define ITEM(id, kind) ((uint32_t)(id) * ZT_PP_ITEM_KINDS + (kind))

void zt_idlist_push(struct zt_idlist *l, uint32_t id)
{
	/* capacity: the next power of two */
	if (!(l->n & (l->n - 1)) || !l->n)
		l->v = xrealloc(l->v, (l->n ? l->n * 2 : 4) * sizeof(*l->v));
	l->v[l->n++] = id;
}

void zt_idlist_copy(struct zt_idlist *to, const struct zt_idlist *from)
{
	for (size_t i = 0; i < from->n; i++)
		zt_idlist_push(to, from->v[i]);
}

static int id_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static void idlist_uniq(struct zt_idlist *l)
{
	size_t k = 0;

	if (!l->n)
		return;
	qsort(l->v, l->n, sizeof(*l->v), id_cmp);
	for (size_t i = 0; i < l->n; i++)
		if (!k || l->v[k - 1] != l->v[i])
			l->v[k++] = l->v[i];
	l->n = k;
}

uint32_t zt_pp_intern(struct zt_prepass *pp, const char *s, size_t len)
{
	char buf[256], *key = len < sizeof(buf) ? buf : xstrndup(s, len);
	size_t i;

	if (key == buf) {
		memcpy(buf, s, len);
		buf[len] = '\0';
	}
	i = zt_strmap_get(&pp->name_map, key);
	if (i == (size_t)-1) {
		ZT_ALLOC_GROW(pp->names, pp->n_names + 1, pp->alloc_names);
		pp->names[pp->n_names] = key == buf ? xstrdup(buf) : key;
		key = NULL;
		zt_strmap_put(&pp->name_map, pp->names[pp->n_names], pp->n_names);
		i = pp->n_names++;
	}
	if (key && key != buf)
		free(key);
	return (uint32_t)i;
}

void zt_pp_add_store(struct zt_prepass *pp, uint32_t field, uint32_t fn, uint32_t file,
		     uint32_t type)
{
	ZT_ALLOC_GROW(pp->stores, pp->n_stores + 1, pp->alloc_stores);
	pp->stores[pp->n_stores++] = (struct zt_pp_store){ field, fn, file, type };
}

/* The member @field of struct @type, added on first use (reachability grows with it). */
static uint32_t member_of(struct zt_prepass *pp, uint32_t type, uint32_t field)
{
	char key[32];
	size_t m;

	snprintf(key, sizeof(key), "%u.%u", type, field);
	m = zt_strmap_get(&pp->member_map, key);
	if (m != (size_t)-1)
		return (uint32_t)m;
	if (pp->n_members == pp->cap_members) {
		pp->cap_members = pp->cap_members ? pp->cap_members * 2 : 256;
		pp->members = xrealloc(pp->members, pp->cap_members * sizeof(*pp->members));
		pp->mreached = xrealloc(pp->mreached, pp->cap_members * sizeof(*pp->mreached));
		pp->mfrom = xrealloc(pp->mfrom, pp->cap_members * sizeof(*pp->mfrom));
	}
	m = pp->n_members++;
	pp->members[m] = (struct zt_pp_member){ type, field, xstrdup(key) };
	pp->mreached[m] = false;
	pp->mfrom[m] = NONE;
	zt_strmap_put(&pp->member_map, pp->members[m].key, m);
	return (uint32_t)m;
}

void zt_pp_add_positional(struct zt_prepass *pp, uint32_t type, uint32_t index, uint32_t fn,
			  uint32_t file)
{
	ZT_ALLOC_GROW(pp->pos, pp->n_pos + 1, pp->alloc_pos);
	pp->pos[pp->n_pos++] = (struct zt_pp_positional){ type, index, fn, file };
}

struct zt_idlist *zt_pp_add_agg(struct zt_prepass *pp, uint32_t type)
{
	struct zt_pp_agg *a;

	ZT_ALLOC_GROW(pp->aggs, pp->n_aggs + 1, pp->alloc_aggs);
	a = &pp->aggs[pp->n_aggs++];
	memset(a, 0, sizeof(*a));
	a->type = type;
	return &a->members;
}

bool zt_pp_is_file(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode);
}

/* The file's index, added (to be read) when new; paths are made canonical. */
static uint32_t add_file(struct zt_prepass *pp, const char *path, bool main)
{
	char *real = realpath(path, NULL);
	const char *key = real ? real : path;
	size_t i = zt_strmap_get(&pp->file_map, key);
	struct zt_pp_file *f;

	if (i != (size_t)-1) {
		pp->files[i].main |= main;
		free(real);
		return (uint32_t)i;
	}
	ZT_ALLOC_GROW(pp->files, pp->n_files + 1, pp->alloc_files);
	f = &pp->files[pp->n_files];
	memset(f, 0, sizeof(*f));
	f->path = real ? real : xstrdup(path);
	f->main = main;
	zt_strmap_put(&pp->file_map, f->path, pp->n_files);
	return (uint32_t)pp->n_files++;
}

void zt_pp_include(struct zt_prepass *pp, uint32_t from, const char *name, size_t len)
{
	const char *slash = strrchr(pp->files[from].path, '/');
	char *rel = xstrndup(name, len), *p;

	/* The includer's directory first, then -iquote and -I, as cpp does. */
	p = xasprintf("%.*s/%s", slash ? (int)(slash - pp->files[from].path) : 1,
		      slash ? pp->files[from].path : ".", rel);
	for (size_t i = 0; !zt_pp_is_file(p) && i < pp->n_idirs; i++) {
		free(p);
		p = xasprintf("%s/%s", pp->idirs[i], rel);
	}
	if (zt_pp_is_file(p)) {
		/* add_file() may move pp->files: take the address after it */
		uint32_t to = add_file(pp, p, false);

		zt_idlist_push(&pp->files[from].includes, to);
	}
	free(p);
	free(rel);
}

static void add_idir(struct zt_prepass *pp, const char *dir, const char *arg)
{
	char *p = arg[0] == '/' ? xstrdup(arg) : xasprintf("%s/%s", dir ? dir : ".", arg);
	char *real = realpath(p, NULL);

	free(p);
	if (!real)
		return;
	for (size_t i = 0; i < pp->n_idirs; i++) {
		if (!strcmp(pp->idirs[i], real)) {
			free(real);
			return;
		}
	}
	ZT_ALLOC_GROW(pp->idirs, pp->n_idirs + 1, pp->alloc_idirs);
	pp->idirs[pp->n_idirs++] = real;
}

static void collect_idirs(struct zt_prepass *pp, const struct zt_compile_cmd *c)
{
	for (size_t i = 1; i < c->argc; i++) {
		const char *a = c->argv[i];

		if ((!strcmp(a, "-I") || !strcmp(a, "-iquote")) && i + 1 < c->argc)
			add_idir(pp, c->directory, c->argv[++i]);
		else if (!strncmp(a, "-I", 2) && a[2])
			add_idir(pp, c->directory, a + 2);
		else if (!strncmp(a, "-iquote", 7) && a[7])
			add_idir(pp, c->directory, a + 7);
	}
}

/* ---- reachability ---- */

static void push_item(struct zt_prepass *pp, uint32_t item)
{
	if (pp->q_tail == pp->q_cap) {
		pp->q_cap = pp->q_cap ? pp->q_cap * 2 : 1024;
		pp->queue = xrealloc(pp->queue, pp->q_cap * sizeof(*pp->queue));
	}
	pp->queue[pp->q_tail++] = item;
}

static void reach_name(struct zt_prepass *pp, uint32_t id)
{
	if (id < pp->n_names && !pp->reached[id]) {
		pp->reached[id] = true;
		pp->from[id] = pp->cur;
		push_item(pp, ITEM(id, ZT_PP_ITEM_NAME));
	}
}

static void reach_field(struct zt_prepass *pp, uint32_t id)
{
	if (id < pp->n_names && !pp->freached[id]) {
		pp->freached[id] = true;
		pp->ffrom[id] = pp->cur;
		push_item(pp, ITEM(id, ZT_PP_ITEM_FIELD));
	}
}

static void reach_member(struct zt_prepass *pp, uint32_t m)
{
	if (m < pp->n_members && !pp->mreached[m]) {
		pp->mreached[m] = true;
		pp->mfrom[m] = pp->cur;
		pp->fany[pp->members[m].field] = true;
		push_item(pp, ITEM(m, ZT_PP_ITEM_MEMBER));
	}
}

/* Does store @s put its function where a call of a reached field or member looks? */
static bool store_reached(const struct zt_prepass *pp, size_t s)
{
	uint32_t m = pp->store_member[s];

	if (pp->freached[pp->stores[s].field])
		return true;
	return m == NONE ? pp->fany[pp->stores[s].field] : pp->mreached[m];
}

/*
 * A field is called: functions sitting positionally where the field is
 * unknown may be what it calls.
 */
static void reach_wildcard(struct zt_prepass *pp)
{
	if (pp->wildcard)
		return;
	pp->wildcard = true;
	for (size_t f = 0; f < pp->n_files; f++)
		for (size_t i = 0; i < pp->files[f].positional.n; i++)
			if (pp->is_func[pp->files[f].positional.v[i]])
				reach_name(pp, pp->files[f].positional.v[i]);
}

/* Is given pair @i of @f a parameter or local of the body (the variable, no function)? */
static bool given_local(const struct zt_pp_file *f, size_t i)
{
	return i / 2 < f->given_local.n && f->given_local.v[i / 2];
}

/* Does the function of given pair @i of @f count (an unknown callee may store it anywhere)? */
static bool given_counts(const struct zt_prepass *pp, const struct zt_pp_file *f, size_t i)
{
	return i / 2 < f->given_open.n && f->given_open.v[i / 2] && pp->is_func[f->given.v[i + 1]];
}

/*
 * A field no struct of the files declares is called (a kernel struct's):
 * a kernel macro (INIT_WORK, timer_setup) may have stored into it any
 * function it was given.
 */
static void reach_given(struct zt_prepass *pp)
{
	if (pp->given_reached)
		return;
	pp->given_reached = true;
	for (size_t f = 0; f < pp->n_files; f++) {
		const struct zt_idlist *g = &pp->files[f].given;

		for (size_t i = 0; i + 1 < g->n; i += 2)
			if (given_counts(pp, &pp->files[f], i))
				reach_name(pp, g->v[i + 1]);
	}
}

static void drain(struct zt_prepass *pp)
{
	while (pp->q_head < pp->q_tail) {
		uint32_t item = pp->queue[pp->q_head++], id = item / ZT_PP_ITEM_KINDS;
		uint32_t kind = item % ZT_PP_ITEM_KINDS, type = NONE;

		pp->cur = item;
		if (kind != ZT_PP_ITEM_NAME) {
			/* a member reaches the stores into it, and those whose struct is not visible */
			if (kind == ZT_PP_ITEM_MEMBER) {
				type = pp->members[id].type;
				id = pp->members[id].field;
			}
			for (uint32_t s = pp->store_head[id]; s != NONE; s = pp->store_next[s])
				if (type == NONE || pp->stores[s].type == NONE ||
				    pp->stores[s].type == type)
					reach_name(pp, pp->stores[s].fn);
			reach_wildcard(pp);
			if (!pp->is_member[id])
				reach_given(pp);
			continue;
		}
		for (uint32_t b = pp->def_head[id]; b != NONE; b = pp->def_next[b]) {
			const struct zt_pp_body *body = &pp->bodies[b];
			/* a function calls; a macro may call anything it names */
			const struct zt_idlist *names = body->kind == ZT_PP_MACRO ? &body->refs :
							&body->calls;
			const struct zt_idlist *fields = &body->fcalls;

			if (body->kind == ZT_PP_TABLE)
				continue;
			for (size_t k = 0; k < names->n; k++)
				reach_name(pp, names->v[k]);
			for (size_t k = 0; k < fields->n; k++) {
				uint32_t type = body->fcall_types.v[k];

				if (type == NONE)
					reach_field(pp, fields->v[k]);
				else
					reach_member(pp, member_of(pp, type, fields->v[k]));
			}
		}
	}
	pp->q_head = pp->q_tail = 0;
	pp->cur = NONE;
}

void zt_prepass_reach(struct zt_prepass *pp, const char *name, bool field)
{
	size_t id = zt_strmap_get(&pp->name_map, name);

	/* A name no file we read mentions: nothing we could parse defines or stores it. */
	if (id == (size_t)-1)
		return;
	if (field)
		reach_field(pp, (uint32_t)id);
	else
		reach_name(pp, (uint32_t)id);
	drain(pp);
}

void zt_prepass_reach_member(struct zt_prepass *pp, const char *type, const char *field)
{
	size_t t = zt_strmap_get(&pp->name_map, type), f = zt_strmap_get(&pp->name_map, field);

	/* a struct no file we read names: its field, as by name */
	if (f == (size_t)-1)
		return;
	if (t == (size_t)-1)
		reach_field(pp, (uint32_t)f);
	else
		reach_member(pp, member_of(pp, (uint32_t)t, (uint32_t)f));
	drain(pp);
}

/* { fn, ... } of a known struct: a store into its member; unknown: the wildcard's. */
static void resolve_positional(struct zt_prepass *pp)
{
	for (size_t i = 0; i < pp->n_pos; i++) {
		const struct zt_pp_positional *ps = &pp->pos[i];
		const struct zt_pp_agg *agg = NULL;

		for (size_t a = 0; a < pp->n_aggs && !agg; a++)
			if (pp->aggs[a].type == ps->type && pp->aggs[a].members.n > ps->index)
				agg = &pp->aggs[a];
		if (agg)
			zt_pp_add_store(pp, agg->members.v[ps->index], ps->fn, ps->file, ps->type);
		else
			zt_idlist_push(&pp->files[ps->file].positional, ps->fn);
	}
}

/*
 * A function given to a callee: into the fields a macro's expansion stores
 * it (stores added), a call (a function's: nothing more), or unknown (open:
 * a call of a field no file declares may reach it). Registrations are roots.
 */
static void resolve_given(struct zt_prepass *pp)
{
	size_t n = pp->n_names;
	/* a function of the files; one of them or a kernel header's declaration */
	bool *own = xcalloc(n + 1, sizeof(*own)), *is_func = xcalloc(n + 1, sizeof(*is_func));
	struct zt_idlist fields = { 0 };

	for (size_t b = 0; b < pp->n_bodies; b++)
		own[pp->bodies[b].name] |= pp->bodies[b].kind == ZT_PP_FUNC;
	memcpy(is_func, own, n * sizeof(*is_func));
	for (size_t k = 0; k < pp->kfuncs.n; k++)
		is_func[pp->kfuncs.v[k]] = true;
	for (size_t f = 0; f < pp->n_files; f++) {
		struct zt_pp_file *file = &pp->files[f];

		for (size_t i = 0; i + 1 < file->given.n; i += 2) {
			uint32_t callee = file->given.v[i], fn = file->given.v[i + 1];
			uint32_t arg = i / 2 < file->given_arg.n ? file->given_arg.v[i / 2] : 0;
			enum zt_pp_given g = ZT_PP_GIVEN_FUNCTION;

			fields.n = 0;
			/* a parameter or local: not the function of that name */
			if (given_local(file, i)) {
				zt_idlist_push(&file->given_open, 0);
				continue;
			}
			/* a registration's function is a root, not a store */
			if (fn < n && own[fn] &&
			    !zt_kernel_napi_registrar(pp->kernel, pp->names[callee],
						      strlen(pp->names[callee])))
				g = zt_pp_follow_given(pp, callee, arg, is_func, n, &fields);
			for (size_t k = 0; k < fields.n; k++)
				zt_pp_add_store(pp, fields.v[k], fn, (uint32_t)f, NONE);
			zt_idlist_push(&file->given_open, g == ZT_PP_GIVEN_UNKNOWN);
			if (fn < n && own[fn])
				pp->n_given[g]++;
		}
	}
	free(fields.v);
	free(own);
	free(is_func);
}

static void link_graph(struct zt_prepass *pp)
{
	resolve_positional(pp);	/* adds stores: first */
	resolve_given(pp);
	pp->def_head = xmalloc((pp->n_names + 1) * sizeof(*pp->def_head));
	pp->store_head = xmalloc((pp->n_names + 1) * sizeof(*pp->store_head));
	pp->def_next = xmalloc((pp->n_bodies + 1) * sizeof(*pp->def_next));
	pp->store_next = xmalloc((pp->n_stores + 1) * sizeof(*pp->store_next));
	pp->is_func = xcalloc(pp->n_names + 1, sizeof(*pp->is_func));
	pp->is_member = xcalloc(pp->n_names + 1, sizeof(*pp->is_member));
	for (size_t a = 0; a < pp->n_aggs; a++) {
		for (size_t i = 0; i < pp->aggs[a].members.n; i++)
			pp->is_member[pp->aggs[a].members.v[i]] = true;
		for (size_t i = 0; i < pp->aggs[a].nested.n; i++)
			pp->is_member[pp->aggs[a].nested.v[i]] = true;
	}
	pp->reached = xcalloc(pp->n_names + 1, sizeof(*pp->reached));
	pp->freached = xcalloc(pp->n_names + 1, sizeof(*pp->freached));
	pp->fany = xcalloc(pp->n_names + 1, sizeof(*pp->fany));
	pp->store_member = xmalloc((pp->n_stores + 1) * sizeof(*pp->store_member));
	for (size_t s = 0; s < pp->n_stores; s++)
		pp->store_member[s] = pp->stores[s].type == NONE ?
					      NONE :
					      member_of(pp, pp->stores[s].type, pp->stores[s].field);
	pp->from = xmalloc((pp->n_names + 1) * sizeof(*pp->from));
	pp->ffrom = xmalloc((pp->n_names + 1) * sizeof(*pp->ffrom));
	pp->cur = NONE;
	for (size_t i = 0; i <= pp->n_names; i++)
		pp->from[i] = pp->ffrom[i] = NONE;
	for (size_t i = 0; i < pp->n_names; i++)
		pp->def_head[i] = pp->store_head[i] = NONE;
	/* Built backwards so each list is in file order. */
	for (size_t b = pp->n_bodies; b-- > 0;) {
		uint32_t n = pp->bodies[b].name;

		pp->def_next[b] = pp->def_head[n];
		pp->def_head[n] = (uint32_t)b;
		pp->is_func[n] |= pp->bodies[b].kind == ZT_PP_FUNC;
	}
	for (size_t s = pp->n_stores; s-- > 0;) {
		uint32_t f = pp->stores[s].field;

		pp->store_next[s] = pp->store_head[f];
		pp->store_head[f] = (uint32_t)s;
	}
}

static void read_files(struct zt_prepass *pp)
{
	/* Includes found while reading append to pp->files: read until none is new. */
	for (size_t f = 0; f < pp->n_files; f++) {
		char *text;
		size_t len;

		if (zt_read_file(pp->files[f].path, &text, &len)) {
			pp->files[f].unreadable = true;
			continue;
		}
		if (pp->files[f].main)
			pp->n_main_bytes += len;
		else
			pp->n_header_bytes += len, pp->n_headers++;
		zt_pp_scan_file(pp, (uint32_t)f, text, len);
		free(text);
	}
	zt_pp_read_kernel_headers(pp);
	for (size_t f = 0; f < pp->n_files; f++)
		idlist_uniq(&pp->files[f].mentions);
}

#define WRAPPER_DEPTH 8

/*
 * @wrapper registers a root through something that is not a function (its
 * parameter 'poll'): the functions given to calls of @wrapper anywhere are
 * roots of the files that give them; a non-function given there makes the
 * body it is given in a wrapper in turn. @done: wrappers already followed.
 */
static void wrapper_roots(struct zt_prepass *pp, uint32_t wrapper, struct zt_idlist *out,
			  bool *done, int depth)
{
	if (wrapper >= pp->n_names || done[wrapper] || depth > WRAPPER_DEPTH)
		return;
	done[wrapper] = true;
	for (size_t f = 0; f < pp->n_files; f++) {
		const struct zt_pp_file *file = &pp->files[f];

		for (size_t i = 0; i + 1 < file->given.n; i += 2) {
			uint32_t id = file->given.v[i + 1];

			if (file->given.v[i] != wrapper)
				continue;
			if (pp->is_func[id] && !given_local(file, i))
				zt_idlist_push(&out[f], id);
			else if (i / 2 < file->given_in.n)
				wrapper_roots(pp, file->given_in.v[i / 2], out, done, depth + 1);
		}
	}
}

/*
 * Roots are functions: an identifier registered that names none (dev, a
 * wrapper's parameter) is not one; the body it was registered in is a
 * wrapper, whose callers give the functions (as check resolves them).
 */
static void resolve_roots(struct zt_prepass *pp)
{
	struct zt_idlist *out = xcalloc(pp->n_files + 1, sizeof(*out));
	bool *done = xcalloc(pp->n_names + 1, sizeof(*done));

	for (size_t f = 0; f < pp->n_files; f++) {
		const struct zt_pp_file *file = &pp->files[f];

		for (size_t i = 0; i < file->roots.n; i++) {
			uint32_t id = file->roots.v[i];
			uint32_t in = i < file->root_in.n ? file->root_in.v[i] : UINT32_MAX;
			bool names_fn = false;

			if (pp->is_func[id]) {
				zt_idlist_push(&out[f], id);
				continue;
			}
			/* a registration given a function is no wrapper's: dev, weight */
			for (size_t j = 0; j < file->roots.n && !names_fn; j++)
				names_fn = file->root_reg.v[j] == file->root_reg.v[i] &&
					   pp->is_func[file->roots.v[j]];
			if (!names_fn && in != UINT32_MAX)
				wrapper_roots(pp, in, out, done, 0);
		}
	}
	for (size_t f = 0; f < pp->n_files; f++) {
		free(pp->files[f].roots.v);
		pp->files[f].roots = out[f];
	}
	free(out);
	free(done);
}

int zt_prepass_build(struct zt_prepass *pp, const struct zt_compdb *db,
		     const struct zt_kernel_rules *kernel, const struct zt_hotrules *rules,
		     char *const *hot, size_t n_hot)
{
	memset(pp, 0, sizeof(*pp));
	pp->kernel = kernel;
	pp->n_tus = db->n;
	pp->tu_file = xcalloc(db->n + 1, sizeof(*pp->tu_file));
	for (size_t t = 0; t < db->n; t++)
		collect_idirs(pp, &db->v[t]);
	for (size_t t = 0; t < db->n; t++)
		pp->tu_file[t] = add_file(pp, db->v[t].file, true);
	read_files(pp);
	link_graph(pp);
	resolve_roots(pp);
	for (size_t f = 0; f < pp->n_files; f++)
		for (size_t i = 0; i < pp->files[f].roots.n; i++)
			reach_name(pp, pp->files[f].roots.v[i]);
	for (size_t i = 0; rules && i < rules->n; i++)
		if (rules->v[i].kind == ZT_RULE_ROOT)
			zt_prepass_reach(pp, rules->v[i].func, false);
	for (size_t i = 0; i < n_hot; i++)
		zt_prepass_reach(pp, hot[i], false);
	drain(pp);
	return 0;
}


void zt_prepass_classify(const struct zt_prepass *pp, enum zt_prepass_why *why)
{
	bool *defines = xcalloc(pp->n_files + 1, sizeof(bool));
	bool *stores = xcalloc(pp->n_files + 1, sizeof(bool));
	bool *covered = xcalloc(pp->n_names + 1, sizeof(bool));

	for (size_t b = 0; b < pp->n_bodies; b++)
		if (pp->bodies[b].kind == ZT_PP_FUNC && pp->reached[pp->bodies[b].name])
			defines[pp->bodies[b].file] = true;
	for (size_t s = 0; s < pp->n_stores; s++)
		if (store_reached(pp, s))
			stores[pp->stores[s].file] = true;
	for (size_t f = 0; pp->wildcard && f < pp->n_files; f++)
		for (size_t i = 0; i < pp->files[f].positional.n && !stores[f]; i++)
			stores[f] = pp->is_func[pp->files[f].positional.v[i]];
	for (size_t f = 0; pp->given_reached && f < pp->n_files; f++)
		for (size_t i = 0; i + 1 < pp->files[f].given.n && !stores[f]; i += 2)
			stores[f] = given_counts(pp, &pp->files[f], i);
	/*
	 * A root registered in several TUs (mlx5e_xmit: the NIC's ops and the
	 * representor's) is found by parsing any one of them: a TU whose only
	 * reason is roots another needed TU registers too is not needed.
	 */
	for (size_t t = 0; t < pp->n_tus; t++) {
		size_t f = pp->tu_file[t];

		if (!pp->files[f].unreadable &&
		    (defines[f] || stores[f] || (pp->files[f].registers && !pp->files[f].roots.n)))
			for (size_t i = 0; i < pp->files[f].roots.n; i++)
				covered[pp->files[f].roots.v[i]] = true;
	}
	for (size_t t = 0; t < pp->n_tus; t++) {
		size_t f = pp->tu_file[t];
		bool new_root = pp->files[f].registers && !pp->files[f].roots.n;

		for (size_t i = 0; i < pp->files[f].roots.n; i++)
			new_root |= !covered[pp->files[f].roots.v[i]];
		if (new_root)
			for (size_t i = 0; i < pp->files[f].roots.n; i++)
				covered[pp->files[f].roots.v[i]] = true;
		if (pp->files[f].unreadable)
			why[t] = ZT_PP_UNREADABLE;
		else if ((pp->files[f].roots.n || pp->files[f].registers) &&
			 (new_root || defines[f] || stores[f]))
			why[t] = ZT_PP_ROOT;
		else if (defines[f])
			why[t] = ZT_PP_DEFINES;
		else if (stores[f])
			why[t] = ZT_PP_STORES;
		else
			why[t] = ZT_PP_SKIP;
	}
	free(covered);
	free(defines);
	free(stores);
}

static bool mentions(const struct zt_pp_file *f, uint32_t id)
{
	return bsearch(&id, f->mentions.v, f->mentions.n, sizeof(uint32_t), id_cmp) != NULL;
}

bool zt_prepass_may_walk(const struct zt_prepass *pp, size_t t, const char *name)
{
	size_t id = zt_strmap_get(&pp->name_map, name), f = pp->tu_file[t];
	bool in_header = false, found = false;
	bool *seen;
	uint32_t *stack;
	size_t sp = 0;

	if (id == (size_t)-1 || pp->files[f].unreadable)
		return true;
	for (uint32_t b = pp->def_head[id]; b != NONE; b = pp->def_next[b]) {
		if (pp->bodies[b].kind != ZT_PP_FUNC)
			continue;
		if (pp->bodies[b].file == f)
			return true;
		in_header |= !pp->files[pp->bodies[b].file].main;
	}
	/* Defined in no file read here (a kernel header): cannot tell. */
	if (!in_header)
		return !pp->is_func[id] || mentions(&pp->files[f], (uint32_t)id);
	/* Through the header functions and macros the TU's own code mentions. */
	seen = xcalloc(pp->n_names + 1, sizeof(*seen));
	stack = xmalloc((pp->n_names + 1) * sizeof(*stack));
	for (size_t i = 0; i < pp->files[f].mentions.n; i++) {
		seen[pp->files[f].mentions.v[i]] = true;
		stack[sp++] = pp->files[f].mentions.v[i];
	}
	while (sp && !found) {
		uint32_t n = stack[--sp];

		found = n == id;
		for (uint32_t b = pp->def_head[n]; b != NONE && !found; b = pp->def_next[b]) {
			const struct zt_pp_body *body = &pp->bodies[b];

			if (pp->files[body->file].main)
				continue;
			for (size_t k = 0; k < body->refs.n; k++) {
				if (!seen[body->refs.v[k]]) {
					seen[body->refs.v[k]] = true;
					stack[sp++] = body->refs.v[k];
				}
			}
		}
	}
	free(seen);
	free(stack);
	return found;
}

/*
 * Can a call in a body of @file be @id's body, inlined? A function defined
 * only in .c files (main files) is inlined only into its own file: without
 * LTO a compiler never sees another TU's body, so another TU's evidence
 * cannot hold its locals. A header's function, or one no file read defines
 * (a kernel header's), can be inlined anywhere.
 */
static bool inlinable_into(const struct zt_prepass *pp, uint32_t id, uint32_t file)
{
	bool in_main = false;

	for (uint32_t b = pp->def_head[id]; b != NONE; b = pp->def_next[b]) {
		const struct zt_pp_body *body = &pp->bodies[b];

		if (body->kind != ZT_PP_FUNC)
			continue;
		if (body->file == file || !pp->files[body->file].main)
			return true;
		in_main = true;
	}
	return !in_main;
}

/*
 * Does @body call something of @in that can be inlined into it? @pos_in:
 * the functions of @in that sit positionally where the field is unknown.
 */
static bool calls_inlinable(const struct zt_prepass *pp, const struct zt_pp_body *body,
			    const bool *in, const struct zt_idlist *pos_in)
{
	for (size_t k = 0; k < body->calls.n; k++)
		if (in[body->calls.v[k]] && inlinable_into(pp, body->calls.v[k], body->file))
			return true;
	for (size_t k = 0; k < body->fcalls.n; k++)
		for (uint32_t s = pp->store_head[body->fcalls.v[k]]; s != NONE;
		     s = pp->store_next[s])
			if (in[pp->stores[s].fn] &&
			    inlinable_into(pp, pp->stores[s].fn, body->file))
				return true;
	/* a positional function may sit in any field a body calls */
	for (size_t i = 0; body->fcalls.n && i < pos_in->n; i++)
		if (inlinable_into(pp, pos_in->v[i], body->file))
			return true;
	return false;
}

void zt_prepass_callers(const struct zt_prepass *pp, char *const *names, size_t n, int depth,
			bool *out)
{
	bool *in = xcalloc(pp->n_names + 1, sizeof(bool));
	bool *positional = xcalloc(pp->n_names + 1, sizeof(bool));
	bool *caller = xcalloc(pp->n_bodies + 1, sizeof(bool));
	struct zt_idlist pos_in = { 0 };

	for (size_t f = 0; f < pp->n_files; f++)
		for (size_t i = 0; i < pp->files[f].positional.n; i++)
			positional[pp->files[f].positional.v[i]] = true;
	for (size_t i = 0; i < n; i++) {
		size_t id = zt_strmap_get(&pp->name_map, names[i]);

		if (id != (size_t)-1)
			in[id] = true;
	}
	/* Callers whose evidence may hold an inlined copy: the compiler saw the callee's body. */
	for (int level = 0; level < depth; level++) {
		bool grew = false;

		pos_in.n = 0;
		for (size_t i = 0; i < pp->n_names; i++)
			if (in[i] && positional[i])
				zt_idlist_push(&pos_in, (uint32_t)i);
		for (size_t b = 0; b < pp->n_bodies; b++) {
			if (!caller[b] && calls_inlinable(pp, &pp->bodies[b], in, &pos_in))
				caller[b] = grew = true;
		}
		for (size_t b = 0; b < pp->n_bodies; b++)
			if (caller[b])
				in[pp->bodies[b].name] = true;
		if (!grew)
			break;
	}
	/*
	 * A TU holds a caller when its main file defines one, or mentions one
	 * defined in a header (walked where it is used).
	 */
	for (size_t b = 0; b < pp->n_bodies; b++) {
		const struct zt_pp_body *body = &pp->bodies[b];

		if (!caller[b])
			continue;
		for (size_t t = 0; t < pp->n_tus; t++) {
			const struct zt_pp_file *f = &pp->files[pp->tu_file[t]];

			if (pp->tu_file[t] == body->file ||
			    (!pp->files[body->file].main && mentions(f, body->name)))
				out[t] = true;
		}
	}
	free(in);
	free(positional);
	free(caller);
	free(pos_in.v);
}

const char *zt_prepass_why_name(enum zt_prepass_why why)
{
	static const char *const names[] = {
		[ZT_PP_SKIP] = "unreachable",
		[ZT_PP_DEFINES] = "defines",
		[ZT_PP_STORES] = "stores",
		[ZT_PP_ROOT] = "root",
		[ZT_PP_CLOSURE] = "closure",
		[ZT_PP_UNREADABLE] = "unreadable",
	};

	return why < ZT_PP_WHY_COUNT ? names[why] : "?";
}

static void explain_item(const struct zt_prepass *pp, uint32_t item, char **out)
{
	for (int steps = 0; item != NONE && steps < 64; steps++) {
		uint32_t id = item / ZT_PP_ITEM_KINDS, kind = item % ZT_PP_ITEM_KINDS;
		char *more;

		if (kind == ZT_PP_ITEM_MEMBER)
			more = xasprintf("%s%sstruct %s.%s", *out, **out ? " <- " : "",
					 pp->names[pp->members[id].type],
					 pp->names[pp->members[id].field]);
		else
			more = xasprintf("%s%s%s%s", *out, **out ? " <- " : "",
					 kind == ZT_PP_ITEM_FIELD ? "." : "", pp->names[id]);
		free(*out);
		*out = more;
		item = kind == ZT_PP_ITEM_MEMBER ? pp->mfrom[id] :
		       kind == ZT_PP_ITEM_FIELD	 ? pp->ffrom[id] :
						   pp->from[id];
	}
}

char *zt_prepass_explain(const struct zt_prepass *pp, size_t t)
{
	size_t f = pp->tu_file[t];
	char *out = xstrdup("");

	if (pp->files[f].roots.n) {
		free(out);
		return xasprintf("registers root %s", pp->names[pp->files[f].roots.v[0]]);
	}
	if (pp->files[f].registers) {
		free(out);
		return xstrdup("registers a root through a function pointer");
	}
	for (size_t b = 0; b < pp->n_bodies; b++) {
		if (pp->bodies[b].file == f && pp->bodies[b].kind == ZT_PP_FUNC &&
		    pp->reached[pp->bodies[b].name]) {
			explain_item(pp, ITEM(pp->bodies[b].name, ZT_PP_ITEM_NAME), &out);
			return out;
		}
	}
	for (size_t s = 0; s < pp->n_stores; s++) {
		uint32_t m = pp->store_member[s];

		if (pp->stores[s].file != f || !store_reached(pp, s))
			continue;
		if (pp->freached[pp->stores[s].field] || m == NONE)
			explain_item(pp, ITEM(pp->stores[s].field, ZT_PP_ITEM_FIELD), &out);
		else
			explain_item(pp, ITEM(m, ZT_PP_ITEM_MEMBER), &out);
		return out;
	}
	free(out);
	return NULL;
}

static void body_release(struct zt_pp_body *b)
{
	free(b->refs.v);
	free(b->frefs.v);
	free(b->calls.v);
	free(b->fcalls.v);
	free(b->fcall_types.v);
}

void zt_prepass_release(struct zt_prepass *pp)
{
	for (size_t i = 0; i < pp->n_names; i++)
		free(pp->names[i]);
	free(pp->names);
	zt_strmap_release(&pp->name_map);
	for (size_t b = 0; b < pp->n_bodies; b++)
		body_release(&pp->bodies[b]);
	free(pp->bodies);
	free(pp->stores);
	for (size_t f = 0; f < pp->n_files; f++) {
		struct zt_pp_file *file = &pp->files[f];

		free(file->path);
		free(file->includes.v);
		free(file->mentions.v);
		free(file->roots.v);
		free(file->root_in.v);
		free(file->root_reg.v);
		free(file->positional.v);
		free(file->given.v);
		free(file->given_in.v);
		free(file->given_arg.v);
		free(file->given_local.v);
		free(file->given_open.v);
	}
	free(pp->files);
	zt_strmap_release(&pp->file_map);
	for (size_t i = 0; i < pp->n_idirs; i++)
		free(pp->idirs[i]);
	free(pp->idirs);
	free(pp->tu_file);
	free(pp->def_head);
	free(pp->def_next);
	free(pp->store_head);
	free(pp->store_next);
	free(pp->is_func);
	free(pp->is_member);
	free(pp->pos);
	for (size_t a = 0; a < pp->n_aggs; a++) {
		free(pp->aggs[a].members.v);
		free(pp->aggs[a].nested.v);
	}
	free(pp->aggs);
	free(pp->reached);
	free(pp->freached);
	free(pp->from);
	free(pp->ffrom);
	for (size_t m = 0; m < pp->n_members; m++)
		free(pp->members[m].key);
	free(pp->members);
	zt_strmap_release(&pp->member_map);
	free(pp->mreached);
	free(pp->mfrom);
	free(pp->store_member);
	free(pp->fany);
	zt_pp_macros_release(pp);
	free(pp->queue);
	memset(pp, 0, sizeof(*pp));
}

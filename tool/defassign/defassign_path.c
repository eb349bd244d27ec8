// SPDX-License-Identifier: GPL-2.0-only
/* Definite assignment, access paths (defassign_path.h). */
#include <stdlib.h>
#include <string.h>

#include "defassign_path.h"
#include "strbuf.h"
#include "zerotax.h"

/* ---- keys ---- */

static struct da_key key_copy(const struct da_key *k)
{
	return (struct da_key){ .kind = k->kind,
				.param = k->param,
				.name = k->name ? xstrdup(k->name) : NULL,
				.member = k->member ? da_path_dup(k->member) : NULL };
}

static void key_release(struct da_key *k)
{
	free(k->name);
	da_path_free(k->member);
	memset(k, 0, sizeof(*k));
}

static struct da_key *key_new(struct da_key k)
{
	struct da_key *r = xmalloc(sizeof(*r));

	*r = k;
	return r;
}

struct da_key *da_key_var(const char *usr)
{
	return key_new((struct da_key){ .kind = DA_KEY_VAR, .name = xstrdup(usr) });
}

struct da_key *da_key_param(unsigned int param)
{
	return key_new((struct da_key){ .kind = DA_KEY_PARAM, .param = param });
}

struct da_key *da_key_member(const struct da_path *member)
{
	return key_new((struct da_key){ .kind = DA_KEY_MEMBER, .member = da_path_dup(member) });
}

struct da_key *da_key_sibling(const char *member)
{
	return key_new((struct da_key){ .kind = DA_KEY_SIBLING, .name = xstrdup(member) });
}

void da_key_free(struct da_key *k)
{
	if (!k)
		return;
	key_release(k);
	free(k);
}

bool da_key_equal(const struct da_key *a, const struct da_key *b)
{
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case DA_KEY_PARAM:
		return a->param == b->param;
	case DA_KEY_MEMBER:
		return !da_path_cmp(a->member, b->member);
	default:
		return !strcmp(a->name, b->name);
	}
}

/* ---- making paths ---- */

struct da_path *da_path_whole(void)
{
	return xcalloc(1, sizeof(struct da_path));
}

struct da_path *da_path_around(const char *type, const char *member)
{
	struct da_path *p = da_path_whole();

	p->around_type = xstrdup(type);
	p->around_member = xstrdup(member);
	return p;
}

static void push_step(struct da_path *p, const struct da_step *s)
{
	struct da_step *d;

	ZT_ALLOC_GROW(p->v, p->n + 1, p->alloc);
	d = &p->v[p->n++];
	*d = (struct da_step){ .kind = s->kind, .index = s->index };
	if (s->name)
		d->name = xstrdup(s->name);
	if (s->kind == DA_STEP_BELOW || s->kind == DA_STEP_AT)
		d->key = key_copy(&s->key);
}

struct da_path *da_path_dup(const struct da_path *p)
{
	struct da_path *r = da_path_whole();

	if (p->around_type) {
		r->around_type = xstrdup(p->around_type);
		r->around_member = xstrdup(p->around_member);
	}
	for (size_t i = 0; i < p->n; i++)
		push_step(r, &p->v[i]);
	return r;
}

struct da_path *da_path_join(const struct da_path *prefix, const struct da_path *p)
{
	struct da_path *r;

	if (da_path_is_whole(prefix))
		return da_path_dup(p);
	r = da_path_dup(prefix);
	for (size_t i = 0; i < p->n; i++)
		push_step(r, &p->v[i]);
	return r;
}

static struct da_path *with_step(const struct da_path *prefix, const struct da_step *s)
{
	struct da_path *r = da_path_dup(prefix);

	push_step(r, s);
	return r;
}

struct da_path *da_path_field(const struct da_path *prefix, const char *name)
{
	if (!name[0])
		return da_path_dup(prefix);
	return with_step(prefix, &(struct da_step){ .kind = DA_STEP_FIELD, .name = (char *)name });
}

struct da_path *da_path_index(const struct da_path *prefix, long long index)
{
	return with_step(prefix, &(struct da_step){ .kind = DA_STEP_INDEX, .index = index });
}

struct da_path *da_path_any(const struct da_path *prefix)
{
	return with_step(prefix, &(struct da_step){ .kind = DA_STEP_ANY });
}

struct da_path *da_path_padding(const struct da_path *prefix)
{
	return with_step(prefix, &(struct da_step){ .kind = DA_STEP_PADDING });
}

struct da_path *da_path_counted(const struct da_path *prefix, enum da_step_kind kind,
				const struct da_key *key)
{
	return with_step(prefix, &(struct da_step){ .kind = kind, .key = *key });
}

struct da_path *da_path_of_fields(const char *dotted)
{
	struct da_path *p = da_path_whole();
	char *copy = xstrdup(dotted), *save = NULL, *tok;

	for (tok = strtok_r(copy, ".", &save); tok; tok = strtok_r(NULL, ".", &save))
		push_step(p, &(struct da_step){ .kind = DA_STEP_FIELD, .name = tok });
	free(copy);
	return p;
}

struct da_path *da_path_from(const struct da_path *p, size_t from)
{
	struct da_path *r = da_path_whole();

	for (size_t i = from; i < p->n; i++)
		push_step(r, &p->v[i]);
	return r;
}

struct da_path *da_path_parent(const struct da_path *p)
{
	struct da_path *r;

	if (!p->n)
		return da_path_whole();
	r = da_path_dup(p);
	r->n--;
	free(r->v[r->n].name);
	key_release(&r->v[r->n].key);
	return r;
}

void da_path_free(struct da_path *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n; i++) {
		free(p->v[i].name);
		key_release(&p->v[i].key);
	}
	free(p->v);
	free(p->around_type);
	free(p->around_member);
	free(p);
}

/* ---- comparing ---- */

static int strcmp_null(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int step_cmp(const struct da_step *a, const struct da_step *b)
{
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	switch (a->kind) {
	case DA_STEP_FIELD:
		return strcmp(a->name, b->name);
	case DA_STEP_INDEX:
		return (a->index > b->index) - (a->index < b->index);
	case DA_STEP_BELOW:
	case DA_STEP_AT:
		if (a->key.kind != b->key.kind)
			return a->key.kind < b->key.kind ? -1 : 1;
		if (a->key.kind == DA_KEY_PARAM)
			return (a->key.param > b->key.param) - (a->key.param < b->key.param);
		if (a->key.kind == DA_KEY_MEMBER)
			return da_path_cmp(a->key.member, b->key.member);
		return strcmp(a->key.name, b->key.name);
	default:
		return 0;
	}
}

static int base_cmp(const struct da_path *a, const struct da_path *b)
{
	int c = strcmp_null(a->around_type, b->around_type);

	return c ? c : strcmp_null(a->around_member, b->around_member);
}

int da_path_cmp(const struct da_path *a, const struct da_path *b)
{
	int c = base_cmp(a, b);

	for (size_t i = 0; !c && i < a->n && i < b->n; i++)
		c = step_cmp(&a->v[i], &b->v[i]);
	if (!c && a->n != b->n)
		c = a->n < b->n ? -1 : 1;
	return c;
}

/* @w's steps begin @p's, from the same base */
static bool begins(const struct da_path *w, const struct da_path *p)
{
	if (w->n > p->n || base_cmp(w, p))
		return false;
	for (size_t i = 0; i < w->n; i++)
		if (step_cmp(&w->v[i], &p->v[i]))
			return false;
	return true;
}

bool da_path_covers(const struct da_path *w, const struct da_path *p)
{
	struct da_path *q;
	bool ok;

	if (da_path_is_whole(w) || begins(w, p))
		return true;
	if (!da_path_has(p, DA_STEP_AT))
		return false;
	/* the element a loop is at, as part of the elements below the count: outermost first */
	q = da_path_dup(p);
	ok = false;
	for (size_t i = 0; !ok && i < q->n; i++) {
		if (q->v[i].kind != DA_STEP_AT)
			continue;
		q->v[i].kind = DA_STEP_BELOW;
		ok = begins(w, q);
	}
	da_path_free(q);
	return ok;
}

bool da_path_is_whole(const struct da_path *p)
{
	return !p->around_type && !p->n;
}

bool da_path_has(const struct da_path *p, enum da_step_kind kind)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->v[i].kind == kind)
			return true;
	return false;
}

bool da_path_fields_only(const struct da_path *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->v[i].kind != DA_STEP_FIELD)
			return false;
	return true;
}

const struct da_step *da_path_last(const struct da_path *p)
{
	return p->n ? &p->v[p->n - 1] : NULL;
}

/* ---- printing ---- */

static void key_print(struct zt_strbuf *sb, const struct da_key *k)
{
	switch (k->kind) {
	case DA_KEY_VAR:
		zt_strbuf_adds(sb, k->name);
		break;
	case DA_KEY_PARAM:
		zt_strbuf_addf(sb, "@%u", k->param);
		break;
	case DA_KEY_SIBLING:
		zt_strbuf_addf(sb, "^%s", k->name);
		break;
	case DA_KEY_MEMBER:
		zt_strbuf_adds(sb, "$");
		da_path_print(sb, k->member, false);
		break;
	}
}

/* "[<K]" as "[0, n)", "[=K]" as "[i < n]": K by its variable's name (after its USR's last '@') */
static void counted_spell(struct zt_strbuf *sb, const struct da_step *s)
{
	bool below = s->kind == DA_STEP_BELOW;
	struct zt_strbuf k = ZT_STRBUF_INIT;
	const char *name;

	key_print(&k, &s->key);
	for (name = k.buf + k.len; name > k.buf && name[-1] != '@' && name[-1] != '^'; name--)
		;
	if (name == k.buf + 1 && k.buf[0] == '@')	/* a callee's unmapped parameter */
		zt_strbuf_addf(sb, below ? "[0, argument %s)" : "[i < argument %s]", name);
	else
		zt_strbuf_addf(sb, below ? "[0, %s)" : "[i < %s]", name);
	zt_strbuf_release(&k);
}

void da_path_print(struct zt_strbuf *sb, const struct da_path *p, bool spelled)
{
	if (p->around_type)
		zt_strbuf_addf(sb, "^%s:%s", p->around_type, p->around_member);
	for (size_t i = 0; i < p->n; i++) {
		const struct da_step *s = &p->v[i];
		const char *dot = i || p->around_type ? "." : "";

		switch (s->kind) {
		case DA_STEP_FIELD:
			zt_strbuf_addf(sb, "%s%s", dot, s->name);
			break;
		case DA_STEP_PADDING:
			zt_strbuf_addf(sb, "%s<padding>", dot);
			break;
		case DA_STEP_INDEX:
			zt_strbuf_addf(sb, "[%lld]", s->index);
			break;
		case DA_STEP_ANY:
			zt_strbuf_adds(sb, "[*]");
			break;
		case DA_STEP_BELOW:
		case DA_STEP_AT:
			if (spelled) {
				counted_spell(sb, s);
				break;
			}
			zt_strbuf_adds(sb, s->kind == DA_STEP_BELOW ? "[<" : "[=");
			key_print(sb, &s->key);
			zt_strbuf_adds(sb, "]");
			break;
		}
	}
}

char *da_path_text(const struct da_path *p, bool spelled)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;

	da_path_print(&sb, p, spelled);
	return zt_strbuf_detach(&sb, NULL);
}

/* ---- lists ---- */

void da_paths_push(struct da_paths *l, const struct da_path *p)
{
	ZT_ALLOC_GROW(l->v, l->n + 1, l->alloc);
	l->v[l->n++] = da_path_dup(p);
}

void da_paths_take(struct da_paths *l, struct da_path *p)
{
	ZT_ALLOC_GROW(l->v, l->n + 1, l->alloc);
	l->v[l->n++] = p;
}

bool da_paths_has(const struct da_paths *l, const struct da_path *p)
{
	for (size_t i = 0; i < l->n; i++)
		if (!da_path_cmp(l->v[i], p))
			return true;
	return false;
}

void da_paths_clear(struct da_paths *l)
{
	for (size_t i = 0; i < l->n; i++)
		da_path_free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, what tests of the object's own fields tell (struct
 * fact). In 'if (x.frags) { x.info = ...; }' x.frags is non-zero in the
 * branch and 0 beside it, so after the join x.info is written wherever
 * x.frags is non-zero: a later 'if (x.frags)' finds it written, and so does a
 * callee that reads x.info only under its own test of frags (6.12's
 * mlx5e_xmit_xdp_buff(): sinfo is set for a multi-buffer frame only, and
 * every reader, the INDIRECT_CALL_2() callees included, tests has_frags
 * first).
 *
 * A fact holds while nothing writes its field: a write of it, or of what
 * holds it, ends it; so does a callee that may write it on any path, a loop
 * (its body may run again after writing it), and the object's address going
 * where the walk does not follow, after which any call may write it.
 * Only fields outside arrays are tested this way.
 */
#include <stdlib.h>
#include <string.h>

#include "defassign_int.h"
#include "zerotax.h"

void da_facts_clear(struct state *s)
{
	for (size_t i = 0; i < s->n_facts; i++) {
		da_path_free(s->facts[i].field);
		da_st_clear(&s->facts[i].set);
	}
	free(s->facts);
	s->facts = NULL;
	s->n_facts = 0;
	s->alloc_facts = 0;
}

static struct fact *fact_of(const struct state *s, const struct da_path *field)
{
	for (size_t i = 0; i < s->n_facts; i++)
		if (!da_path_cmp(s->facts[i].field, field))
			return &s->facts[i];
	return NULL;
}

static struct fact *fact_add(struct state *s, const struct da_path *field, enum fact_value v)
{
	struct fact *f;

	ZT_ALLOC_GROW(s->facts, s->n_facts + 1, s->alloc_facts);
	f = &s->facts[s->n_facts++];
	*f = (struct fact){ .field = da_path_dup(field), .value = v };
	return f;
}

void da_facts_copy(struct state *to, const struct state *from)
{
	da_facts_clear(to);
	for (size_t i = 0; i < from->n_facts; i++) {
		struct fact *f = fact_add(to, from->facts[i].field, from->facts[i].value);

		f->set = da_st_copy(&from->facts[i].set);
	}
}

/* What @s has written where @field is non-zero; *@all when that is everything (it is 0). */
static struct state effective(const struct state *s, const struct da_path *field, bool *all)
{
	const struct fact *f = fact_of(s, field);
	struct state e = { 0 };

	*all = f && f->value == FACT_ZERO;
	if (*all)
		return e;
	for (size_t i = 0; i < s->n; i++)
		da_st_add(&e, s->v[i].path, s->v[i].line, s->v[i].by);
	for (size_t i = 0; f && i < f->set.n; i++)
		da_st_add(&e, f->set.v[i].path, f->set.v[i].line, f->set.v[i].by);
	return e;
}

/* Is every path of @x already in @r's own writes? Then the fact adds nothing. */
static bool adds_nothing(const struct state *r, const struct state *x)
{
	for (size_t i = 0; i < x->n; i++)
		if (!da_st_covered(r, x->v[i].path))
			return false;
	return true;
}

static void join_one(struct state *r, const struct state *a, const struct state *b,
		     const struct da_path *field)
{
	const struct fact *fa = fact_of(a, field), *fb = fact_of(b, field);
	enum fact_value v = fa && fb && fa->value == fb->value ? fa->value : FACT_UNKNOWN;
	bool all_a, all_b;
	struct state ea = effective(a, field, &all_a), eb = effective(b, field, &all_b);
	struct state set = { 0 };

	if (all_a && !all_b)
		da_st_move(&set, &eb);
	else if (all_b && !all_a)
		da_st_move(&set, &ea);
	else if (!all_a)
		da_st_join(NULL, &set, &ea, &eb, 0);
	da_st_clear(&ea);
	da_st_clear(&eb);
	if (fact_of(r, field) || (v == FACT_UNKNOWN && adds_nothing(r, &set))) {
		da_st_clear(&set);
		return;
	}
	fact_add(r, field, v)->set = set;
}

void da_facts_join(struct state *r, const struct state *a, const struct state *b)
{
	da_facts_clear(r);
	for (size_t i = 0; i < a->n_facts; i++)
		join_one(r, a, b, a->facts[i].field);
	for (size_t i = 0; i < b->n_facts; i++)
		join_one(r, a, b, b->facts[i].field);
}

static void note_touched(struct walk *w, const struct da_path *p)
{
	if (w->pointer && w->sum && !da_paths_has(&w->sum->touched, p))
		da_paths_push(&w->sum->touched, p);
}

/*
 * @p as a path of the object itself: "^T:m.m.f" (through container_of() and
 * back into the member the parameter is) is "f", "^T:m" all of it; NULL
 * when it is another member of the struct around, which holds none of it.
 */
static struct da_path *own_part(const struct da_path *p)
{
	if (!p->around_type)
		return da_path_dup(p);
	/* the whole struct around; a step into it but through a member: all of the object too */
	if (!p->n || p->v[0].kind != DA_STEP_FIELD)
		return da_path_whole();
	if (strcmp(p->v[0].name, p->around_member))
		return NULL;
	return da_path_from(p, 1);
}

/* may a write of @p (or of anything it covers) change @field? */
static bool may_change(const struct da_path *p, const struct da_path *field)
{
	struct da_path *a, *b;
	bool yes;

	if (da_path_covers(p, field) || da_path_covers(field, p))
		return true;
	a = own_part(p);
	b = own_part(field);
	yes = a && b && (da_path_covers(a, b) || da_path_covers(b, a));
	da_path_free(a);
	da_path_free(b);
	return yes;
}

static void drop_written(struct state *s, const struct da_path *p);

void da_facts_written(struct walk *w, struct state *s, const struct da_path *p)
{
	note_touched(w, p);
	drop_written(s, p);
	/* a guard's facts were true where its flag was set: no longer after this */
	for (size_t g = 0; g < w->n_guards; g++)
		drop_written(&w->guards[g].writes, p);
	drop_written(&w->flag.st, p);
}

static void drop_written(struct state *s, const struct da_path *p)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n_facts; i++) {
		if (may_change(p, s->facts[i].field)) {
			da_path_free(s->facts[i].field);
			da_st_clear(&s->facts[i].set);
		} else {
			s->facts[n++] = s->facts[i];
		}
	}
	s->n_facts = n;
}

void da_facts_escape(struct walk *w, struct state *s)
{
	w->no_facts = true;
	if (w->pointer && w->sum)
		w->sum->escapes = true;
	da_facts_clear(s);
	for (size_t g = 0; g < w->n_guards; g++)
		da_facts_clear(&w->guards[g].writes);
	da_facts_clear(&w->flag.st);
}

struct writes_scan {
	struct walk *w;
	const struct state *facts;	/* the fields that matter */
	bool hit;
};

static void writes_scan(struct writes_scan *s, CXCursor c);

static enum CXChildVisitResult writes_kids(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	writes_scan(d, c);
	return ((struct writes_scan *)d)->hit ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * A write of one of the facts' fields, or the object's pointer used as a
 * value (given to a call, copied, cast: what is done with it is not seen
 * here); a member's value read is neither. An lvalue the walk cannot name
 * (a cast) counts as a write.
 */
static void writes_scan(struct writes_scan *s, CXCursor c)
{
	CXCursor op;
	struct da_path *p = NULL;
	enum pkind k;

	if (s->hit)
		return;
	if (da_modifies(c, &op)) {
		k = da_path_of(s->w, op, &p);
		for (size_t i = 0; k == P_OBJ && i < s->facts->n_facts && !s->hit; i++)
			s->hit = may_change(p, s->facts->facts[i].field);
		s->hit |= k == P_PTR ||
			  (k == P_OBJ && clang_getCursorKind(c) == CXCursor_UnaryOperator &&
			   clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf);
		da_path_free(p);
		p = NULL;
		if (k == P_NONE)
			clang_visitChildren(op, writes_kids, s);	/* ((T *)x)->f = v */
		if (clang_getCursorKind(c) != CXCursor_UnaryOperator) {
			struct kids kk = da_kids_of(c);

			for (size_t i = 1; i < kk.n; i++)
				writes_scan(s, kk.v[i]);
			free(kk.v);
		}
		return;
	}
	k = da_path_of(s->w, c, &p);
	da_path_free(p);
	if (k == P_PTR)
		s->hit = true;
	else if (k == P_NONE)
		clang_visitChildren(c, writes_kids, s);
}

bool da_may_write_in(struct walk *w, CXCursor body, const struct state *facts)
{
	struct writes_scan s = { w, facts, false };

	writes_scan(&s, body);
	return s.hit;
}

/* the local's own proof found @path written where @field is not 0: said in the answer */
static void note_under(struct da *da, const struct da_path *path, const struct da_path *field)
{
	for (size_t i = 0; i < da->n_under; i++)
		if (!da_path_cmp(da->under[i].path, path) &&
		    !da_path_cmp(da->under[i].field, field))
			return;
	ZT_ALLOC_GROW(da->under, da->n_under + 1, da->alloc_under);
	da->under[da->n_under++] = (struct da_under){ da_path_dup(path), da_path_dup(field) };
}

bool da_fact_assume(struct walk *w, struct state *s, const struct da_path *field, bool nonzero)
{
	enum fact_value v = nonzero ? FACT_NONZERO : FACT_ZERO;
	struct fact *f;

	if (s->dead || w->no_facts)
		return true;
	if (w->pointer && w->sum)
		w->sum->facts_used = true;
	f = fact_of(s, field);
	if (f && f->value != FACT_UNKNOWN)
		return f->value == v;
	if (!f)
		f = fact_add(s, field, v);
	f->value = v;
	if (!nonzero)
		return true;
	/* da_st_add() may grow s->facts: copy the set's paths first */
	{
		struct state set = da_st_copy(&f->set);
		struct da_path *at = da_path_dup(field);

		for (size_t i = 0; i < set.n; i++) {
			/* the local's own proof: said in the answer */
			if (!w->pointer && !da_st_covered(s, set.v[i].path))
				note_under(w->da, set.v[i].path, at);
			da_st_add(s, set.v[i].path, set.v[i].line, set.v[i].by);
		}
		da_st_clear(&set);
		da_path_free(at);
	}
	return true;
}

/* Is the member @c names, or one it is reached through, in a union? */
static bool through_union(CXCursor c)
{
	for (int hops = 0; hops < 16; hops++) {
		struct kids k;
		CXType base;
		CXCursor f;

		c = da_strip(c);
		if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
			return false;
		f = clang_getCursorReferenced(c);
		k = da_kids_of(c);
		base = k.n ? clang_getCanonicalType(clang_getCursorType(da_strip(k.v[0]))) :
			     clang_getCursorType(c);
		if (base.kind == CXType_Pointer)
			base = clang_getCanonicalType(clang_getPointeeType(base));
		if (clang_getCursorKind(clang_getTypeDeclaration(base)) == CXCursor_UnionDecl ||
		    clang_getCursorKind(clang_getCursorSemanticParent(f)) == CXCursor_UnionDecl) {
			free(k.v);
			return true;
		}
		c = k.n ? k.v[0] : c;
		free(k.v);
	}
	return true;
}

/*
 * A scalar field of the object, outside any array and any union (a write of
 * another member of the union changes it): what a fact may be about.
 */
static struct da_path *tested_field(struct walk *w, CXCursor c)
{
	struct da_path *p = NULL;
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(c)).kind;

	if (da_path_of(w, c, &p) != P_OBJ || !p || da_path_is_whole(p) || !da_path_fields_only(p) ||
	    (!is_integer(clang_getCursorType(c)) && k != CXType_Bool && k != CXType_Pointer &&
	     k != CXType_Enum) ||
	    through_union(c) || da_path_in_union(w, p)) {
		da_path_free(p);
		return NULL;
	}
	return p;
}

/* @st is where @field is (not) 0; a path that cannot be ends there */
static void assume_in(struct walk *w, struct state *st, const struct da_path *field, bool nonzero)
{
	if (st && !da_fact_assume(w, st, field, nonzero)) {
		da_st_clear(st);
		st->dead = true;
	}
}

/* a call (but a compiler builtin), an assignment, ++ or -- */
static enum CXChildVisitResult effects_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	CXCursor op;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		name = da_spelling(c);
		*(bool *)d = strncmp(name, "__builtin_", 10) != 0;
		free(name);
	} else if (da_modifies(c, &op) && (clang_getCursorKind(c) != CXCursor_UnaryOperator ||
					   clang_getCursorUnaryOperatorKind(c) !=
						   CXUnaryOperator_AddrOf)) {
		*(bool *)d = true;
	}
	return *(bool *)d ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool has_effects(CXCursor c)
{
	bool yes = false;

	effects_visit(c, c, &yes);
	if (!yes)
		clang_visitChildren(c, effects_visit, &yes);
	return yes;
}

void da_facts_test(struct walk *w, CXCursor cond, struct state *then_st, struct state *else_st)
{
	bool neg;
	CXCursor c = da_test_core(cond, &neg);
	struct kids k = da_kids_of(c);
	struct da_path *field = NULL;

	if (neg) {
		struct state *t = then_st;

		then_st = else_st;
		else_st = t;
	}
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && k.n == 2) {
		enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
		long long v = -1;

		/*
		 * both held where it is true (false for ||); the first only when
		 * the second changes nothing after it was tested
		 */
		if (op == CXBinaryOperator_LAnd) {
			if (!has_effects(k.v[1]))
				da_facts_test(w, k.v[0], then_st, NULL);
			da_facts_test(w, k.v[1], then_st, NULL);
		} else if (op == CXBinaryOperator_LOr) {
			if (!has_effects(k.v[1]))
				da_facts_test(w, k.v[0], NULL, else_st);
			da_facts_test(w, k.v[1], NULL, else_st);
		} else if ((op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE) &&
			   da_literal_index(k.v[1], &v) && !v &&
			   (field = tested_field(w, da_strip(k.v[0])))) {
			assume_in(w, then_st, field, op == CXBinaryOperator_NE);
			assume_in(w, else_st, field, op == CXBinaryOperator_EQ);
		}
	} else if ((field = tested_field(w, c))) {
		assume_in(w, then_st, field, true);
		assume_in(w, else_st, field, false);
	}
	da_path_free(field);
	free(k.v);
}

struct da_tests da_facts_guard(const struct state *s)
{
	struct da_tests t = { 0 };

	for (size_t i = 0; i < s->n_facts; i++) {
		if (s->facts[i].value == FACT_UNKNOWN)
			continue;
		ZT_ALLOC_GROW(t.v, t.n + 1, t.alloc);
		t.v[t.n++] = (struct da_test){ da_path_dup(s->facts[i].field),
					       s->facts[i].value == FACT_NONZERO };
	}
	return t;
}

/* the same tests in the same order (of the facts they came from) */
bool da_tests_equal(const struct da_tests *a, const struct da_tests *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i].nonzero != b->v[i].nonzero || da_path_cmp(a->v[i].field, b->v[i].field))
			return false;
	return true;
}

void da_tests_clear(struct da_tests *t)
{
	for (size_t i = 0; i < t->n; i++)
		da_path_free(t->v[i].field);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

/* Does the callee write @field itself somewhere (then a test of it saw its own value)? */
static bool own_field(const struct summary *s, const struct da_path *field)
{
	if (s->escapes)
		return true;
	for (size_t i = 0; i < s->touched.n; i++)
		if (may_change(s->touched.v[i], field))
			return true;
	return false;
}

void da_facts_finish(struct summary *s)
{
	for (size_t r = 0; r < s->n_reads; r++) {
		struct da_tests *g = &s->reads[r].guard;
		size_t n = 0;

		for (size_t i = 0; i < g->n; i++) {
			if (own_field(s, g->v[i].field))
				da_path_free(g->v[i].field);
			else
				g->v[n++] = g->v[i];
		}
		g->n = n;
	}
}

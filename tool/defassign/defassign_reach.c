// SPDX-License-Identifier: GPL-2.0-only
/*
 * Definite assignment, where the local goes beyond the paths the walk
 * follows: a pointer to it cast to another type (container_of(), a driver's
 * wrapper), its address stored for other code to read, a copy given by value
 * to a callee. Each reads what it may reach, and the refusal says which.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "defassign_int.h"
#include "zerotax.h"

/*
 * Code that holds a pointer to @prefix of the object may reach all of the
 * object around it: the caller's local, every field outside @prefix, is
 * read; a callee's parameter reaches beyond what its caller gave it.
 */
void da_read_around(struct walk *w, struct state *st, const struct da_path *prefix,
		    unsigned int line, const char *by, bool fields_only)
{
	struct da_paths outside = { 0 };
	struct da_path *whole;
	char *text;

	da_facts_escape(w, st);
	if (w->pointer && !w->by_value) {
		w->sum->reaches_out = true;
		return;
	}
	if (da_path_is_whole(prefix))
		return;
	da_paths_push(&outside, prefix);
	whole = da_path_whole();
	da_write_maybe(w, st, whole, line, by, ZT_DA_REACHES_AROUND);
	if (fields_only)
		w->bytes = false;	/* da_read_via() restores it */
	text = da_path_text(prefix, false);
	da_read_via(w, st, whole, line, &outside,
		    xasprintf("by %s() at line %u, which reaches the struct around %s "
			      "(container_of() or a cast)",
			      by, line, text),
		    ZT_DA_REACHES_AROUND);
	free(text);
	da_path_free(whole);
	da_paths_clear(&outside);
}

/*
 * "void *__mptr = (void *)(ptr);" (container_of()), "(T *)((char *)p - off)",
 * "struct my_buff *b = (void *)xdp;": the local's pointer (or a pointer into
 * it) cast to another type, through pointer arithmetic too. What is read
 * through the result is beyond the paths the walk follows: all of the object
 * around the pointer counts as read. The cast's operand is walked as usual.
 */
static CXType pointee_of(CXType t)
{
	return clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(
		clang_getCanonicalType(t))));
}

void da_cast_away(struct walk *w, CXCursor cast, struct state *st)
{
	CXCursor c = cast;
	struct da_path *p = NULL;

	if (!is_kind(clang_getCursorType(cast), CXType_Pointer))
		goto walk;
	for (;;) {
		struct kids k;
		bool arith;

		c = da_strip(c);
		k = da_kids_of(c);
		arith = clang_getCursorKind(c) == CXCursor_BinaryOperator && k.n == 2 &&
			(clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add ||
			 clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Sub) &&
			is_kind(clang_getCursorType(k.v[0]), CXType_Pointer);
		if ((clang_getCursorKind(c) == CXCursor_CStyleCastExpr && k.n) || arith) {
			c = k.v[arith ? 0 : k.n - 1];
			free(k.v);
			continue;
		}
		free(k.v);
		break;
	}
	if (da_path_of(w, c, &p) == P_PTR &&
	    !clang_equalTypes(pointee_of(clang_getCursorType(cast)),
			      pointee_of(clang_getCursorType(c))))
		da_read_around(w, st, p, da_line_of(cast), w->fn ? w->fn : "?", false);
	else if (p)
		da_facts_escape(w, st);	/* what is written through the result is not seen */
	da_path_free(p);
walk:
	da_kids_walk(w, cast, st, 0);
}

/*
 * @value, walked; when it is the local's address (or one into it) kept
 * somewhere the walk does not follow, the read of all of it says so (@why),
 * and what the walk knew of its fields ends, unless it went into a local
 * pointer @dest through which nothing writes.
 */
void da_stored_walk(struct walk *w, CXCursor value, struct state *st, const char *why,
		    CXCursor dest)
{
	const char **slot = w->pointer ? &w->stored : &w->via;
	struct da_path *p = NULL;
	enum pkind k = *slot ? P_NONE : da_path_of(w, value, &p);
	/* an array's name is its address (xdptxdf.dma_arr = dma_arr) */
	bool keep = k == P_PTR ||
		    (k == P_OBJ && is_kind(clang_getCursorType(da_strip(value)), CXType_ConstantArray));
	bool away = keep && (clang_Cursor_isNull(dest) || da_copy_writes(w, dest));
	enum zt_da_unknown was = w->presumed;

	if (away)
		da_facts_escape(w, st);
	if (keep) {
		*slot = why;
		w->presumed = ZT_DA_ESCAPES;
	}
	da_node(w, value, st);
	if (keep) {
		*slot = NULL;
		w->presumed = was;
	}
	/* whoever holds the address may write through it later */
	if (away)
		da_write_maybe(w, st, p, da_line_of(value), "", ZT_DA_ESCAPES);
	da_path_free(p);
}

/* ---- container_of() ---------------------------------------------------------- */

static CXType field_type(CXType t, const char *name, bool *found);

struct field_find {
	const char *name;
	CXType type;
	bool found;
	bool in_union;		/* found in an anonymous union */
};

static bool is_union(CXType t)
{
	return clang_getCursorKind(clang_getTypeDeclaration(clang_getCanonicalType(t))) ==
	       CXCursor_UnionDecl;
}

static CXType field_type_of(CXType t, const char *name, bool *found, bool *in_union);

static enum CXVisitorResult field_find_visit(CXCursor c, CXClientData d)
{
	struct field_find *f = d;
	char *name = da_spelling(c);

	if (!strcmp(name, f->name)) {
		f->type = clang_getCanonicalType(clang_getCursorType(c));
		f->found = true;
	} else if (!name[0]) {
		/* an anonymous struct or union: its members are the outer one's */
		f->type = field_type_of(clang_getCursorType(c), f->name, &f->found, &f->in_union);
		f->in_union |= f->found && is_union(clang_getCursorType(c));
	}
	free(name);
	return f->found ? CXVisit_Break : CXVisit_Continue;
}

static CXType field_type_of(CXType t, const char *name, bool *found, bool *in_union)
{
	struct field_find f = { .name = name };

	clang_Type_visitFields(clang_getCanonicalType(t), field_find_visit, &f);
	*found = f.found;
	*in_union = f.in_union;
	return f.type;
}

static CXType field_type(CXType t, const char *name, bool *found)
{
	bool in_union;

	return field_type_of(t, name, found, &in_union);
}

bool da_path_in_union(struct walk *w, const struct da_path *path)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(w->target));
	bool ok = true, in = false;

	if (path->around_type)
		return false;	/* the struct around: da_container_alias() takes no union */
	if (w->pointer && !w->by_value)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	for (size_t i = 0; ok && !in && i < path->n; i++) {
		bool anon = false;

		in = is_union(t);
		/* an element or the holes: no field of that name */
		if (path->v[i].kind == DA_STEP_FIELD)
			t = field_type_of(t, path->v[i].name, &ok, &anon);
		else
			ok = false;
		in |= anon;
	}
	return in || !ok;
}

/* The type of @path (fields only) in the object the walk follows; false when unknown. */
static bool path_type(struct walk *w, const struct da_path *path, CXType *out)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(w->target));
	bool ok = !path->around_type && da_path_fields_only(path);

	if (w->pointer && !w->by_value)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	for (size_t i = 0; ok && i < path->n; i++)
		t = field_type(t, path->v[i].name, &ok);
	*out = t;
	return ok;
}

/* "struct T" or "union T": T */
static char *record_name(CXType t)
{
	CXString s = clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t)));
	const char *n = clang_getCString(s) ? clang_getCString(s) : "";
	char *r;

	if (!strncmp(n, "struct ", 7))
		n += 7;
	else if (!strncmp(n, "union ", 6))
		n += 6;
	r = xstrdup(n);
	clang_disposeString(s);
	return r;
}

/* @prefix is member @m of a struct named @rec: the path of that struct (else NULL) */
static struct da_path *around(struct walk *w, const struct da_path *prefix, const char *rec,
			      const char *m)
{
	const struct da_step *last = da_path_last(prefix);
	struct da_path *base;
	char *name;
	CXType t;
	bool ok;

	if (!last || last->kind != DA_STEP_FIELD || strcmp(last->name, m))
		return NULL;
	base = da_path_parent(prefix);
	ok = path_type(w, base, &t) && t.kind == CXType_Record;
	name = ok ? record_name(t) : NULL;
	ok = name && !strcmp(name, rec);
	free(name);
	if (!ok) {
		da_path_free(base);
		return NULL;
	}
	return base;
}

struct da_path *da_up_map(struct walk *w, const struct da_path *prefix, const struct da_path *path)
{
	struct da_path *base, *rest, *r = NULL;

	if (da_path_is_whole(prefix) && w->pointer && !w->by_value)
		return da_path_dup(path);	/* still around the parameter */
	/* the struct around the caller's struct around; a step into it but through a member */
	if (prefix->around_type || (path->n && path->v[0].kind != DA_STEP_FIELD))
		return NULL;
	base = around(w, prefix, path->around_type, path->around_member);
	if (base) {
		rest = da_path_from(path, 0);
		r = da_path_join(base, rest);
		da_path_free(rest);
	}
	da_path_free(base);
	return r;
}

/* The last kid of @c (a cast's operand, an initializer, a block's value), stripped. */
static CXCursor last_kid(CXCursor c)
{
	struct kids k = da_kids_of(c);
	CXCursor r = k.n ? da_strip(k.v[k.n - 1]) : clang_getNullCursor();

	free(k.v);
	return r;
}

/* offsetof(T, m) of one member: m, else NULL */
static char *offset_member(CXCursor c)
{
	struct kids k = da_kids_of(da_strip(c));
	char *m = NULL;
	unsigned int n = 0;

	for (size_t i = 0; i < k.n; i++)
		if (clang_getCursorKind(k.v[i]) == CXCursor_MemberRef && !n++)
			m = da_spelling(k.v[i]);
	free(k.v);
	if (n != 1) {
		free(m);
		return NULL;
	}
	return m;
}

/*
 * container_of(ptr, T, m): (T *)((char *)(ptr) - offsetof(T, m)), or as the
 * kernel spells it, ({ void *__mptr = (void *)(ptr); ...; ((T *)(__mptr -
 * offsetof(T, m))); }). *@ptr and @m (one member, not a member's member);
 * false when @e is not that.
 */
static bool container_parts(struct walk *w, CXCursor e, CXCursor *ptr, char **m)
{
	struct kids sub;
	CXCursor c = da_strip(e);

	*m = NULL;
	if (clang_getCursorKind(c) == CXCursor_StmtExpr)
		c = last_kid(last_kid(c));
	if (clang_getCursorKind(c) != CXCursor_CStyleCastExpr)
		return false;
	c = last_kid(c);
	sub = da_kids_of(c);
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && sub.n == 2 &&
	    clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Sub)
		*m = offset_member(sub.v[1]);
	c = *m ? da_strip(sub.v[0]) : c;
	free(sub.v);
	if (!*m)
		return false;
	/* through casts, and the macro's own pointer variable (set once, never changed) */
	for (int hops = 0; hops < 8; hops++) {
		CXCursor v = clang_getCursorReferenced(c);

		if (clang_getCursorKind(c) == CXCursor_CStyleCastExpr)
			c = last_kid(c);
		else if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
			 clang_getCursorKind(v) == CXCursor_VarDecl &&
			 !clang_equalCursors(v, w->target) && !da_changes(w->body, v, 0) &&
			 clang_isExpression(clang_getCursorKind(last_kid(v))) &&
			 clang_getCursorKind(last_kid(v)) == CXCursor_CStyleCastExpr)
			c = last_kid(v);
		else
			break;
	}
	*ptr = c;
	return true;
}

bool da_container_alias(struct walk *w, CXCursor var)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var)), pt, mt, have;
	struct kids k;
	CXCursor ptr;
	char *m = NULL, *rec = NULL;
	struct da_path *q = NULL, *path = NULL;
	bool ok;

	if (w->n_alias == DA_MAX_ALIASES || clang_Cursor_isNull(w->body) ||
	    t.kind != CXType_Pointer || da_changes(w->body, var, 0))
		return false;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	k = da_kids_of(var);
	/* a union's members overlap: its other members are not "another member" */
	ok = pt.kind == CXType_Record && !is_union(pt) && k.n &&
	     clang_isExpression(clang_getCursorKind(k.v[k.n - 1])) &&
	     container_parts(w, k.v[k.n - 1], &ptr, &m) && da_path_of(w, ptr, &q) == P_PTR;
	free(k.v);
	if (ok) {
		rec = record_name(pt);
		path = around(w, q, rec, m);
		/* the parameter itself is member m: the struct around it, "^T:m" */
		if (!path && da_path_is_whole(q) && w->pointer && !w->by_value) {
			mt = field_type(pt, m, &ok);
			have = clang_getCanonicalType(clang_getPointeeType(
				clang_getCanonicalType(clang_getCursorType(w->target))));
			ok = ok && clang_equalTypes(clang_getUnqualifiedType(mt),
						    clang_getUnqualifiedType(have));
			path = ok ? da_path_around(rec, m) : NULL;
		}
	}
	if (path) {
		w->alias[w->n_alias] = var;
		w->alias_path[w->n_alias++] = path;
	}
	free(rec);
	da_path_free(q);
	free(m);
	return path != NULL;
}

/* ---- writes through a copy of its pointer -------------------------------------- */

struct copy_scan {
	struct walk *w;
	CXCursor var;
	bool writes;
};

/* @c is an lvalue reached from @var through a member, subscript or '*' of it */
static bool through(CXCursor c, CXCursor var)
{
	for (int hops = 0;; hops++) {
		struct kids k;
		enum CXCursorKind kind;

		c = da_strip(c);
		kind = clang_getCursorKind(c);
		if (kind == CXCursor_DeclRefExpr)
			return hops && clang_equalCursors(clang_getCursorReferenced(c), var);
		if (kind != CXCursor_MemberRefExpr && kind != CXCursor_ArraySubscriptExpr &&
		    kind != CXCursor_CStyleCastExpr &&
		    !(kind == CXCursor_UnaryOperator &&
		      clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref))
			return false;
		k = da_kids_of(c);
		if (!k.n) {
			free(k.v);
			return false;
		}
		c = kind == CXCursor_CStyleCastExpr ? k.v[k.n - 1] : k.v[0];
		free(k.v);
	}
}

/* the callee's parameter @i given @var: does it write, or keep, anything of it? */
static bool callee_writes(struct copy_scan *s, CXCursor call, unsigned int i)
{
	CXCursor ref = clang_getCursorReferenced(call);
	CXCursor def = clang_Cursor_isNull(ref) ? ref : clang_getCursorDefinition(ref);
	char *name = da_spelling(call);
	enum zt_da_unknown why;
	struct summary *sum = NULL;

	for (size_t h = 0; h < s->w->da->h->n; h++)
		if (!strcmp(s->w->da->h->v[h].fn, name)) {
			free(name);
			return true;	/* the table says what it reads or writes, not what it keeps */
		}
	sum = da_callee_summary(s->w, def, name, i, &why);
	free(name);
	return !sum || sum->unknown || sum->escapes || sum->reaches_out || sum->touched.n;
}

static void copy_scan(struct copy_scan *s, CXCursor c, bool allowed);

static enum CXChildVisitResult copy_kids(CXCursor c, CXCursor parent, CXClientData d)
{
	struct copy_scan *s = ((void **)d)[0];
	bool allowed = *(bool *)((void **)d)[1];

	(void)parent;
	copy_scan(s, c, allowed);
	return s->writes ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void scan_kids(struct copy_scan *s, CXCursor c, bool allowed)
{
	void *d[2] = { s, &allowed };

	clang_visitChildren(c, copy_kids, d);
}

/*
 * @c, where a bare use of the variable is @allowed (a member's base, a
 * condition, a comparison's operand, an assignment's target) or is a copy
 * that may go anywhere (an initializer, a value returned, stored, cast).
 */
static void copy_scan(struct copy_scan *s, CXCursor c, bool allowed)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor op;
	struct kids k;

	if (s->writes)
		return;
	if (kind == CXCursor_DeclRefExpr) {
		s->writes = !allowed && clang_equalCursors(clang_getCursorReferenced(c), s->var);
		return;
	}
	if (da_modifies(c, &op) && (through(op, s->var) ||
				    (kind == CXCursor_UnaryOperator && da_is_ref(op, CXCursor_DeclRefExpr, s->var) &&
				     clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf))) {
		s->writes = true;	/* a write through it, or its address given away */
		return;
	}
	k = da_kids_of(c);
	if (kind == CXCursor_CallExpr) {
		for (size_t i = 1; i < k.n && !s->writes; i++)
			if (da_is_ref(k.v[i], CXCursor_DeclRefExpr, s->var))
				s->writes = callee_writes(s, c, (unsigned int)(i - 1));
			else
				copy_scan(s, k.v[i], false);
	} else if (kind == CXCursor_BinaryOperator && k.n == 2) {
		enum CXBinaryOperatorKind b = clang_getCursorBinaryOperatorKind(c);
		bool cmp = b >= CXBinaryOperator_LT && b <= CXBinaryOperator_LOr;

		copy_scan(s, k.v[0], cmp || b == CXBinaryOperator_Assign);
		copy_scan(s, k.v[1], cmp);
	} else if (kind == CXCursor_MemberRefExpr || kind == CXCursor_ArraySubscriptExpr) {
		copy_scan(s, k.v[0], true);
		for (size_t i = 1; i < k.n; i++)
			copy_scan(s, k.v[i], false);
	} else if (kind == CXCursor_UnaryOperator || kind == CXCursor_UnexposedExpr ||
		   kind == CXCursor_ParenExpr) {
		scan_kids(s, c, kind == CXCursor_UnaryOperator ?
					clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_AddrOf :
					allowed);
	} else if (kind == CXCursor_IfStmt || kind == CXCursor_WhileStmt ||
		   kind == CXCursor_ConditionalOperator) {
		for (size_t i = 0; i < k.n; i++)
			copy_scan(s, k.v[i], !i || kind != CXCursor_ConditionalOperator);
	} else {
		/* statements hold no value; every other expression may copy it */
		scan_kids(s, c, !clang_isExpression(kind) && kind != CXCursor_ReturnStmt &&
					kind != CXCursor_VarDecl);
	}
	free(k.v);
}

bool da_copy_writes(struct walk *w, CXCursor var)
{
	struct copy_scan s = { w, var, false };

	if (!da_function_local(var) || clang_Cursor_isNull(w->body))
		return true;
	copy_scan(&s, w->body, true);
	return s.writes;
}

/*
 * The local (or a struct member of it) passed by value: the callee reads of
 * its copy what its body reads before writing it, and no more (a copied byte
 * nobody reads changes no read); what it writes is its own copy's. A callee
 * whose body zerotax cannot see reads all of it.
 */
void da_by_value(struct walk *w, struct state *st, CXCursor ref, const char *name,
		 unsigned int param, const struct da_path *p, unsigned int line)
{
	CXCursor def = clang_Cursor_isNull(ref) ? ref : clang_getCursorDefinition(ref);
	enum zt_da_unknown why;
	struct summary *s = da_callee_summary(w, def, name, param, &why);

	if (!s || s->unknown || !s->by_value) {
		da_read_via(w, st, p, line, NULL,
			    xasprintf("copied into %s() at line %u, which zerotax cannot see into",
				      name[0] ? name : "a call", line),
			    s && !s->unknown ? ZT_DA_NOT_FOLLOWED : why);
		return;
	}
	for (size_t r = 0; r < s->n_reads; r++) {
		struct da_path *q = da_path_join(p, s->reads[r].path);

		da_read_via(w, st, q, line, NULL,
			    xasprintf("in %s (its copy), called at line %u", s->reads[r].at, line),
			    s->reads[r].why);
		da_path_free(q);
	}
}

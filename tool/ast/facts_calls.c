// SPDX-License-Identifier: GPL-2.0-only
/*
 * Calls, roots and function pointers: what each call passes, functions
 * stored into fields and pointers, bulk calls, member accesses.
 */
#include <stdlib.h>
#include <string.h>

#include "facts_int.h"

/*
 * A function stored into a function-pointer local or parameter: recorded like
 * a field store, under a key of its own ("local:USR", "param:FN#i"), so a call
 * through the pointer reaches exactly the functions ever stored into it.
 * fx_pointer_key() is the key of a function-pointer local or parameter @var,
 * NULL for anything else.
 */
char *fx_pointer_key(struct walk *w, CXCursor var)
{
	enum CXCursorKind kind = clang_getCursorKind(var);
	struct zt_function *f = fx_cur(w);
	enum CX_StorageClass sc;

	if (!f)
		return NULL;
	if (kind == CXCursor_ParmDecl) {
		for (size_t i = 0; i < w->n_param_cursors; i++)
			if (clang_equalCursors(w->param_cursors[i], var))
				return xasprintf("param:%s#%zu", f->usr, i);
		return NULL;
	}
	sc = clang_Cursor_getStorageClass(var);
	if (kind == CXCursor_VarDecl && sc != CX_SC_Static && sc != CX_SC_Extern &&
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) != CXCursor_TranslationUnit) {
		char *usr = fx_take(clang_getCursorUSR(var)), *key = xasprintf("local:%s", usr);

		free(usr);
		return key;
	}
	return NULL;
}

static bool is_function_pointer(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return false;
	t = clang_getCanonicalType(clang_getPointeeType(t));
	return t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto;
}

/*
 * The key of the function-pointer local or parameter @e reads (poll in
 * netif_napi_add(dev, napi, poll)), else NULL.
 */
static char *pointer_source(struct walk *w, CXCursor e)
{
	CXCursor var;
	enum CXCursorKind k;

	e = fx_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return NULL;
	var = clang_getCursorReferenced(e);
	k = clang_getCursorKind(var);
	if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) ||
	    !is_function_pointer(clang_getCursorType(var)))
		return NULL;
	return fx_pointer_key(w, var);
}

/*
 * The key "field:USR" of the function-pointer field @e reads (the 'f' of
 * INDIRECT_CALL_1(f, ...), whose fallback calls a local copy of it), else
 * NULL: a pointer holding it holds whatever was stored into the field.
 */
static char *field_source(CXCursor e)
{
	CXCursor fd;
	char *usr, *key;

	e = fx_strip(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return NULL;
	fd = clang_getCursorReferenced(e);
	if (clang_getCursorKind(fd) != CXCursor_FieldDecl ||
	    !is_function_pointer(clang_getCursorType(fd)))
		return NULL;
	usr = fx_take(clang_getCursorUSR(fd));
	key = usr[0] ? xasprintf("field:%s", usr) : NULL;
	free(usr);
	return key;
}

/*
 * NULL, 0, (void *)0: a store that calls nothing. Read from the tokens of
 * the tree (through parentheses and casts to a literal 0), never evaluated:
 * clang_Cursor_Evaluate() crashed on some kernel expressions (6.12's
 * bnxt.c, ixgbe_main.c).
 */
static bool is_null_pointer(CXCursor e)
{
	for (int hops = 0; hops < 8; hops++) {
		enum CXCursorKind k = clang_getCursorKind(e);
		struct kids kids = { 0 };
		CXEvalResult r;
		bool null;

		if (k == CXCursor_IntegerLiteral) {
			r = clang_Cursor_Evaluate(e);
			null = r && clang_EvalResult_getKind(r) == CXEval_Int &&
			       !clang_EvalResult_getAsLongLong(r);
			if (r)
				clang_EvalResult_dispose(r);
			return null;
		}
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr &&
		    k != CXCursor_CStyleCastExpr)
			return false;
		fx_get_kids(e, &kids);
		if (!kids.n) {
			free(kids.v);
			return false;
		}
		e = kids.v[kids.n - 1];
		free(kids.v);
	}
	return false;
}

/*
 * Every function @e may evaluate to (f, &f, c ? f : g) stored under
 * @field_usr (a field's USR or a pointer's key); a function-pointer local or
 * parameter is stored as its key (an alias, resolved in the program): the
 * functions ever stored into it. Any other value but NULL is stored as
 * ZT_STORE_UNKNOWN: whoever needs every function stored there knows it cannot.
 */
static void store_values(struct walk *w, const char *field_usr, const char *record,
			 const char *field, CXCursor e, int depth)
{
	struct zt_field_assign *a;
	CXCursor fn;
	char *src;

	e = fx_strip(e);
	if (fx_function_ref(e, &fn)) {
		a = PUSH(w->tu->assigns, w->tu->n_assigns);
		a->field_usr = xstrdup(field_usr);
		a->record = xstrdup(record);
		a->field = xstrdup(field);
		a->fn_usr = fx_take(clang_getCursorUSR(fn));
		a->fn_name = fx_take(clang_getCursorSpelling(fn));
		fx_want_definition(w, fn, a->fn_usr);
	} else if (clang_getCursorKind(e) == CXCursor_ConditionalOperator && depth < 8) {
		struct kids k = { 0 };

		fx_get_kids(e, &k);
		for (size_t i = 1; i < k.n; i++)
			store_values(w, field_usr, record, field, k.v[i], depth + 1);
		free(k.v);
	} else if ((src = pointer_source(w, e)) || (src = field_source(e))) {
		if (strcmp(src, field_usr)) {
			a = PUSH(w->tu->assigns, w->tu->n_assigns);
			a->field_usr = xstrdup(field_usr);
			a->record = xstrdup(record);
			a->field = xstrdup(field);
			a->fn_usr = src;
			a->fn_name = fx_take(clang_getCursorSpelling(clang_getCursorReferenced(e)));
			src = NULL;
		}
		free(src);
	} else if (!is_null_pointer(e)) {
		a = PUSH(w->tu->assigns, w->tu->n_assigns);
		a->field_usr = xstrdup(field_usr);
		a->record = xstrdup(record);
		a->field = xstrdup(field);
		a->fn_usr = xstrdup(ZT_STORE_UNKNOWN);
		a->fn_name = xstrdup(ZT_STORE_UNKNOWN);
	}
}

void fx_add_pointer_values(struct walk *w, const char *key, const char *name, CXCursor e)
{
	store_values(w, key, "", name, e, 0);
}

/*
 * The functions a registration's argument may be: f, c ? f : g, or a
 * function-pointer parameter or local (a wrapper's 'poll'), recorded by its
 * key and resolved in the program to what its callers give it.
 */
static void add_root_values(struct walk *w, CXCursor e, const char *why, int depth)
{
	struct zt_root_ref *r;
	CXCursor fn;
	char *src;

	e = fx_strip(e);
	if (fx_function_ref(e, &fn)) {
		r = PUSH(w->tu->roots, w->tu->n_roots);
		r->fn_usr = fx_take(clang_getCursorUSR(fn));
		fx_want_definition(w, fn, r->fn_usr);
		r->fn_name = fx_take(clang_getCursorSpelling(fn));
		r->why = xstrdup(why);
	} else if (clang_getCursorKind(e) == CXCursor_ConditionalOperator && depth < 8) {
		struct kids k = { 0 };

		fx_get_kids(e, &k);
		for (size_t i = 1; i < k.n; i++)
			add_root_values(w, k.v[i], why, depth + 1);
		free(k.v);
	} else if ((src = pointer_source(w, e)) || (src = field_source(e))) {
		/* a local, a parameter, or a table's field (modes[m].poll, ops->poll) */
		r = PUSH(w->tu->roots, w->tu->n_roots);
		r->fn_usr = src;
		r->fn_name = fx_take(clang_getCursorSpelling(clang_getCursorReferenced(e)));
		r->why = xstrdup(why);
	}
}

/* 1 + the index of the local whose address @arg is (&x, or an array x), else 0. */
static unsigned int address_of_local(struct walk *w, CXCursor arg)
{
	struct zt_function *f = fx_cur(w);
	CXCursor e = fx_addr_operand(arg, NULL);
	struct zt_local *l;

	if (!f || clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	l = fx_local_for(w, clang_getCursorReferenced(e));
	return l ? (unsigned int)(l - f->locals) + 1 : 0;
}

/* One packet (rules/kernel.conf's packet-record: struct sk_buff, ...; @t canonical). */
static bool packet_record(const struct walk *w, CXType t)
{
	char *name;
	bool is;

	if (t.kind != CXType_Record)
		return false;
	name = fx_take(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
	is = zt_kernel_packet_record(w->opts->kernel, name);
	free(name);
	return is;
}

/*
 * Is @e one element of an array of packets at an index that is not a
 * constant: &bufs[i] of struct xdp_buff bufs[], skbs[i] of struct sk_buff
 * *skbs[], or a local the function set to one (struct zt_call's
 * arg_packet_element)?
 */
bool fx_packet_element(struct walk *w, CXCursor e)
{
	struct kids k = { 0 };
	bool addr, is = false;
	CXType t;

	e = fx_addr_operand(e, &addr);
	if (!addr && clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		CXCursor var = clang_getCursorReferenced(e);

		for (size_t i = 0; i < w->n_elem_vars && !is; i++)
			is = clang_equalCursors(w->elem_vars[i], var);
		return is;
	}
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr)
		return false;
	t = clang_getCanonicalType(clang_getCursorType(e));
	if (!addr && t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	else if (!addr)
		return false;
	fx_get_kids(e, &k);
	is = k.n == 2 && packet_record(w, t) &&
	     clang_getCursorKind(fx_strip(k.v[1])) != CXCursor_IntegerLiteral;
	free(k.v);
	return is;
}

/* xdp = &bufs[i]: @var now holds one element of an array of packets. */
void fx_note_elem_var(struct walk *w, CXCursor var, CXCursor value)
{
	if (!fx_cur(w) || !fx_packet_element(w, value))
		return;
	ZT_PUSH_IMPLICIT(w->elem_vars, w->n_elem_vars);
	w->elem_vars[w->n_elem_vars++] = var;
}

/*
 * How many objects a bulk call handles: the length of the array it fills
 * (a local void *objs[N]), else a constant *BATCH* / *BULK* count given to
 * it, else ZT_BATCH_UNKNOWN.
 */
static unsigned int bulk_size(CXCursor call)
{
	unsigned int n = 0;

	for (int i = 0; i < clang_Cursor_getNumArguments(call) && !n; i++) {
		CXCursor a = fx_strip(clang_Cursor_getArgument(call, (unsigned int)i));
		CXType t = clang_getCanonicalType(clang_getCursorType(a));
		long long len;

		if (clang_getCursorKind(a) != CXCursor_DeclRefExpr || t.kind != CXType_ConstantArray)
			continue;
		len = clang_getArraySize(t);
		if (len > 1 && len < 65536)
			n = (unsigned int)len;
	}
	for (int i = 0; i < clang_Cursor_getNumArguments(call) && !n; i++)
		n = fx_batch_constant(clang_Cursor_getArgument(call, (unsigned int)i));
	return n ? n : ZT_BATCH_UNKNOWN;
}

/*
 * A call of function @ref: a NAPI registration names a root; in a function,
 * the call (NULL: a builtin, or outside one) and the functions it is given.
 */
static struct zt_call *add_direct_call(struct walk *w, struct zt_function *f, CXCursor call,
				       CXCursor ref)
{
	char *name = fx_take(clang_getCursorSpelling(ref)), *key;
	struct zt_call *cl;

	if (!strncmp(name, "__builtin_", 10)) {
		free(name);
		return NULL;
	}
	/* Registration of a NAPI poll function (rules/kernel.conf): a root. */
	if (zt_kernel_napi_registrar(w->opts->kernel, name, strlen(name))) {
		int n = clang_Cursor_getNumArguments(call);
		char *why = xasprintf("%s()", name);

		for (int i = 0; i < n; i++)
			add_root_values(w, clang_Cursor_getArgument(call, (unsigned int)i), why, 0);
		free(why);
	}
	if (!f) {
		free(name);
		return NULL;
	}
	cl = PUSH(f->calls, f->n_calls);
	cl->kind = ZT_CALL_DIRECT;
	cl->target = fx_take(clang_getCursorUSR(ref));
	cl->name = name;
	fx_want_definition(w, ref, cl->target);
	/* a function passed as an argument lands in the callee's parameter */
	for (int i = 0; i < clang_Cursor_getNumArguments(call); i++) {
		key = xasprintf("param:%s#%d", cl->target, i);
		fx_add_pointer_values(w, key, name,
				      clang_Cursor_getArgument(call, (unsigned int)i));
		free(key);
	}
	return cl;
}

/* A call through a field, a pointer local or parameter, or an expression. */
static struct zt_call *add_indirect_call(struct walk *w, struct zt_function *f, CXCursor callee,
					 CXCursor ref, enum CXCursorKind rk)
{
	struct zt_call *cl = PUSH(f->calls, f->n_calls);
	char *key =
		rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl ? fx_pointer_key(w, ref) : NULL;

	if (rk == CXCursor_FieldDecl) {
		cl->kind = ZT_CALL_FIELD;
		cl->target = fx_take(clang_getCursorUSR(ref));
		cl->name = fx_take(clang_getCursorSpelling(ref));
	} else if (key) {
		/* through a pointer local or parameter: what was stored into it */
		cl->kind = ZT_CALL_FIELD;
		cl->target = key;
		cl->name = fx_take(clang_getCursorSpelling(ref));
	} else {
		cl->kind = ZT_CALL_POINTER;
		cl->target = xstrdup("");
		cl->name = fx_take(clang_getCursorSpelling(callee));
	}
	return cl;
}

/* ---- arguments that are never NULL --------------------------------------- */

static bool nonnull_value(struct walk *w, CXCursor e, int depth);
static bool object_nonnull(struct walk *w, CXCursor o, int depth);

struct local_values {
	struct walk *w;
	CXCursor var;
	int depth;
	bool only_addresses;
};

static bool refers_var(CXCursor e, CXCursor var)
{
	e = fx_strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

/* Every store to the local, in its function, is an address; and '&var' is nowhere. */
static enum CXChildVisitResult local_values_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct local_values *lv = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids = { 0 };

	(void)parent;
	if (k == CXCursor_AsmStmt) {
		/* an asm statement naming it may write it */
		struct kids in = { 0 };

		fx_get_kids(c, &in);
		for (size_t i = 0; i < in.n; i++)
			if (refers_var(in.v[i], lv->var))
				lv->only_addresses = false;
		free(in.v);
		return lv->only_addresses ? CXChildVisit_Continue : CXChildVisit_Break;
	}
	if (k != CXCursor_UnaryOperator && k != CXCursor_BinaryOperator &&
	    k != CXCursor_CompoundAssignOperator)
		return CXChildVisit_Recurse;
	fx_get_kids(c, &kids);
	if (k == CXCursor_UnaryOperator && kids.n == 1 && refers_var(kids.v[0], lv->var)) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);

		if (op == CXUnaryOperator_AddrOf || op == CXUnaryOperator_PostInc ||
		    op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
		    op == CXUnaryOperator_PreDec)
			lv->only_addresses = false;
	}
	if (k != CXCursor_UnaryOperator && kids.n == 2 && refers_var(kids.v[0], lv->var) &&
	    (k == CXCursor_CompoundAssignOperator ||
	     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) &&
	    (k == CXCursor_CompoundAssignOperator || !nonnull_value(lv->w, kids.v[1], lv->depth)))
		lv->only_addresses = false;
	free(kids.v);
	return lv->only_addresses ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* &o is never NULL: o is a variable, a member or element of one, or of *p with p so. */
static bool object_nonnull(struct walk *w, CXCursor o, int depth)
{
	enum CXCursorKind k;
	struct kids kids = { 0 };
	bool ok = false;

	o = fx_strip(o);
	k = clang_getCursorKind(o);
	if (k == CXCursor_DeclRefExpr)
		return clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(o)))
			       .kind != CXType_Pointer &&
		       clang_getCursorKind(clang_getCursorReferenced(o)) == CXCursor_VarDecl;
	if (k != CXCursor_MemberRefExpr && k != CXCursor_ArraySubscriptExpr &&
	    !(k == CXCursor_UnaryOperator &&
	      clang_getCursorUnaryOperatorKind(o) == CXUnaryOperator_Deref))
		return false;
	fx_get_kids(o, &kids);
	if (kids.n)
		ok = clang_getCanonicalType(clang_getCursorType(kids.v[0])).kind == CXType_Pointer ?
			     nonnull_value(w, kids.v[0], depth + 1) :
			     object_nonnull(w, kids.v[0], depth + 1);
	free(kids.v);
	return ok;
}

/*
 * Never NULL: &x, &p->f, an array, container_of(); or a local of the
 * function initialized to one and set only to such values (the poll's
 * container). A pointer the kernel passes in is not known here.
 */
static bool nonnull_value(struct walk *w, CXCursor e, int depth)
{
	enum CXCursorKind k;
	CXCursor var;
	struct kids kids = { 0 };
	struct local_values lv;
	bool init_ok;

	if (depth > 4)
		return false;
	e = fx_strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
		fx_get_kids(e, &kids);
		init_ok = kids.n == 1 && object_nonnull(w, kids.v[0], depth + 1);
		free(kids.v);
		return init_ok;
	}
	/* container_of() as it expands: (T *)((char *)p - off), ({ ...; (T *)(__mptr - off); }) */
	if (k == CXCursor_BinaryOperator &&
	    (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub ||
	     clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add)) {
		fx_get_kids(e, &kids);
		init_ok = kids.n == 2 &&
			  clang_getCanonicalType(clang_getCursorType(kids.v[0])).kind ==
				  CXType_Pointer &&
			  nonnull_value(w, kids.v[0], depth + 1);
		free(kids.v);
		return init_ok;
	}
	if (k == CXCursor_StmtExpr) {
		struct kids body = { 0 };

		fx_get_kids(e, &kids);
		if (kids.n)
			fx_get_kids(kids.v[0], &body);
		init_ok = body.n && nonnull_value(w, body.v[body.n - 1], depth + 1);
		free(body.v);
		free(kids.v);
		return init_ok;
	}
	if (k == CXCursor_CStyleCastExpr || k == CXCursor_ParenExpr) {
		fx_get_kids(e, &kids);
		init_ok = kids.n && nonnull_value(w, kids.v[kids.n - 1], depth + 1);
		free(kids.v);
		return init_ok;
	}
	if (k != CXCursor_DeclRefExpr)
		return false;
	var = clang_getCursorReferenced(e);
	/* an array's address; a parameter declared as an array is a pointer */
	if (clang_getCursorType(var).kind == CXType_ConstantArray &&
	    clang_getCursorKind(var) == CXCursor_VarDecl)
		return true;
	/* a poll's napi, which it takes its container from: the kernel's instance */
	if (fx_is_napi_param(var) && fx_cur(w) && fx_cur(w)->napi_owner)
		return true;
	if (clang_getCursorKind(var) != CXCursor_VarDecl ||
	    clang_Cursor_getStorageClass(var) == CX_SC_Static ||
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) != CXCursor_FunctionDecl ||
	    clang_Cursor_isNull(w->body))
		return false;
	fx_get_kids(var, &kids);
	init_ok = kids.n && clang_isExpression(clang_getCursorKind(kids.v[kids.n - 1])) &&
		  nonnull_value(w, kids.v[kids.n - 1], depth + 1);
	free(kids.v);
	if (!init_ok)
		return false;
	lv = (struct local_values){ w, var, depth + 1, true };
	clang_visitChildren(w->body, local_values_visit, &lv);
	return lv.only_addresses;
}

/* @e is a parameter of the function itself (through casts), never changed in it. */
static bool param_kept(struct walk *w, CXCursor e)
{
	CXCursor var;
	struct local_values lv;

	e = fx_strip(e);
	/* through casts, and &p->f (never NULL when p is not): down to the pointer */
	for (int hops = 0; hops < 16 && !clang_Cursor_isNull(e); hops++) {
		enum CXCursorKind k = clang_getCursorKind(e);
		struct kids kids = { 0 };
		bool addr = k == CXCursor_UnaryOperator &&
			    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf;

		if (k != CXCursor_CStyleCastExpr && !addr)
			break;
		fx_get_kids(e, &kids);
		e = kids.n ? fx_strip(kids.v[kids.n - 1]) : clang_getNullCursor();
		free(kids.v);
		while (addr && !clang_Cursor_isNull(e) &&
		       (clang_getCursorKind(e) == CXCursor_MemberRefExpr ||
			clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr)) {
			kids = (struct kids){ 0 };
			fx_get_kids(e, &kids);
			e = kids.n ? fx_strip(kids.v[0]) : clang_getNullCursor();
			free(kids.v);
			if (!clang_Cursor_isNull(e) &&
			    clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Pointer)
				break;
		}
		if (addr && !clang_Cursor_isNull(e) &&
		    clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Pointer)
			return false;	/* &x.f of an object: not a parameter passed on */
	}
	if (clang_Cursor_isNull(e))
		return false;
	var = clang_getCursorReferenced(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(var) != CXCursor_ParmDecl || clang_Cursor_isNull(w->body))
		return false;
	/* any store to it is one too many: its value at entry is what is passed on */
	lv = (struct local_values){ w, var, 99, true };
	clang_visitChildren(w->body, local_values_visit, &lv);
	return lv.only_addresses;
}

/* Where the call is: its line, the loops, branch and batch around it, what its arguments are. */
static void call_context(struct walk *w, struct zt_function *f, struct zt_call *cl, CXCursor call,
			 int loop, bool unlikely)
{
	unsigned int line;

	fx_expansion(clang_getCursorLocation(call), NULL, &line, NULL);
	cl->line = line;
	cl->in_loop = loop > 0;
	cl->in_unlikely = unlikely;
	cl->loop_params = w->loop_params;
	cl->loop_budget = w->loop_budget;
	cl->batch_n = w->batch_n;
	cl->batch_why = w->batch_why;
	cl->cond = w->cond && !unlikely ? xstrdup(w->cond) : NULL;
	cl->slow = w->slow && !unlikely ? xstrdup(w->slow) : NULL;
	/* refill(rq, X_RX_BATCH): given a batch of N to do */
	for (int i = 0; i < clang_Cursor_getNumArguments(call) && !cl->batch_n; i++) {
		cl->batch_n = fx_batch_constant(clang_Cursor_getArgument(call, (unsigned int)i));
		cl->batch_why = cl->batch_n ? ZT_BATCH_ARG : ZT_BATCH_NONE;
	}
	if (!unlikely && zt_kernel_bulk_call(w->opts->kernel, cl->name)) {
		unsigned int n = bulk_size(call);

		if (!f->bulk_n || n < f->bulk_n)
			f->bulk_n = n;
	}
	for (int i = 0; i < clang_Cursor_getNumArguments(call) && i < ZT_CALL_ARGS; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned int)i);

		cl->arg_params[i] = fx_expr_params(w, arg);
		cl->arg_local[i] = address_of_local(w, arg);
		if (cl->arg_local[i] && fx_guard_holds(w, cl->arg_local[i] - 1))
			cl->arg_after_guard |= 1u << i;
		cl->arg_param[i] = fx_param_passed_on(w, arg);
		if (nonnull_value(w, arg, 0))
			cl->arg_nonnull |= 1u << i;
		if (cl->arg_param[i] && param_kept(w, arg))
			cl->arg_param_kept |= 1u << i;
	}
	for (int i = 0; i < clang_Cursor_getNumArguments(call) && !cl->arg_packet_element; i++)
		cl->arg_packet_element =
			fx_packet_element(w, clang_Cursor_getArgument(call, (unsigned int)i));
}

void fx_add_call(struct walk *w, CXCursor call, int loop, bool unlikely)
{
	struct zt_function *f = fx_cur(w);
	struct kids k = { 0 };
	CXCursor callee, ref;
	struct zt_call *cl;
	enum CXCursorKind rk;

	fx_get_kids(call, &k);
	if (!k.n) {
		free(k.v);
		return;
	}
	callee = fx_strip(k.v[0]);
	free(k.v);
	ref = clang_getCursorReferenced(callee);
	rk = clang_getCursorKind(ref);
	if (clang_getCursorKind(callee) == CXCursor_UnaryOperator) /* (*fp)() */
		rk = CXCursor_InvalidCode;
	if (rk == CXCursor_FunctionDecl)
		cl = add_direct_call(w, f, call, ref);
	else
		cl = f ? add_indirect_call(w, f, callee, ref, rk) : NULL;
	if (cl)
		call_context(w, f, cl, call, loop, unlikely);
}

/* Functions stored into a function-pointer field: { .f = fn }, p->f = c ? a : b. */
void fx_add_field_values(struct walk *w, CXCursor field, CXCursor e)
{
	char *usr = fx_take(clang_getCursorUSR(field)), *record = fx_record_of_field(field);
	char *name = fx_take(clang_getCursorSpelling(field));

	store_values(w, usr, record ? record : "", name, e, 0);
	free(usr);
	free(record);
	free(name);
}

/* { .fn = f } and positional { f, g }: functions stored into fields. */
void fx_scan_init_list(struct walk *w, CXCursor list, const struct kids *k)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(list));
	struct field_list fl = { 0 };
	CXCursor pending = clang_getNullCursor();
	size_t pos = 0;

	if (t.kind != CXType_Record)
		return;
	clang_Type_visitFields(t, fx_field_cursor, &fl);
	for (size_t i = 0; i < k->n; i++) {
		CXCursor e = k->v[i], field;

		if (clang_getCursorKind(e) == CXCursor_MemberRef) {
			pending = clang_getCursorReferenced(e);
			continue;
		}
		if (clang_getCursorKind(e) == CXCursor_UnexposedExpr) {
			/* A designated initializer: MemberRef (the field), then the value. */
			struct kids d = { 0 };

			fx_get_kids(e, &d);
			if (d.n >= 2 && clang_getCursorKind(d.v[0]) == CXCursor_MemberRef) {
				pending = clang_getCursorReferenced(d.v[0]);
				e = d.v[d.n - 1];
			}
			free(d.v);
		}
		if (!clang_Cursor_isNull(pending)) {
			field = pending;
			pending = clang_getNullCursor();
			for (size_t j = 0; j < fl.n; j++)
				if (clang_equalCursors(fl.v[j], field))
					pos = j;
		} else if (pos < fl.n) {
			field = fl.v[pos];
		} else {
			continue;
		}
		pos++;
		if (clang_getCursorKind(field) == CXCursor_FieldDecl)
			fx_add_field_values(w, field, e);
	}
	free(fl.v);
}

/*
 * &p->f given as argument @arg of @call: a write unless the callee's
 * parameter there is a pointer to const (atomic_read(), test_bit(), memcpy's
 * source). A callee not known (through a pointer) or a variadic tail may write.
 */
static enum zt_access_kind passed_address(CXCursor call, int arg)
{
	CXCursor fn = clang_getCursorReferenced(call);
	CXType t, pt;

	if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return ZT_ACCESS_ADDR_WRITER;
	t = clang_getCursorType(fn);
	if (arg >= clang_getNumArgTypes(t))
		return ZT_ACCESS_ADDR_WRITER;
	pt = clang_getCanonicalType(clang_getArgType(t, (unsigned int)arg));
	if (pt.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(pt)))
		return ZT_ACCESS_ADDR_READER;
	return ZT_ACCESS_ADDR_WRITER;
}

/* Is the expression at stack[i] an array (or also a record: x.f, x[i] write into it)? */
static bool is_storage(struct walk *w, int i, bool records)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(w->stack[i].c)).kind;

	return (records && k == CXType_Record) || k == CXType_ConstantArray ||
	       k == CXType_IncompleteArray;
}

/*
 * How the expression at stack[i] is used: written whole, read-modify-written,
 * its address passed on, or read. A write to a part of it (x.f = v, x[k] = v
 * where x is the expression, a struct or an array) writes it too.
 */
static enum zt_access_kind access_kind(struct walk *w, int i)
{
	int p = fx_up_skip(w, i - 1), q;
	unsigned int child;

	if (p < 0)
		return ZT_ACCESS_READ;
	child = w->stack[p + 1].index;
	switch (w->stack[p].kind) {
	case CXCursor_BinaryOperator:
		return clang_getCursorBinaryOperatorKind(w->stack[p].c) == CXBinaryOperator_Assign &&
		       child == 0 ? ZT_ACCESS_STORE : ZT_ACCESS_READ;
	case CXCursor_CompoundAssignOperator:
		return child == 0 ? ZT_ACCESS_COMPOUND : ZT_ACCESS_READ;
	case CXCursor_UnaryOperator:
		switch (clang_getCursorUnaryOperatorKind(w->stack[p].c)) {
		case CXUnaryOperator_PostInc:
		case CXUnaryOperator_PostDec:
		case CXUnaryOperator_PreInc:
		case CXUnaryOperator_PreDec:
			return ZT_ACCESS_INCDEC;
		case CXUnaryOperator_AddrOf:
			q = fx_up_skip(w, p - 1);
			if (q >= 0 && w->stack[q].kind == CXCursor_CallExpr && w->stack[p + 1].index == 0 &&
			    w->stack[q + 1].index > 0)
				return passed_address(w->stack[q].c, (int)w->stack[q + 1].index - 1);
			/* stored or kept in a pointer: who writes through it is not known */
			return ZT_ACCESS_READ;
		default:
			return ZT_ACCESS_READ;
		}
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr:
		/* x.f or x[k] with x this expression (not a pointer): a write there writes x */
		if (child == 0 && is_storage(w, i, true))
			return access_kind(w, p);
		return ZT_ACCESS_READ;
	case CXCursor_CallExpr:
		/* an array member decays to a pointer: memset(p->arr, ...) */
		if (child > 0 && is_storage(w, i, false))
			return passed_address(w->stack[p].c, (int)child - 1);
		return ZT_ACCESS_READ;
	default:
		return ZT_ACCESS_READ;
	}
}

void fx_add_access(struct walk *w, CXCursor member)
{
	CXCursor field = clang_getCursorReferenced(member);
	struct zt_field_access *a;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl || !fx_cur(w))
		return;
	/*
	 * p->lru with lru in an anonymous union: clang also refers to the union's
	 * unnamed member on the way. That member has no name to join with pahole;
	 * the named one is recorded in the parent's record (fx_record_of_field()).
	 */
	if (clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(clang_getCursorType(field))))
		return;
	/* sizeof(p->f), __alignof__: not evaluated, no access */
	for (int i = w->depth - 2; i >= 0; i--)
		if (w->stack[i].kind == CXCursor_UnaryExpr)
			return;
	a = PUSH(w->tu->accesses, w->tu->n_accesses);
	a->fn_usr = xstrdup(fx_cur(w)->usr);
	a->record = fx_record_of_field(field);
	a->field = fx_take(clang_getCursorSpelling(field));
	a->kind = access_kind(w, w->depth - 1);
	a->write = zt_access_writes(a->kind);
}

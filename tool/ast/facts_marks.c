// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the zeroing, frequency and owner decisions need beyond the walk:
 * pointers passed on to callees (and read-write asm operands, how the
 * kernel's local_add() accumulates), paths only packets carrying a mark
 * take, the NAPI instance's struct and what it serves, the adapter that
 * netdev_priv() gives.
 */
#include <stdlib.h>
#include <string.h>

#include "facts_int.h"

/* The parameter (1 + its index) @arg passes on: p itself or &p->f (&p->a.b[i]), else 0. */
unsigned int fx_param_passed_on(struct walk *w, CXCursor arg)
{
	CXCursor e = fx_strip(arg);
	struct kids k = { 0 };
	bool addr = false;

	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
		fx_get_kids(e, &k);
		e = k.n ? fx_strip(k.v[0]) : clang_getNullCursor();
		addr = true;
	}
	/*
	 * &p->f: down the member chain to p, only behind an address-of; through
	 * the addresses macros take of it on the way (local64_add(): &(&p->v)->a)
	 */
	while (addr && (clang_getCursorKind(e) == CXCursor_MemberRefExpr ||
			clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr ||
			(clang_getCursorKind(e) == CXCursor_UnaryOperator &&
			 clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf))) {
		fx_get_kids(e, &k);
		e = k.n ? fx_strip(k.v[0]) : clang_getNullCursor();
	}
	free(k.v);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	for (size_t i = 0; i < w->n_param_cursors && i < 32; i++)
		if (clang_equalCursors(w->param_cursors[i], clang_getCursorReferenced(e)))
			return (unsigned int)i + 1;
	return 0;
}

/*
 * Is stack[i] an operand of an asm statement with a read-write operand
 * ("+m" (l->a)): how the kernel's local_add(), atomic_add() accumulate.
 */
bool fx_in_rmw_asm(struct walk *w, int i)
{
	for (int k = i - 1; k >= 0; k--) {
		CXTranslationUnit tu;
		CXSourceRange ext;
		CXToken *toks;
		unsigned int n;
		bool rmw = false;

		if (w->stack[k].kind != CXCursor_AsmStmt)
			continue;
		tu = clang_Cursor_getTranslationUnit(w->stack[k].c);
		ext = clang_getCursorExtent(w->stack[k].c);
		clang_tokenize(tu, ext, &toks, &n);
		for (unsigned int t = 0; t < n && !rmw; t++) {
			CXString sp;

			if (clang_getTokenKind(toks[t]) != CXToken_Literal)
				continue;
			sp = clang_getTokenSpelling(tu, toks[t]);
			rmw = !strncmp(clang_getCString(sp), "\"+", 2);
			clang_disposeString(sp);
		}
		clang_disposeTokens(tu, toks, n);
		return rmw;
	}
	return false;
}

/* ---- paths only marked packets take ---- */

/*
 * A packet's own data: the skb, or a descriptor the device wrote (a record
 * of plain values, no pointer in it: a completion, an RX descriptor).
 */
static bool packet_type(const struct walk *w, CXType t)
{
	CXType pt;
	char *name;
	bool pkt;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return false;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Record)
		return false;
	name = fx_take(clang_getTypeSpelling(clang_getUnqualifiedType(pt)));
	pkt = zt_kernel_marked_packet(w->opts->kernel, name);
	free(name);
	return pkt;
}

/* A field that is a pointer (nested unions and structs: theirs) ends a descriptor. */
static enum CXVisitorResult no_pointer_field(CXCursor c, CXClientData data)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	if (t.kind == CXType_ConstantArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind == CXType_Record)
		clang_Type_visitFields(t, no_pointer_field, data);
	if (t.kind == CXType_Pointer || t.kind == CXType_IncompleteArray)
		*(bool *)data = false;
	return *(bool *)data ? CXVisit_Continue : CXVisit_Break;
}

static bool descriptor_type(const struct walk *w, CXType t)
{
	CXType pt;
	bool plain = true, any = false;

	t = clang_getCanonicalType(t);
	if (packet_type(w, t))
		return true;
	if (t.kind != CXType_Pointer)
		return false;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Record || clang_Type_getSizeOf(pt) <= 0)
		return false;
	any = clang_Type_getSizeOf(pt) > 0;
	clang_Type_visitFields(pt, no_pointer_field, &plain);
	return any && plain;
}

static bool is_pkt_var(struct walk *w, CXCursor ref)
{
	enum CXCursorKind k = clang_getCursorKind(ref);

	if ((k == CXCursor_ParmDecl || k == CXCursor_VarDecl) &&
	    descriptor_type(w, clang_getCursorType(ref)))
		return true;
	for (size_t i = 0; i < w->n_pkt_vars; i++)
		if (clang_equalCursors(w->pkt_vars[i], ref))
			return true;
	return false;
}

static enum CXChildVisitResult pkt_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	void **a = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    is_pkt_var(a[0], clang_getCursorReferenced(c))) {
		*(bool *)a[1] = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does @e read the packet (its skb, its descriptor, a value computed from them)? */
static bool reads_packet(struct walk *w, CXCursor e)
{
	bool found = false;
	void *a[2] = { w, &found };

	if (clang_Cursor_isNull(e))
		return false;
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		return is_pkt_var(w, clang_getCursorReferenced(e));
	clang_visitChildren(e, pkt_visit, a);
	return found;
}

/* reg = be32_to_cpu(cqe->ft_metadata): reg carries the packet's data */
void fx_note_pkt_var(struct walk *w, CXCursor var, CXCursor value)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var));

	if (t.kind == CXType_Record || t.kind == CXType_ConstantArray || !fx_cur(w) ||
	    is_pkt_var(w, var) || !reads_packet(w, value))
		return;
	ZT_PUSH_IMPLICIT(w->pkt_vars, w->n_pkt_vars);
	w->pkt_vars[w->n_pkt_vars++] = var;
}

/*
 * The words of a mark only some packets carry, as the kernel names them: a
 * TC chain or an action miss to restore, a flow tag, skb->mark, a hardware
 * timestamp (PTP), a sampling request.
 */
const char *zt_mark_path(const char *text)
{
	bool flow = false, tag = false;
	const char *path = NULL, *s = text;
	char word[64];

	/* a word too long for @word is "": it names nothing */
	while (!path && zt_lower_word(&s, false, word, sizeof(word))) {
		if (!strcmp(word, "chain") || !strcmp(word, "miss"))
			path = "TC-restore";
		else if (!strcmp(word, "mark"))
			path = "marked-packet";
		else if (!strcmp(word, "tstamp") || !strcmp(word, "hwtstamp") ||
			 !strcmp(word, "timestamp") || !strcmp(word, "ptp"))
			path = "timestamp";
		else if (!strcmp(word, "sample") || !strcmp(word, "psample") ||
			 !strcmp(word, "sampled"))
			path = "sampling";
		flow |= !strcmp(word, "flow");
		tag |= !strcmp(word, "tag");
	}
	if (!path && flow && tag)
		path = "TC-restore";
	return path;
}

/*
 * if (C) where C tests the packet for a mark (zt_mark_path()): the text of C,
 * else NULL. Only the packets that carry the mark take the branch.
 */
char *fx_mark_cond(struct walk *w, CXCursor ifstmt, CXCursor cond, CXCursor then)
{
	char *text;

	if (!fx_cur(w) || !reads_packet(w, cond))
		return NULL;
	/* fx_cond_text() reads f(x) as unlikely(x): only a hint's wrapper is dropped */
	text = fx_expect_value(cond) != -1 ? fx_cond_text(ifstmt, then) : fx_expr_text(cond);
	if (zt_mark_path(text))
		return text;
	free(text);
	return NULL;
}

/* if (C) goto out; / return ...;: the statements after it run only when !C */
bool fx_is_early_exit(CXCursor then)
{
	struct kids k = { 0 };
	enum CXCursorKind kind = clang_getCursorKind(then);
	bool exit;

	if (kind == CXCursor_GotoStmt || kind == CXCursor_ReturnStmt)
		return true;
	if (kind != CXCursor_CompoundStmt)
		return false;
	fx_get_kids(then, &k);
	exit = k.n == 1 && (clang_getCursorKind(k.v[0]) == CXCursor_GotoStmt ||
			    clang_getCursorKind(k.v[0]) == CXCursor_ReturnStmt);
	free(k.v);
	return exit;
}

/* if (C) goto out; with C a test for a mark: "!(C)", what the rest of the block runs under */
char *fx_early_exit_mark(struct walk *w, CXCursor s)
{
	struct kids k = { 0 };
	char *text = NULL, *neg = NULL;

	if (clang_getCursorKind(s) != CXCursor_IfStmt || !fx_cur(w))
		return NULL;
	fx_get_kids(s, &k);
	if (k.n == 2 && fx_is_early_exit(k.v[1]) && fx_expect_value(k.v[0]) != 0)
		text = fx_mark_cond(w, s, k.v[0], k.v[1]);
	free(k.v);
	if (text)
		neg = xasprintf("!(%s)", text);
	free(text);
	return neg;
}

struct serves {
	struct zt_function *f;
	int depth;
};

/*
 * What the NAPI container holds in itself: embedded records and arrays of
 * them, and what an embedded container holds the same way. Never what a
 * pointer member reaches: vectors may all point at one ring (XDP TX rings
 * when CPUs outnumber them), so a pointer proves nothing of one instance.
 */
static enum CXVisitorResult serves_visit(CXCursor c, CXClientData data)
{
	struct serves *s = data;
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	bool embedded = t.kind == CXType_Record;
	char *name;

	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind != CXType_Record)
		return CXVisit_Continue;
	/* a descriptor the device writes (plain values) is data, not a queue */
	{
		bool plain = true;

		clang_Type_visitFields(t, no_pointer_field, &plain);
		if (plain)
			return CXVisit_Continue;
	}
	name = fx_take(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
	if (!fx_has_string(s->f->napi_serves, s->f->n_napi_serves, name) &&
	    strcmp(name, s->f->napi_owner)) {
		ZT_PUSH_IMPLICIT(s->f->napi_serves, s->f->n_napi_serves);
		s->f->napi_serves[s->f->n_napi_serves++] = xstrdup(name);
	}
	free(name);
	/* a ring container embedded in the vector: the rings it holds */
	if (embedded && s->depth == 0) {
		struct serves inner = { s->f, 1 };

		clang_Type_visitFields(t, serves_visit, &inner);
	}
	return CXVisit_Continue;
}

bool fx_is_napi_param(CXCursor ref)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(ref));
	char *name;
	bool napi;

	if (clang_getCursorKind(ref) != CXCursor_ParmDecl || t.kind != CXType_Pointer)
		return false;
	name = fx_take(clang_getTypeSpelling(
		clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(t)))));
	napi = !strcmp(name, "struct napi_struct");
	free(name);
	return napi;
}

static enum CXChildVisitResult napi_ref_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    fx_is_napi_param(clang_getCursorReferenced(c))) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static enum CXVisitorResult count_napi(CXCursor c, CXClientData data)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	long long n = 1;
	char *name;

	if (t.kind == CXType_ConstantArray) {
		n = clang_getNumElements(t);
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	}
	if (t.kind != CXType_Record)
		return CXVisit_Continue;
	name = fx_take(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
	if (!strcmp(name, "struct napi_struct")) {
		*(long long *)data += n;
	} else {
		long long inner = 0;

		clang_Type_visitFields(t, count_napi, &inner);
		*(long long *)data += n * inner;
	}
	free(name);
	return CXVisit_Continue;
}

/* How many napi_struct @t holds, in itself and its embedded records (arrays by length). */
static long long napi_instances(CXType t)
{
	long long n = 0;

	clang_Type_visitFields(t, count_napi, &n);
	return n;
}

/* T *x = container_of(napi, T, m) (or (T *)napi) in a poll: T owns the NAPI instance */
void fx_napi_container(struct walk *w, CXCursor var, CXCursor init)
{
	struct zt_function *f = fx_cur(w);
	CXType t = clang_getCanonicalType(clang_getCursorType(var)), pt;
	bool from_napi = false;
	char *name;

	if (!f || f->napi_owner || clang_Cursor_isNull(init) || t.kind != CXType_Pointer)
		return;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Record)
		return;
	if (clang_getCursorKind(init) == CXCursor_DeclRefExpr)
		from_napi = fx_is_napi_param(clang_getCursorReferenced(init));
	else
		clang_visitChildren(init, napi_ref_visit, &from_napi);
	if (!from_napi)
		return;
	name = fx_take(clang_getTypeSpelling(clang_getUnqualifiedType(pt)));
	/*
	 * A container of two NAPI instances (an RX and a TX poll) is reached
	 * by both: it is no one instance's, and nothing it holds is.
	 */
	if (!strcmp(name, "struct napi_struct") || napi_instances(pt) != 1) {
		free(name);
		return;
	}
	f->napi_owner = name;
	f->napi_var = xcalloc(1, sizeof(*f->napi_var));
	fx_describe_param(f->napi_var, var);
	{
		struct serves s = { f, 0 };

		clang_Type_visitFields(pt, serves_visit, &s);
	}
}

/* netdev_priv(dev) (rules/kernel.conf's device-private) */
static bool is_dev_priv_call(const struct walk *w, CXCursor e)
{
	CXCursor c = fx_strip(e);
	CXString sp;
	bool yes;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	sp = clang_getCursorSpelling(c);
	yes = zt_kernel_device_private(w->opts->kernel, clang_getCString(sp));
	clang_disposeString(sp);
	return yes;
}

/* priv = netdev_priv(dev): priv's record is the adapter's, shared by every queue */
void fx_note_dev_priv(struct walk *w, CXCursor var, CXCursor value)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var)), pt;
	char *name;

	if (clang_Cursor_isNull(value) || t.kind != CXType_Pointer || !is_dev_priv_call(w, value))
		return;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Record)
		return;
	name = fx_take(clang_getTypeSpelling(clang_getUnqualifiedType(pt)));
	if (fx_has_string(w->tu->dev_privs, w->tu->n_dev_privs, name)) {
		free(name);
		return;
	}
	ZT_PUSH_IMPLICIT(w->tu->dev_privs, w->tu->n_dev_privs);
	w->tu->dev_privs[w->tu->n_dev_privs++] = name;
}

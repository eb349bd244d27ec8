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
void da_read_around(struct walk *w, struct state *st, const char *prefix, unsigned int line,
			const char *by)
{
	struct zt_strvec outside = ZT_STRVEC_INIT;

	if (w->pointer && !w->by_value) {
		w->sum->reaches_out = true;
		return;
	}
	if (!prefix[0])
		return;
	zt_strvec_pushf(&outside, "-%s", prefix);
	da_read_via(w, st, "", line, &outside,
		    xasprintf("by %s() at line %u, which reaches the struct around %s "
			      "(container_of() or a cast)", by, line, prefix));
	zt_strvec_clear(&outside);
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
	char *p = NULL;

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
		da_read_around(w, st, p, da_line_of(cast), w->fn ? w->fn : "?");
	free(p);
walk:
	da_kids_walk(w, cast, st, 0);
}

/*
 * @value, walked; when it is the local's address (or one into it) kept
 * somewhere the walk does not follow, the read of all of it says so (@why).
 */
void da_stored_walk(struct walk *w, CXCursor value, struct state *st, const char *why)
{
	const char **slot = w->pointer ? &w->stored : &w->via;
	char *p = NULL;
	enum pkind k = *slot ? P_NONE : da_path_of(w, value, &p);
	/* an array's name is its address (xdptxdf.dma_arr = dma_arr) */
	bool keep = k == P_PTR ||
		    (k == P_OBJ && is_kind(clang_getCursorType(da_strip(value)), CXType_ConstantArray));

	free(p);
	if (keep)
		*slot = why;
	da_node(w, value, st);
	if (keep)
		*slot = NULL;
}

/*
 * The local (or a struct member of it) passed by value: the callee reads of
 * its copy what its body reads before writing it, and no more (a copied byte
 * nobody reads changes no read); what it writes is its own copy's. A callee
 * whose body zerotax cannot see reads all of it.
 */
void da_by_value(struct walk *w, struct state *st, CXCursor ref, const char *name,
		     unsigned int param, const char *p, unsigned int line)
{
	CXCursor def = clang_Cursor_isNull(ref) ? ref : clang_getCursorDefinition(ref);
	bool stub;
	struct summary *s = da_callee_summary(w, def, name, param, &stub);

	if (!s || s->unknown || !s->by_value) {
		da_read_via(w, st, p, line, NULL,
			    xasprintf("copied into %s() at line %u, which zerotax cannot see into",
				      name[0] ? name : "a call", line));
		return;
	}
	for (size_t r = 0; r < s->reads.n; r++) {
		char *q = da_join(p, s->reads.v[r]);

		da_read_via(w, st, q, line, NULL,
			    xasprintf("in %s (its copy), called at line %u", s->read_lines.v[r],
				      line));
		free(q);
	}
}

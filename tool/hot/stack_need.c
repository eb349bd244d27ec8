// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whether an explicitly zeroed local needs its zero (issue 25, rule 4): a
 * field accumulated into, here or in a callee the pointer is passed on to.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "stack_int.h"

#define PASS_ON_DEPTH 8

/*
 * What callee @to does with the pointer it gets as parameter @a: accumulate
 * into the fields (p->f++, p->f += v, a read-write asm operand), pass it on
 * (p, &p->f) to a callee that does, read them, or nothing. Across TUs as the
 * program merged them; a callee without a body is not known.
 */
static struct need param_need(const struct zt_program *p, size_t to, size_t a, int depth,
			      const char *name)
{
	const struct zt_function *fn = to != ZT_NO_NODE ? p->nodes[to].fn : NULL;
	struct need r = { ZERO_TAX, NULL, UNKNOWN_NONE };

	if (!fn || a >= fn->n_params)
		return (struct need){ ZERO_UNKNOWN, name, UNKNOWN_NO_BODY };
	if (fn->params[a].fields_rmw)
		return (struct need){ ZERO_REQUIRED, name, UNKNOWN_NONE };
	if (depth < PASS_ON_DEPTH) {
		for (size_t c = 0; c < fn->n_calls; c++) {
			const struct zt_call *call = &fn->calls[c];

			for (size_t k = 0; k < ZT_CALL_ARGS; k++) {
				struct need sub;

				if (call->arg_param[k] != a + 1)
					continue;
				if (call->kind != ZT_CALL_DIRECT) {
					sub = (struct need){ ZERO_UNKNOWN, call->name, UNKNOWN_POINTER };
				} else {
					sub = param_need(p, zt_program_find(p, call->target), k,
							 depth + 1, call->name);
				}
				if (sub.need == ZERO_REQUIRED)
					return sub;
				if (sub.need == ZERO_UNKNOWN && r.need == ZERO_TAX)
					r = sub;
			}
		}
	}
	if (fn->params[a].fields_read && r.need == ZERO_TAX)
		r = (struct need){ ZERO_UNKNOWN, name, UNKNOWN_READS };
	return r;
}

/*
 * Does @call (given @l's address as argument @a) run where some fields of @l
 * may be unwritten: written in a branch, or in the block of an 'if (!p)'
 * that no later test of p agrees with before the call (facts_guards.c)?
 */
static bool some_paths_unwritten(const struct zt_local *l, const struct zt_call *call, size_t a)
{
	if (l->uses & ZT_USE_COND_WRITE)
		return true;
	return (l->uses & ZT_USE_GUARDED_WRITE) && !(call->arg_after_guard & (1u << a));
}

/*
 * Does the code need the zero of explicitly initialized local @j of @n? Yes
 * when fields are accumulated into it (x.f++, x.f += v, or by a callee that
 * does so through the pointer it gets, or passes it on to one that does), or
 * when fields are written only on some paths and a callee reads the fields
 * it is given. A callee zerotax has no body for, one called through a
 * pointer, or one that reads fields the caller writes on every path might
 * read what nobody wrote: not known, and the finding says so.
 */
struct need sc_explicit_zero_need(const struct zt_program *p, const struct zt_node *n,
				      size_t j)
{
	const struct zt_function *f = n->fn;
	const struct zt_local *l = &f->locals[j];
	struct need r = { ZERO_TAX, NULL, UNKNOWN_NONE };

	if (l->uses & ZT_USE_ACCUMULATED)
		return (struct need){ ZERO_REQUIRED, NULL, UNKNOWN_NONE };
	for (size_t c = 0; c < f->n_calls; c++) {
		const struct zt_call *call = &f->calls[c];

		for (size_t a = 0; a < ZT_CALL_ARGS; a++) {
			struct need sub;

			if (call->arg_local[a] != j + 1)
				continue;
			if (call->kind != ZT_CALL_DIRECT)
				sub = (struct need){ ZERO_UNKNOWN, call->name, UNKNOWN_POINTER };
			else
				sub = param_need(p, zt_program_find(p, call->target), a, 0,
						 call->name);
			if (sub.need == ZERO_REQUIRED)
				return sub;
			/* fields written only on some paths, then read: the zero is read */
			if (sub.need == ZERO_UNKNOWN && sub.why == UNKNOWN_READS &&
			    some_paths_unwritten(l, call, a))
				return (struct need){ ZERO_REQUIRED, sub.who, UNKNOWN_NONE };
			if (sub.need == ZERO_UNKNOWN && r.need == ZERO_TAX)
				r = sub;
		}
	}
	return r;
}

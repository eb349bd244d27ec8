/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of definite assignment share (defassign.c: facts, states,
 * summaries, the entry point; defassign_walk.c: access paths and the walk).
 * Private to fix/.
 */
#ifndef ZT_DEFASSIGN_INT_H
#define ZT_DEFASSIGN_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

#include "defassign.h"
#include "defassign_path.h"
#include "strbuf.h"

#define DA_MAX_DEPTH 6
#define DA_MAX_ALIASES 4
#define DA_MAX_GUARDS 8
/* the skipped blocks of #if are recorded only with the detailed record */
#define DA_PARSE_OPTIONS \
	(CXTranslationUnit_KeepGoing | CXTranslationUnit_DetailedPreprocessingRecord)

struct helper {
	char *fn;
	unsigned int arg;	/* 1-based */
	bool writes;		/* else reads */
	/*
	 * "fills N": writes the whole object when argument N (1-based) is its
	 * size, else nothing of it; reads none of it either way (memcpy, memset)
	 */
	unsigned int fills_size_arg;
	/*
	 * "fills-count N": when it returns 0, writes the elements [0, argument N)
	 * of the array argument ARG points to (a bulk allocator)
	 */
	unsigned int fills_count_arg;
	/*
	 * "reads-container": and every other field of the struct the object is
	 * a member of (a callback it reaches may take it by container_of)
	 */
	bool container;
	/*
	 * "returns": the call's value is argument ARG's pointer (or NULL). A
	 * listed call without it returns no pointer into the object.
	 */
	bool returns;
	bool bytes;		/* "reads-bytes": every byte, a struct's holes too (memcpy) */
	/*
	 * "hint": the argument is an address given as a hint (prefetch): the
	 * call reads nothing, and a wrong address changes nothing
	 */
	bool hint;
	/* the fields it reads or writes (all of it: the whole path) ... */
	struct da_paths fields;
	struct da_paths except;	/* ... but these, below each ("-f") */
};

struct zt_da_helpers {
	struct helper *v;
	size_t n, alloc;
};

struct wr {
	struct da_path *path;
	unsigned int line;
	char *by;		/* the function whose code wrote it */
};

struct fact;

struct state {
	struct wr *v;
	size_t n, alloc;
	bool dead;
	/* what tests of the object's own fields found (defassign_facts.c) */
	struct fact *facts;
	size_t n_facts, alloc_facts;
};

/*
 * A scalar field of the object a test looked at: what its value is while
 * nothing writes it, and what is written on every path where it is not 0.
 */
enum fact_value { FACT_UNKNOWN, FACT_ZERO, FACT_NONZERO };

struct fact {
	struct da_path *field;
	enum fact_value value;
	struct state set;	/* written wherever it is non-zero (no facts of its own) */
};

/* A write lost at a join: written on one side of the branch at @at only. */
struct lost {
	struct da_path *path;
	char *by, *fn;
	unsigned int line, at;
};

/*
 * A test of a scalar field of the object: @field is non-zero (@nonzero) or
 * 0. A callee's read made only under its tests of its parameter's fields
 * keeps them, in the order of the facts they came from (struct fact).
 */
struct da_test {
	struct da_path *field;
	bool nonzero;
};

struct da_tests {
	struct da_test *v;
	size_t n, alloc;
};

/* A callee's read of its parameter's object before its own write of it (struct summary) */
struct da_read {
	struct da_path *path;
	char *at;		/* where: "f() at line N", for the caller's reason */
	enum zt_da_unknown why;	/* ZT_DA_KNOWN: a read it makes; else presumed, why */
	struct da_tests guard;	/* made only where all of these hold (none: always) */
};

/* A path the proof found written where @field is not 0 (a fact), said in the answer */
struct da_under {
	struct da_path *path, *field;
};

/* ---- the analysis ------------------------------------------------------------ */

struct summary {
	char *usr;
	unsigned int param;
	/* not analysable (why): reads everything, writes nothing */
	enum zt_da_unknown unknown;
	/*
	 * It turns the pointer into one of another type (container_of(), a
	 * cast to void * kept in a variable): it may read the object around
	 * what it was given, all of it.
	 */
	bool reaches_out;
	bool by_value;		/* a struct parameter: the callee's own copy */
	struct da_read *reads;	/* paths read before they are written */
	size_t n_reads, alloc_reads;
	/* every path it may write, on any path */
	struct da_paths touched;
	/* its pointer goes where the walk does not follow: later code may write it */
	bool escapes;
	/*
	 * its proof used what a test of the parameter's fields found: sound only
	 * while nothing else it is given reaches the same object
	 */
	bool facts_used;
	/* writes on one path only, relative to the parameter, for the caller's reasons */
	struct lost *lost;
	size_t n_lost, alloc_lost;
	struct state writes;	/* written on every path to the end */
	/*
	 * An int-returning callee (the kernel's 0 or -errno): written on every
	 * path that may return 0 (a return of no non-zero constant), and on
	 * every one that may return >= 0; @by_code false when it has none.
	 */
	bool by_code;
	struct state writes_zero, writes_nonneg;
};

#define DA_MAX_TUS 4

struct da {
	const struct zt_da_helpers *h;
	const struct zt_da_resolver *res;
	CXIndex index;
	CXTranslationUnit tus[DA_MAX_TUS];	/* other TUs, for callees defined there */
	size_t n_tus;
	struct zt_strvec tried;	/* callees the resolver was asked about */
	struct zt_strvec twice;	/* ... and found defined in two TUs */
	struct zt_strvec over_limit;	/* ... and found past the TU limit */
	/* per TU, what its skipped blocks declare (defassign_callees.c) */
	struct da_skipped {
		CXTranslationUnit tu;
		struct zt_strvec names;
	} *skipped;
	size_t n_skipped, alloc_skipped;
	struct summary *sums;
	size_t n_sums, alloc_sums;
	struct zt_strvec active;	/* USRs being analysed (recursion) */
	struct lost *lost;
	size_t n_lost, alloc_lost;
	char *violation;	/* the first read before a write (the answer's message) */
	/* the first read before a write (@unknown: why it is presumed); NULL while none */
	char *read_path;
	unsigned int read_line;
	enum zt_da_unknown unknown;
	/*
	 * The optimistic walk: wherever the proof stops, what it could not
	 * follow writes all it was given (da_write_maybe()). Only for the
	 * verdict: a read that fails even so (@real_path) sees the zero. Never
	 * makes a rewrite's proof: its callee summaries are its own.
	 */
	bool optimistic;
	char *real_path;
	unsigned int real_line;
	enum zt_da_unknown first_stop;	/* where it first stopped (the optimistic walk) */
	char *home;		/* the file of the local's function: lines are its own */
	struct zt_strvec writers;
	struct zt_strvec lent;	/* listed calls given it that read none of it */
	struct zt_strvec counters;	/* counters that proved a read of elements below them */
	struct da_under *under;
	size_t n_under, alloc_under;
};

/* One function being walked: the local (or a pointer parameter) it tracks. */
struct walk {
	struct da *da;
	CXCursor target;	/* VarDecl of the local, or the ParmDecl */
	bool pointer;		/* target is a pointer parameter: paths are below *p */
	bool by_value;		/* ... or a struct parameter, the callee's copy: paths below it */
	const char *fn;
	char *where;		/* "line " or, in a file not da->home, "path:" */
	struct da_paths leaves;
	struct state exit;	/* pointer mode: intersection at every return */
	bool exit_set;
	/* ... at every return that may give 0, and >= 0 (see struct summary) */
	struct state exit_zero, exit_nonneg;
	bool exit_zero_set, exit_nonneg_set;
	/*
	 * The call just walked and what it writes when it returns 0 (or >= 0),
	 * until the statement after the one holding it: an 'if' that tests its
	 * result, directly or through the variable it was stored in (@var),
	 * adds them to the branch that result takes.
	 */
	/* tests that agree (defassign_guards.c): what a block wrote when v was (not) 0 */
	struct guard {
		CXCursor var;
		bool ran_zero;		/* the block ran where var was 0 (if (!var)) */
		unsigned int depth;	/* the block_depth it was made at */
		struct state writes;	/* what the block added */
	} guards[DA_MAX_GUARDS];
	size_t n_guards;
	unsigned int block_depth;	/* compound statements the walk is in */
	unsigned int loop_depth;	/* ... and loop bodies */
	/* the last 'flag = <value>' of a flag set once, and what was written when it ran */
	struct {
		CXCursor var, assign;
		struct state st;
	} flag;
	struct pending_code {
		CXCursor call, var;
		struct state zero, nonneg;
		bool set;
	} code;
	struct summary *sum;	/* pointer mode: where its reads go */
	const struct state *switch_entry;
	/* what the innermost switch's breaks wrote, joined (dead: none yet); NULL in a loop */
	struct state *brk;
	struct state *cont;	/* a do-while's continues, joined (see do_while()) */
	unsigned int switch_depth;	/* the block_depth at that switch */
	int depth;
	const char *via;	/* a read reported through a callee: "in f() at line N" */
	/* the read being reported is presumed, the proof having stopped for this reason */
	enum zt_da_unknown presumed;
	/* ... and is a copy of the bytes: a struct's holes are read too */
	bool bytes;
	const char *stored;	/* a callee's read of all of it, where its address is kept */
	CXCursor loop_var;	/* a counted loop's variable (see counted_loop()) */
	long long loop_n;	/* ... and its count */
	CXCursor prefix_var;	/* for (i = 0; i < n; i++): i (defassign_prefix.c) */
	struct da_key *prefix_key;	/* ... and n's key */
	CXCursor body;		/* the local's function: where an alias is checked */
	/* pointer locals initialized to &local.path and never changed: that path */
	CXCursor alias[DA_MAX_ALIASES];
	struct da_path *alias_path[DA_MAX_ALIASES];
	size_t n_alias;
	/* a call whose value is discarded or followed as an alias: not given away */
	CXCursor value_followed;
	bool declared;		/* the walk has passed the local's declaration */
	/* its address went where the walk does not follow: no facts from here on */
	bool no_facts;
	const struct da_paths *kept;	/* paths its initializer's kept stores write */
	/* forward gotos: what is written on every goto seen so far, per label */
	struct label_in {
		CXCursor label;
		struct state st;
	} *labels;
	size_t n_labels, alloc_labels;
};


struct kids {
	CXCursor *v;
	size_t n, alloc;
};

static inline bool is_kind(CXType t, enum CXTypeKind k)
{
	return clang_getCanonicalType(t).kind == k;
}

/* int, long, unsigned, ...: a type whose value is a return code */
static inline bool is_integer(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k >= CXType_Char_U && k <= CXType_Int128 && k != CXType_Bool;
}

enum pkind {
	P_NONE,		/* not the local */
	P_OBJ,		/* an lvalue inside the local: *out */
	P_PTR,		/* a pointer to *out inside the local (&v.f; p itself) */
	P_READ,		/* reads *out (a pointer member) and leaves the local */
};

/* defassign_walk.c: the walk's own helpers, shared with defassign_jumps.c */
enum pkind da_path_of(struct walk *w, CXCursor c, struct da_path **out);
CXCursor da_strip(CXCursor c);		/* through parentheses and implicit casts */
/* @e (stripped) is a @kind (DeclRefExpr, MemberRefExpr) naming @to */
bool da_is_ref(CXCursor e, enum CXCursorKind kind, CXCursor to);
/* @var is a non-static variable of the function it is declared in */
bool da_function_local(CXCursor var);
bool da_const_int(CXCursor c, long long *v);	/* an integer constant expression */
bool da_literal_index(CXCursor c, long long *v);	/* ... that is a literal */
/* where @c is in its file (labels are told apart by it) */
unsigned int da_offset_of(CXCursor c);
/* @cond through '!' (counted in *@neg), likely() and unlikely(): what it tests */
CXCursor da_test_core(CXCursor cond, bool *neg);
void da_write_path(struct walk *w, struct state *st, const struct da_path *p, unsigned int line,
		   const char *by);
void da_kids_walk(struct walk *w, CXCursor c, struct state *st, size_t from);

/* defassign_facts.c: what tests of the object's fields found (struct fact) */
/* also at a loop: its body may run again after writing a field, so no fact holds across it */
void da_facts_clear(struct state *s);
void da_facts_copy(struct state *to, const struct state *from);
/* @r holds what both wrote: its facts from @a's and @b's */
void da_facts_join(struct state *r, const struct state *a, const struct state *b);
/* @p is (or may be) written: the facts it covers end; a callee's summary notes it */
void da_facts_written(struct walk *w, struct state *s, const struct da_path *p);
/* the object's address went where the walk does not follow */
void da_facts_escape(struct walk *w, struct state *s);
/* may @body write a field @facts are about, or give the object's pointer away? */
bool da_may_write_in(struct walk *w, CXCursor body, const struct state *facts);
/* where @field is (not) 0: false when a fact says otherwise (the path cannot be) */
bool da_fact_assume(struct walk *w, struct state *s, const struct da_path *field, bool nonzero);
void da_facts_test(struct walk *w, CXCursor cond, struct state *then_st, struct state *else_st);
/* the facts a read of a callee's is under (none: an empty set) */
struct da_tests da_facts_guard(const struct state *s);
bool da_tests_equal(const struct da_tests *a, const struct da_tests *b);
void da_tests_clear(struct da_tests *t);
/* a summary's guards without the fields it may write itself (then not its caller's) */
void da_facts_finish(struct summary *s);
/* can code holding the local pointer @var write through it? */
bool da_copy_writes(struct walk *w, CXCursor var);

/* defassign_guards.c: tests that agree (struct guard) */
void da_guard_drop(struct walk *w, CXCursor var);	/* a null @var: every guard */
void da_guard_block_end(struct walk *w);
/* Forget the guards made deeper than block depth @depth. */
void da_guard_drop_above(struct walk *w, unsigned int depth);
void da_guard_note(struct walk *w, CXCursor ifstmt, const struct state *entry,
		   const struct state *end);
void da_guard_apply(struct walk *w, CXCursor cond, struct state *then_st, struct state *else_st);
void da_guard_flag_set(struct walk *w, CXCursor assign, const struct state *st);
void da_guard_apply_bound(struct walk *w, const struct kids *k, struct state *body);
/* defassign_walk.c: assignments, ++, -- and & of @var in @body, counted up to @limit + 1 */
unsigned int da_changes(CXCursor body, CXCursor var, unsigned int limit);

/*
 * defassign_prefix.c: arrays filled up to a count: DA_STEP_BELOW is the
 * elements [0, K), DA_STEP_AT the one element a loop up to K is at.
 */
CXCursor da_loop_from_zero(CXCursor init);	/* 'i = 0' or 'int i = 0': i */
CXCursor da_for_from_zero(const struct kids *k);	/* for (i = 0; i < ...; ...): i */
bool da_modifies(CXCursor c, CXCursor *operand);	/* =, op=, ++, --, & */
bool da_loop_steps_one(CXCursor step, CXCursor v);	/* v++ or ++v */
struct da_key *da_prefix_key(struct walk *w, CXCursor e);
bool da_prefix_loop(struct walk *w, const struct kids *k, CXCursor *var, struct da_key **key,
		    bool *from_zero);
/*
 * The index @ix of the array at @array_path (NULL: a pointer's) as a one-step
 * path below a count (DA_STEP_BELOW, DA_STEP_AT); else NULL
 */
struct da_path *da_prefix_index(struct walk *w, const struct da_path *array_path, CXCursor ix);
/*
 * @array_path's step @kind below @key, a member count made the array's
 * sibling (DA_KEY_SIBLING); NULL when it is not its (or @array_path is
 * NULL: no array member)
 */
struct da_path *da_prefix_sibling(const struct da_path *array_path, enum da_step_kind kind,
				  const struct da_key *key);
bool da_prefix_counted(const struct walk *w, const struct da_path *p);
void da_prefix_after_loop(struct walk *w, const struct kids *k, const struct da_key *key,
			  const struct state *body, struct state *st);
struct da_path *da_prefix_map(struct walk *w, const struct da_path *prefix, bool decayed,
			      const struct da_path *cp, const struct kids *args);

CXCursor da_body_of(CXCursor fn);	/* defassign.c: a definition's compound */
/* defassign_helpers.c: the facts of @name's argument @arg; false when none */
bool da_apply_helper(struct walk *w, struct state *st, const char *name, unsigned int arg,
		     const struct da_path *prefix, unsigned int line, const struct kids *k);
/* the argument (1-based) the value of @call is, by a "returns" fact; 0 when none */
int da_helper_returned(const struct zt_da_helpers *h, CXCursor call);
/* Is argument @arg (1-based) of a call of @name a hint ("hint")? */
bool da_helper_hint(const struct zt_da_helpers *h, const char *name, unsigned int arg);
/* defassign_reach.c: what code holding the local's pointer, address or copy reads */
/* ... @fields_only: a helper's facts say it reads the fields, not the bytes */
void da_read_around(struct walk *w, struct state *st, const struct da_path *prefix,
		    unsigned int line, const char *by, bool fields_only);
void da_cast_away(struct walk *w, CXCursor cast, struct state *st);
/* @dest: the local pointer variable it is copied into, else a null cursor */
void da_stored_walk(struct walk *w, CXCursor value, struct state *st, const char *why,
		    CXCursor dest);
/*
 * "^T:m.rest": a callee's path through container_of(param, struct T, m),
 * rest of the struct around what it was given. @prefix's (the caller's) when
 * that is member m of a struct T; NULL when not.
 */
struct da_path *da_up_map(struct walk *w, const struct da_path *prefix, const struct da_path *path);
/* T *p = container_of(<the object's pointer>, T, m): p an alias of the struct around */
bool da_container_alias(struct walk *w, CXCursor var);
/* @path (no subscripts) is in a union of the object (or its type is not known) */
bool da_path_in_union(struct walk *w, const struct da_path *path);
void da_by_value(struct walk *w, struct state *st, CXCursor ref, const char *name,
		 unsigned int param, const struct da_path *p, unsigned int line);
/*
 * defassign_stores.c: the designated initializer of @decl (in @def) kept as
 * stores before line *@at_line: the paths it writes and "a.b = value" each;
 * false (nothing kept) when that would change what a read sees.
 */
bool da_kept_stores(CXCursor def, CXCursor decl, struct da_paths *paths, struct zt_strvec *stores,
		    unsigned int *at_line);
/* defassign_callees.c */
CXCursor da_find_definition(CXTranslationUnit tu, const char *fn);
/*
 * @fn's body in another TU of the driver (the resolver names it), not one
 * configuration's as seen from @caller; else a null cursor and *@why (no
 * body: the resolver knows none; two definitions; the TU limit; ...)
 */
CXCursor da_body_elsewhere(struct da *da, CXTranslationUnit caller, const char *fn,
			   enum zt_da_unknown *why);
/* NULL with *@why when @fn's body is in no TU the resolver gives (or one too many) */
struct summary *da_summarize_elsewhere(struct walk *w, const char *fn, unsigned int i,
				       enum zt_da_unknown *why);
/*
 * defassign_apply.c: the summary of @def (or of @name's body in another TU
 * of the driver) for @param; NULL when there is none (*@why says why: the
 * body seen is one configuration's, none found, a recursion, ...).
 */
struct summary *da_callee_summary(struct walk *w, CXCursor def, const char *name,
				  unsigned int param, enum zt_da_unknown *why);
/*
 * The function-pointer field @call (in @body) goes through, directly or by
 * a local copy of it (INDIRECT_CALL_*()): its USR and its file; else NULL
 */
char *da_called_field(CXCursor body, CXCursor call, char **file);
/* a configuration's stub: @caller the TU of the call (or NULL) */
bool da_config_dependent(struct da *da, CXTranslationUnit caller, CXCursor def, const char *fn);
/*
 * defassign_hoist.c: what a hoist of @decl needs of @def; @at_decl: stores
 * kept from its initializer write through the new pointer at the declaration
 */
void da_hoist_facts(struct da *da, CXCursor def, CXCursor decl,
		    const struct zt_da_hoist_query *q, bool at_decl, struct zt_da_hoist *h);
/* defassign_nonnull.c: h->null_* when the owner parameter is not proved non-NULL */
void da_owner_nonnull(CXCursor def, CXCursor decl, const struct zt_da_hoist_query *q,
		      bool at_decl, struct zt_da_hoist *h);
/*
 * a skipped block of @def's body names @target (or an alias): its line in
 * *@line; with @fields, member reads of @target only are pushed there instead
 */
bool da_own_config(CXCursor def, CXCursor target, unsigned int *line, struct da_paths *fields);

/* defassign_jumps.c: return codes (struct pending_code) */
enum code_branch { CODE_NONE, CODE_ZERO_THEN, CODE_ZERO_ELSE, CODE_NONNEG_THEN, CODE_NONNEG_ELSE };
void da_pending_clear(struct walk *w);
bool da_pending_result(const struct walk *w, CXCursor c);
enum code_branch da_code_test(const struct walk *w, CXCursor cond);
void da_code_writes(struct walk *w, struct state *st, enum code_branch r);
/* ... gotos and labels */
struct label_in *da_label_in(struct walk *w, CXCursor label, bool add);
bool da_forward_only(struct walk *w, CXCursor label);
void da_jump(struct walk *w, CXCursor c, struct state *st, enum CXCursorKind kind);
/* for (i = 0; i < N; i++) BODY, N > 0, BODY without a jump and not moving i: *@var = i, *@n = N */
bool da_counted_loop(const struct kids *k, CXCursor *var, long long *n);
bool da_jumps_in(CXCursor body);	/* break, continue, return, goto or a label */

/*
 * A path of @w's function ends with @st: joined into what it writes on every
 * path, and, by what @ret (a return's value, or NULL: the end of the body)
 * may give, on every path that may return 0 and >= 0.
 */
void da_exit(struct walk *w, const struct state *st, const CXCursor *ret);
bool da_st_covered(const struct state *s, const struct da_path *p);
void da_st_add(struct state *s, const struct da_path *p, unsigned int line, const char *by);
void da_st_clear(struct state *s);
/*
 * Where the proof stops (a callee it cannot see into, an address kept,
 * ...), what it could not follow may write @p: only in the optimistic walk
 * (struct da), which tells a read that sees the zero from a presumed one.
 */
void da_write_maybe(struct walk *w, struct state *st, const struct da_path *p, unsigned int line,
		    const char *by, enum zt_da_unknown why);
struct state da_st_copy(const struct state *s);
struct state da_st_copy_whole(const struct state *s);
void da_st_move(struct state *to, struct state *from);
void da_st_join(struct walk *w, struct state *st, struct state *a, struct state *b,
		unsigned int at);
unsigned int da_line_of(CXCursor c);
/* the file offset of @c's extent's start or end, where macros are expanded */
unsigned int da_extent_at(CXCursor c, bool end);
bool da_is_null_pointer(CXCursor c);	/* NULL, 0, (void *)0 */
char *da_spelling(CXCursor c);
char *da_usr(CXCursor c);
struct kids da_kids_of(CXCursor c);
/* A read of @p (and all below it) at @line; the paths of @except (below @p) are left out. */
void da_read_path(struct walk *w, const struct state *s, const struct da_path *p, unsigned int line,
		  const struct da_paths *except);
/* da_read_path() of the bytes: a copy of it (=, memcpy()), holes included */
void da_read_bytes(struct walk *w, const struct state *s, const struct da_path *p,
		   unsigned int line, const struct da_paths *except);
/*
 * da_read_path() reported "@via" (taken: an xasprintf() string), presumed
 * for the reason @why (ZT_DA_KNOWN: a read the code makes)
 */
void da_read_via(struct walk *w, const struct state *s, const struct da_path *p, unsigned int line,
		 const struct da_paths *except, char *via, enum zt_da_unknown why);
struct summary *da_summarize(struct da *da, CXCursor def, unsigned int param, int depth);
/* defassign_walk.c: a write on one side of a branch of @fn only (for the reasons) */
void da_add_lost(struct walk *w, const struct wr *x, unsigned int at, const char *fn);
void da_lost_clear(struct lost *v, size_t n);	/* frees what each holds */

/* defassign_apply.c: what a callee's summary says of its parameter, in the caller's @prefix */
struct da_passed {
	const struct da_path *prefix;
	bool decayed;		/* an array, passed as a pointer to its first element */
	const struct kids *args;
	/* the object is given to the call more than once: a summary's facts do not hold */
	bool shared;
};

void da_apply_callee(struct walk *w, struct state *st, CXCursor def, const char *name,
		     unsigned int i, const struct da_passed *pa, unsigned int line);
/* a call through a function-pointer field: false when the field's functions are not known */
bool da_apply_stored(struct walk *w, struct state *st, CXCursor c, unsigned int i,
		     const struct da_passed *pa, unsigned int line);
void da_node(struct walk *w, CXCursor c, struct state *st);

#endif /* ZT_DEFASSIGN_INT_H */

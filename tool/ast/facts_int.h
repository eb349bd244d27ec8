/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside facts: the walk's state and the helpers its files share. Only
 * tool/ast/facts*.c include it: nothing outside them sees a libclang type.
 */
#ifndef ZT_FACTS_INT_H
#define ZT_FACTS_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include <clang-c/Index.h>

#include "facts.h"
#include "strbuf.h"
#include "strmap.h"
#include "zerotax.h"

#define MAX_DEPTH 512

struct kids {
	CXCursor *v;
	size_t n, cap;
};

/* ---- appending ---- */

/* A zeroed new last element of @arr (grown by doubling: strbuf.h). */
#define PUSH(arr, n) \
	(ZT_PUSH_IMPLICIT(arr, n), memset(&(arr)[n], 0, sizeof(*(arr))), &(arr)[(n)++])

struct frame {
	CXCursor c;
	enum CXCursorKind kind;
	unsigned int index;	/* position among the parent's children */
};

struct walk {
	struct zt_tu_facts *tu;
	const struct zt_facts_opts *opts;
	struct zt_strmap fn_map;	/* USR -> index in tu->funcs */
	size_t fn;			/* current function, (size_t)-1 outside */
	CXCursor *local_cursors;	/* parallel to the current function's locals */
	struct frame stack[MAX_DEPTH];
	int depth;
	/*
	 * Header functions are walked only when code already walked calls or
	 * stores them: a kernel TU includes thousands of inline helpers it never
	 * uses, and the TUs that use them walk them.
	 */
	CXCursor *queue;
	size_t n_queue, queue_head;
	struct zt_strmap queued;	/* USR -> 1; keys owned (queued_keys) */
	struct file_text *files;	/* file buffers already asked for */
	size_t n_files;
	char **queued_keys;
	size_t n_queued_keys;
	/* the current function's parameters, and locals computed from them */
	CXCursor *param_cursors;
	size_t n_param_cursors;
	struct derived *derived;
	size_t n_derived;
	/* the bounds of the loops around the current statement */
	unsigned int loop_params;
	bool loop_budget;
	unsigned int batch_n;	/* inside if (n == X_BATCH): the batch size */
	enum zt_batch_why batch_why;
	/* inside a hot if (unlikely(x)): "x" (several nested: joined with &&), else NULL */
	char *cond;
	/* on a path only marked packets take: the condition (several: joined with &&), else NULL */
	char *slow;
	/* the current function's packet variables: locals computed from its descriptor or skb */
	CXCursor *pkt_vars;
	size_t n_pkt_vars;
	/* its locals set to one element of an array of packets (struct zt_call's arg_packet_element) */
	CXCursor *elem_vars;
	size_t n_elem_vars;
	/* the current function's body and its goto-err ladders' labels (found when needed) */
	CXCursor body;
	CXCursor *ladder_labels;
	size_t n_ladder_labels;
	bool ladders_known;
	/* the current function's locals written in the block of an 'if (!v)' */
	struct fx_guard *guards;
	size_t n_guards;
};

/* The one 'if (!v)' whose then-block writes a local's fields (facts_guards.c). */
struct fx_guard {
	size_t local;		/* index in the function's locals */
	CXCursor ifstmt, block;	/* the if, and the block it is a statement of */
	unsigned int index;	/* the if's position in the block */
	CXCursor var;		/* v */
	bool mixed;		/* written elsewhere in a branch too: plainly conditional */
};

/* A scalar local computed from parameters: int share = budget / n; */
struct derived {
	CXCursor var;
	unsigned int params;
};

struct file_text {
	CXFile file;
	const char *text;
	size_t size;
};

struct field_list {
	CXCursor *v;
	size_t n;
};

char *fx_take(CXString s);
void fx_get_kids(CXCursor c, struct kids *k);
char *fx_file_name(CXFile f);
void fx_expansion(CXSourceLocation loc, char **file, unsigned int *line, unsigned int *col);
bool fx_is_expr_wrapper(enum CXCursorKind k);
CXCursor fx_strip(CXCursor c);
/* a parameter of type struct napi_struct * */
bool fx_is_napi_param(CXCursor ref);
CXCursor fx_addr_operand(CXCursor e, bool *addr);
bool fx_function_ref(CXCursor e, CXCursor *fn);
char *fx_record_of_field(CXCursor field);
long long fx_expect_value(CXCursor cond);
bool fx_in_main_file(CXCursor c);
/* A printf-style logger: variadic, its last named parameter a const char * format. */
bool fx_is_logger(CXCursor fn);
/* Describe parameter (or pointer local) @a: name, type, the record it points to. */
void fx_describe_param(struct zt_param *p, CXCursor a);
void fx_want_definition(struct walk *w, CXCursor fn, const char *usr);
struct zt_function *fx_cur(struct walk *w);
unsigned int fx_expr_params(struct walk *w, CXCursor e);
void fx_add_derived(struct walk *w, CXCursor var, unsigned int params);
void fx_written_tokens(CXTranslationUnit tu, CXSourceLocation from, CXSourceLocation to,
			   CXToken **toks, unsigned int *n);
char *fx_cond_text(CXCursor ifstmt, CXCursor then);
char *fx_expr_text(CXCursor e);
char *fx_join_cond(const char *outer, const char *inner);
bool fx_has_string(char *const *v, size_t n, const char *s);
unsigned int fx_batch_constant(CXCursor e);
bool fx_threshold_cond(CXCursor cond);
unsigned int fx_batch_size(CXCursor cond);
bool fx_mentions_budget(CXCursor c);
bool fx_decl_is_cold(struct walk *w, CXCursor fn);
bool fx_error_branch(struct walk *w, CXCursor then, int depth);
void fx_add_params(struct zt_function *f, CXCursor fn);
size_t fx_function_for(struct walk *w, CXCursor c);
struct zt_local *fx_local_for(struct walk *w, CXCursor ref);
int fx_up_skip(struct walk *w, int i);
void fx_param_field_use(struct walk *w);
unsigned int fx_classify_use(struct walk *w);
bool fx_guard_write(struct walk *w, int i, size_t j);
bool fx_guard_holds(struct walk *w, size_t j);
enum CXVisitorResult fx_field_cursor(CXCursor c, CXClientData data);
void fx_add_local(struct walk *w, CXCursor c, int loop, bool unlikely);
void fx_compound_literal_assign(struct walk *w, CXCursor lhs, CXCursor rhs, int loop,
				    bool unlikely);
char *fx_pointer_key(struct walk *w, CXCursor var);
void fx_add_pointer_values(struct walk *w, const char *key, const char *name, CXCursor e);
void fx_add_call(struct walk *w, CXCursor call, int loop, bool unlikely);
void fx_add_field_values(struct walk *w, CXCursor field, CXCursor e);
void fx_scan_init_list(struct walk *w, CXCursor list, const struct kids *k);
void fx_add_access(struct walk *w, CXCursor member);
unsigned int fx_param_passed_on(struct walk *w, CXCursor arg);
bool fx_in_rmw_asm(struct walk *w, int i);
void fx_note_pkt_var(struct walk *w, CXCursor var, CXCursor value);
bool fx_packet_element(struct walk *w, CXCursor e);
void fx_note_elem_var(struct walk *w, CXCursor var, CXCursor value);
char *fx_mark_cond(struct walk *w, CXCursor ifstmt, CXCursor cond, CXCursor then);
bool fx_is_early_exit(CXCursor then);
char *fx_early_exit_mark(struct walk *w, CXCursor s);
void fx_napi_container(struct walk *w, CXCursor var, CXCursor init);
void fx_note_dev_priv(struct walk *w, CXCursor var, CXCursor value);

#endif /* ZT_FACTS_INT_H */

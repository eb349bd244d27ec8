/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The program model: per-TU facts merged by USR into one call graph, hot
 * roots, and the frequency each function runs at (per poll, per packet).
 */
#ifndef ZT_CALLGRAPH_H
#define ZT_CALLGRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include "compdb.h"
#include "facts.h"
#include "finding.h"
#include "hotrules.h"
#include "strmap.h"
#include "zerotax.h"

#define ZT_DEFAULT_BUDGET 64	/* NAPI weight: packets per poll */
#define ZT_NO_NODE ((size_t)-1)

struct zt_edge {
	size_t to;
	bool in_loop, in_unlikely;
	bool via_field;		/* resolved through a function-pointer field */
	unsigned int loop_params;	/* bounds of the loops around the calls (struct zt_call) */
	bool loop_budget;
	unsigned int arg_params[ZT_CALL_ARGS];	/* OR over the calls to this callee */
	unsigned int batch_n;	/* every call to it runs once per batch of N (0: not) */
	enum zt_batch_why batch_why;
	/* every hot call to it runs under an unlikely() condition: one of them (borrowed) */
	const char *cond;
	/* every hot call to it is on a path only marked packets take: one's condition (borrowed) */
	const char *slow;
};

struct zt_node {
	char *usr;
	char *name;
	struct zt_function *fn;	/* the definition, NULL when only declared */
	size_t tu;		/* TU the definition came from */
	bool cold;
	bool per_packet;	/* rules: runs per packet whenever it is hot */
	bool is_root;
	char *root_why;
	enum zt_freq freq;
	size_t parent;		/* who made it hot, for the chain */
	bool parent_in_loop;
	unsigned int budget_params;	/* parameters (bit i) that carry the NAPI budget */
	unsigned int batch_n;	/* ZT_FREQ_PER_BATCH: packets per batch (ZT_BATCH_UNKNOWN) */
	enum zt_batch_why batch_why;	/* and why */
	/*
	 * Hot only under an unlikely() condition on its path (borrowed from the
	 * call), taken in @cond_in; NULL when the path to it is unconditional.
	 */
	const char *cond;
	size_t cond_in;
	/*
	 * Reached only on a path that only packets carrying a mark take (the
	 * condition, borrowed from the call), taken in @slow_in; NULL when an
	 * unmarked packet reaches it too.
	 */
	const char *slow;
	size_t slow_in;
	struct zt_edge *edges;
	size_t n_edges;
};

struct zt_cache;

/* One function-pointer store: tus[tu].assigns[assign]. */
struct zt_store_ref {
	size_t tu, assign;
};

/* The stores into one field (or pointer) key, in program order. */
struct zt_store_list {
	struct zt_store_ref *v;
	size_t n, alloc;
};

struct zt_hot_opts {
	char *const *hot;	/* --hot FUNC */
	size_t n_hot;
	const struct zt_hotrules *rules;	/* may be NULL */
	bool field_accesses;	/* collect member accesses (layout) */
	const struct zt_cache *cache;	/* per-TU facts reused and stored; NULL: off */
	const struct zt_kernel_rules *kernel;	/* rules/kernel.conf (required) */
};

struct zt_program {
	struct zt_node *nodes;
	size_t n;
	struct zt_strmap map;	/* USR -> node */
	struct zt_tu_facts *tus;	/* per TU, functions moved out into nodes */
	size_t n_tus;
	/* field_usr of every store -> index in stores (kept by zt_program_add_tu()) */
	struct zt_strmap store_map;
	struct zt_store_list *stores;
	size_t n_stores, alloc_stores;
	/*
	 * Who calls whom, backwards (made by zt_program_propagate(), for its
	 * nodes): the callers of node i, each once, ascending, are
	 * callers[caller_at[i]] to callers[caller_at[i + 1]].
	 */
	size_t *caller_at, *callers;
	size_t n_indexed;	/* nodes caller_at covers */
	unsigned int budget;
	const struct zt_kernel_rules *kernel;	/* the ops roots, the structs never an owner */
};

/* @kernel: rules/kernel.conf, as read by the command; it outlives @p. */
void zt_program_init(struct zt_program *p, const struct zt_kernel_rules *kernel);
/* Move @tu's functions, roots and field assignments into @p (the TU keeps its errors). */
void zt_program_add_tu(struct zt_program *p, struct zt_tu_facts *tu);
/* Resolve edges: direct calls by USR, field calls to every function stored in the field. */
void zt_program_link(struct zt_program *p);
/* Mark every function named @name a root; returns how many. */
size_t zt_program_add_root(struct zt_program *p, const char *name, const char *why);
size_t zt_program_mark(struct zt_program *p, const char *name, bool cold, bool per_packet);
/* Roots found in the code: netif_napi_add*(), .ndo_start_xmit, .ndo_xdp_xmit. */
size_t zt_program_auto_roots(struct zt_program *p);
/* Frequencies from the roots down; indexes the callers (p->callers). */
void zt_program_propagate(struct zt_program *p);
/* The callers of @node, ascending (after zt_program_propagate()); their number in @n. */
const size_t *zt_program_callers(const struct zt_program *p, size_t node, size_t *n);
size_t zt_program_find(const struct zt_program *p, const char *usr);
/* Root first, ending at @node; strings borrowed from the nodes. */
size_t zt_program_chain(const struct zt_program *p, size_t node, const char ***out);
bool zt_program_recursive(const struct zt_program *p, size_t node);
/*
 * Every function-pointer field a call in @node's function, or in a callee up
 * to @depth calls below it, goes through (directly or by a local copy, as
 * INDIRECT_CALL_*() makes): @fn gets each function stored into it anywhere
 * in the program, with the field's USR; ZT_STORE_UNKNOWN for a value that
 * names no function (then the list is not every function it may hold).
 */
typedef void (*zt_field_target_fn)(const char *field_usr, const char *fn_name, void *arg);
void zt_program_field_targets(const struct zt_program *p, size_t node, unsigned int depth,
			      zt_field_target_fn fn, void *arg);
/*
 * Is code in a loop with these bounds run once per packet? In a function that
 * receives the budget, only a loop bounded by it (or by a *budget* name) is;
 * in one that does not, any loop is.
 */
bool zt_packet_loop(unsigned int budget_params, unsigned int loop_params, bool loop_budget);
/* Calls per packet of code running at @freq (per batch: of @batch_n packets). */
double zt_freq_calls_per_packet(enum zt_freq freq, unsigned int budget, unsigned int batch_n);
void zt_program_release(struct zt_program *p);

/*
 * After every TU is added: link calls, find roots, apply rules and --hot,
 * propagate hotness. zt_program_build() and the results-file readers share it.
 */
void zt_program_finish(struct zt_program *p, const struct zt_hot_opts *opts);

/*
 * The whole AST pass: parse every TU of @db (ctx->jobs threads), merge,
 * find roots, apply rules and --hot, propagate. Unparsed TUs stay in
 * p->tus[i] with failed/errors set. -1 on internal errors.
 */
int zt_program_build(struct zt_ctx *ctx, const struct zt_compdb *db,
		     const struct zt_hot_opts *opts, struct zt_program *p);

#endif /* ZT_CALLGRAPH_H */

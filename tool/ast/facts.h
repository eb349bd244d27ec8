/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * facts: the libclang walk of one translation unit into plain C structs.
 * Nothing outside facts.c sees a libclang type, so the rest of the checker is
 * testable without parsing, and TUs can be walked in parallel (one CXIndex
 * per thread, nothing shared).
 */
#ifndef ZT_FACTS_H
#define ZT_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "compdb.h"
#include "kernel_rules.h"

enum zt_init_kind {
	ZT_INIT_NONE,		/* no initializer: auto-init zeroes it */
	ZT_INIT_EMPTY,		/* = {} */
	ZT_INIT_ZERO,		/* = { 0 } */
	ZT_INIT_DESIGNATED,	/* = { .a = x } (the rest is zeroed) */
	ZT_INIT_LIST,		/* = { a, b } positional (the rest is zeroed) */
	ZT_INIT_COPY,		/* = expr: fully written, nothing zeroed */
};

enum zt_use {
	ZT_USE_ADDR_PASSED = 1 << 0,	/* &x (or an array) passed to a call */
	ZT_USE_MEMBER = 1 << 1,		/* x.f, x[i] */
	ZT_USE_BY_VALUE = 1 << 2,	/* read or copied whole */
	ZT_USE_ADDR_ESCAPES = 1 << 3,	/* &x stored to memory or returned */
	ZT_USE_SIZEOF = 1 << 4,
	ZT_USE_ASSIGNED = 1 << 5,	/* x = ... (written whole) */
	ZT_USE_ADDR_LOCAL = 1 << 6,	/* &x kept in a local pointer or compared */
	ZT_USE_ACCUMULATED = 1 << 7,	/* x.f++, x.f += v: a field read-modify-written */
	ZT_USE_COND_WRITE = 1 << 8,	/* x.f = v inside an if/switch/?: branch */
	/*
	 * x.f = v only in the block of one 'if (!p)' that later tests of p may
	 * agree with (struct zt_call's arg_after_guard)
	 */
	ZT_USE_GUARDED_WRITE = 1 << 9,
};

struct zt_local {
	char *name;
	char *type;		/* "struct mlx5e_xdp_buff", "char [128]" */
	long long size;		/* -1 for a VLA */
	char *file;		/* where the declaration is written (macro: where expanded) */
	unsigned int line, column;	/* the name */
	unsigned int start_line, start_column, end_line, end_column;	/* the declaration */
	char *type_file;	/* where the record is declared, if any */
	unsigned int type_line;
	bool is_array, is_vla, is_record;
	bool in_loop;		/* declared inside a loop body */
	unsigned int scope_end_line;	/* the last line of the block that declares it */
	bool in_unlikely;	/* on an error path: an unlikely() error branch, a goto-err ladder */
	/*
	 * Declared inside an unlikely() branch that is not error handling (a
	 * feature flag, an attached program): its condition as written, else NULL.
	 */
	char *cond;
	/*
	 * Declared on a path only packets carrying a mark take (a branch on the
	 * packet's descriptor or skb testing a mark, a chain tag, a timestamp or
	 * a sampling flag): that condition as written, else NULL.
	 */
	char *slow;
	/* the enclosing loops' bounds: parameters they name (bit i), a *budget* name */
	unsigned int loop_params;
	bool loop_budget;
	bool from_macro;
	enum zt_init_kind init;
	/* marked __uninitialized: auto-init leaves it alone (an initializer still runs) */
	bool no_autoinit;
	/*
	 * An explicit initializer: the bytes of the fields it names (the rest,
	 * padding included, is zeroed), -1 when not known; the line of the
	 * compound literal assigned to it (x = (struct foo){ .a = 1 }), 0 when
	 * the initializer is the declaration's.
	 */
	long long init_named;
	unsigned int init_line;
	unsigned int uses;	/* enum zt_use */
};

struct zt_param {
	char *name;
	char *type;		/* "struct mlx5e_rq *" */
	char *record;		/* "struct mlx5e_rq" when a pointer to a record, else NULL */
	bool is_const;		/* pointer to const: cannot own mutable state */
	char *record_file;
	unsigned int record_line;
	char **fields;		/* field names of the record (for name clashes) */
	size_t n_fields;
	bool fields_rmw;	/* the body does p->f++ or p->f += v */
	bool fields_read;	/* the body reads a p->f */
};

enum zt_call_kind {
	ZT_CALL_DIRECT,		/* foo() */
	ZT_CALL_FIELD,		/* p->fn(): every function assigned to that field */
	ZT_CALL_POINTER,	/* through a local or parameter: unresolved */
};

#define ZT_CALL_ARGS 8	/* arguments whose sources are tracked */
/* batch_n of a batch whose size is not known (a ring threshold: ring_size / 4) */
#define ZT_BATCH_UNKNOWN 0xffffffu

/* Why code runs once per batch of packets rather than per packet. */
enum zt_batch_why {
	ZT_BATCH_NONE,
	ZT_BATCH_FULL,		/* if (n == X_BULK) flush(): when the bulk is full */
	ZT_BATCH_THRESHOLD,	/* if (unused < ring_size / 4) refill(): a ring threshold */
	ZT_BATCH_ARG,		/* refill(rq, X_RX_BATCH): given a batch to do */
	ZT_BATCH_BULK_CALL,	/* the function allocates or frees a bulk (kmem_cache_alloc_bulk()) */
	ZT_BATCH_LOOP,		/* a block that runs per-packet work in a loop, once per packet */
};

struct zt_call {
	enum zt_call_kind kind;
	char *target;		/* callee USR, or field USR for ZT_CALL_FIELD */
	char *name;		/* callee or field name */
	unsigned int line;
	bool in_loop, in_unlikely;	/* in_unlikely: on an error path, as in struct zt_local */
	unsigned int loop_params;	/* as in struct zt_local */
	bool loop_budget;
	/* the caller's parameters (bit i) each argument is computed from */
	unsigned int arg_params[ZT_CALL_ARGS];
	/*
	 * N when the call runs once per batch of up to N packets: when a bulk of
	 * N is full (if (n == X_BULK)), given a batch of N (f(rq, X_BATCH)), or
	 * when a ring threshold is crossed (N unknown: ZT_BATCH_UNKNOWN)
	 */
	unsigned int batch_n;
	/* 1 + the index of the local whose address is the argument, 0 if none */
	unsigned int arg_local[ZT_CALL_ARGS];
	char *cond;		/* the hot unlikely() condition it runs under, or NULL */
	enum zt_batch_why batch_why;	/* why batch_n */
	/* the packet-mark condition it runs under (as struct zt_local's slow), or NULL */
	char *slow;
	/*
	 * 1 + the index of the caller's parameter each argument passes on (p
	 * itself or the address of one of its fields, &p->f), 0 if none
	 */
	unsigned int arg_param[ZT_CALL_ARGS];
	/*
	 * An argument is one element of an array of packets (struct sk_buff,
	 * xdp_buff, xdp_frame, or pointers to them) at an index that is not a
	 * constant: &bufs[i], skbs[i], or a local set to one in the function
	 * (xdp = &bufs[i]). In a loop, each turn hands the callee another packet.
	 */
	bool arg_packet_element;
	/*
	 * Bit i: argument i is &x of a local whose ZT_USE_GUARDED_WRITE writes
	 * this call runs after: in their block, or where a later test of the
	 * same variable agrees with the block's (if (!skb) { x.f = v; ... }
	 * ... else if (skb) ... else f(&x))
	 */
	unsigned int arg_after_guard;
	/*
	 * Bit i: argument i is never NULL: an address (&x, &p->f, an array),
	 * container_of(), or a local set only to those
	 */
	unsigned int arg_nonnull;
	/* bit i: argument i is arg_param's parameter itself, never changed in the function */
	unsigned int arg_param_kept;
};

struct zt_function {
	char *usr;
	char *name;
	char *file;
	unsigned int line;
	bool defined;
	bool cold;		/* __attribute__((cold)) on any declaration */
	bool is_static, is_inline;
	struct zt_param *params;
	size_t n_params;
	struct zt_local *locals;
	size_t n_locals;
	struct zt_call *calls;
	size_t n_calls;
	/*
	 * It allocates or frees a bulk of up to N objects at once (a call of
	 * kmem_cache_alloc_bulk() and the like): run once per batch of N; 0: not.
	 */
	unsigned int bulk_n;
	/*
	 * A NAPI poll's own struct: T of 'T *x = container_of(napi, T, m)' (or a
	 * cast of the napi_struct parameter), else NULL; and the records T holds
	 * (members, pointer and array members, members of embedded members):
	 * the queues and rings the NAPI instance serves.
	 */
	char *napi_owner;
	/*
	 * The poll's local that holds it (T *rq = container_of(napi, T, m)), as
	 * a parameter is described: a per-queue owner for the poll's own locals.
	 */
	struct zt_param *napi_var;
	char **napi_serves;
	size_t n_napi_serves;
};

/* A function stored into a function-pointer field: x->fn = f, { .fn = f }. */
struct zt_field_assign {
	char *field_usr;
	char *record;		/* "struct net_device_ops" */
	char *field;		/* "ndo_start_xmit" */
	char *fn_usr;		/* ZT_STORE_UNKNOWN: a value that names no function */
	char *fn_name;
};

/* x->fn = some_call(), x->fn = table[i]: what it holds is not known */
#define ZT_STORE_UNKNOWN "?"

/* A function handed to netif_napi_add*() and friends. */
struct zt_root_ref {
	char *fn_usr;
	char *fn_name;
	char *why;		/* "netif_napi_add()" */
};

/* How a member access uses the field (for `layout`: who writes it). */
enum zt_access_kind {
	ZT_ACCESS_READ,
	ZT_ACCESS_STORE,	/* p->f = v (or p->f.x = v, p->f[i] = v: f is written) */
	ZT_ACCESS_INCDEC,	/* p->f++, --p->f */
	ZT_ACCESS_COMPOUND,	/* p->f += v, p->f |= v */
	ZT_ACCESS_ADDR_WRITER,	/* &p->f passed where the callee may write through it */
	ZT_ACCESS_ADDR_READER,	/* &p->f passed as a pointer to const */
	ZT_ACCESS_KINDS
};

/* No initializer and marked __uninitialized: nothing zeroes it on entry. */
static inline bool zt_local_opted_out(const struct zt_local *l)
{
	return l->init == ZT_INIT_NONE && l->no_autoinit;
}

static inline bool zt_access_writes(enum zt_access_kind k)
{
	return k != ZT_ACCESS_READ && k != ZT_ACCESS_ADDR_READER;
}

/* A member access in a function body (for `layout`). */
struct zt_field_access {
	char *fn_usr;
	char *record;
	char *field;
	bool write;		/* zt_access_writes(kind) */
	enum zt_access_kind kind;
};

struct zt_diag {
	char *file;
	unsigned int line, column;
	char *message;
};

struct zt_tu_facts {
	char *file;
	struct zt_function *funcs;
	size_t n_funcs;
	struct zt_field_assign *assigns;
	size_t n_assigns;
	struct zt_root_ref *roots;
	size_t n_roots;
	struct zt_field_access *accesses;
	size_t n_accesses;
	struct zt_diag *errors;	/* error-severity diagnostics */
	/* with a capacity: errors grow outside the walk too (a worker's lost TU) */
	size_t n_errors, alloc_errors;
	/* records the TU gets from netdev_priv(): adapter-wide, never a per-queue owner */
	char **dev_privs;
	size_t n_dev_privs;
	char **includes;	/* every file the preprocessor read, as libclang names it (cache keys) */
	size_t n_includes;
	bool failed;		/* libclang could not parse it at all */
};

struct zt_facts_opts {
	bool field_accesses;	/* collect member accesses (layout) */
	const struct zt_kernel_rules *kernel;	/* rules/kernel.conf: registrars, bulk calls, packets */
};

/* Opaque per-thread state: one CXIndex. */
struct zt_facts_index;

struct zt_facts_index *zt_facts_index_new(void);
void zt_facts_index_free(struct zt_facts_index *ix);

/*
 * libclang indexes for one parallel parse, reused across TUs: a thread takes
 * one, parses, gives it back, so there are never more than threads. The one
 * way every caller parses many TUs (zt_parallel_for() over the TUs).
 */
struct zt_facts_pool;

struct zt_facts_pool *zt_facts_pool_new(void);
void zt_facts_pool_free(struct zt_facts_pool *pool);
/* zt_facts_collect() with an index of @pool; on any failure @out is a failed TU of @cmd. */
void zt_facts_pool_collect(struct zt_facts_pool *pool, const struct zt_compile_cmd *cmd,
			   const struct zt_facts_opts *opts, struct zt_tu_facts *out);

/*
 * Parse @cmd and walk it. Returns 0 with @out filled (out->failed and
 * out->errors say what went wrong with the source); -1 only on internal errors.
 */
int zt_facts_collect(struct zt_facts_index *ix, const struct zt_compile_cmd *cmd,
		     const struct zt_facts_opts *opts, struct zt_tu_facts *out);
void zt_tu_facts_release(struct zt_tu_facts *f);
void zt_function_release(struct zt_function *fn);

/*
 * The path a condition's words name as one only marked packets take
 * ("TC-restore", "marked-packet", "timestamp", "sampling"), or NULL.
 */
const char *zt_mark_path(const char *text);

#endif /* ZT_FACTS_H */

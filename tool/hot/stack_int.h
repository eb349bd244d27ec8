/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The stack check's own parts (stack_*.c), shared between its files only:
 * evidence lookups, owners, the notes of a finding, whether a zero is needed.
 */
#ifndef ZT_STACK_INT_H
#define ZT_STACK_INT_H

#include "json_file.h"

#include "baseline.h"
#include "stack_check.h"

/* Why zerotax cannot tell whether a zero is needed. */
enum unknown_why {
	UNKNOWN_NONE,
	UNKNOWN_READS,		/* a callee reads fields the caller writes on every path */
	UNKNOWN_NO_BODY,	/* a callee the program has no body for */
	UNKNOWN_POINTER,	/* a call through a function pointer */
};

struct lookup {
	long long bytes;	/* summed; -1: no site */
	bool inlined;
	const char *function;
};

/* How a per-queue owner was found. */
enum owner_how {
	OWNER_NONE,
	OWNER_SERVED,		/* a record the NAPI instance's struct holds: its ring, queue */
	OWNER_NAPI,		/* the NAPI instance's struct itself (container_of(napi, T, m)) */
	OWNER_NAMED,		/* a ring or queue parameter by its name or type */
	OWNER_NAPI_LOCAL,	/* in the poll itself: its local T *x = container_of(napi, T, m) */
	/* found from the poll, but the function is reached from another entry too */
	OWNER_OTHER_CONTEXT,
};

struct owner {
	const struct zt_param *param;
	enum owner_how how;
	const char *napi_owner;	/* T, when found through the poll's container_of() */
	const char *poll;	/* the poll that has it */
	const char *other;	/* OWNER_OTHER_CONTEXT: the other entry (a work item, an op) */
	char *maybe_null;	/* a parameter not proved non-NULL at every call: why (owned) */
	char *after_release;	/* the function may run after the instance is let go: why */
	struct zt_strvec release_callbacks;	/* stack_owner.c: may let go, address stored */
};

enum zero_need { ZERO_TAX, ZERO_REQUIRED, ZERO_UNKNOWN };

struct need {
	enum zero_need need;
	const char *who;	/* the callee it is about (borrowed) */
	enum unknown_why why;
};

/* How often a local is zeroed: its frequency and, per batch, the batch's size and why. */
struct sc_freq {
	enum zt_freq freq;
	unsigned int batch_n;		/* ZT_FREQ_PER_BATCH: packets per batch */
	enum zt_batch_why batch_why;
	const char *loop_callee;	/* ZT_BATCH_LOOP: the per-packet work its block loops over */
};

/* stack_check.c: which locals and functions the check looks at */
bool sc_is_candidate(const struct zt_local *l, const struct zt_stack_opts *o);
bool sc_is_small_part(const struct zt_local *l, const struct zt_stack_opts *o);
bool sc_node_hot(const struct zt_node *n);

/* stack_evidence.c */
/* Surviving bytes of @l under one compiler; -2 when that evidence is missing. */
struct lookup sc_evidence_for(const struct zt_program *p, size_t node,
			      const struct zt_tu_evidence *ev, bool gcc, const struct zt_local *l);
long long sc_frame_size(const struct zt_tu_evidence *ev, bool gcc, const char *fn);
char *sc_short_id(const struct zt_evidence *ev, bool gcc);

/* stack_owner.c */
struct owner sc_owner_of(const struct zt_program *p, size_t node, const struct zt_local *l);
const char *sc_owner_how_name(enum owner_how how);
char *sc_owner_how_text(const struct owner *o);

/* stack_notes.c */
char *sc_declaration(const struct zt_local *l);
const char *sc_init_spelling(enum zt_init_kind k);
void sc_add_cond_note(const struct zt_program *p, const struct zt_node *n,
		      const struct zt_local *l, const char *every, struct zt_finding *fd);
void sc_add_slow_note(const struct zt_program *p, const struct zt_node *n,
		      const struct zt_local *l, const char *every, struct zt_finding *fd);
json_t *sc_slow_json(const struct zt_program *p, const struct zt_node *n,
		     const struct zt_local *l);
void sc_add_batch_note(const struct zt_program *p, const struct zt_node *n,
		       const struct zt_local *l, const struct sc_freq *fq, struct zt_finding *fd);
json_t *sc_evidence_json(const struct lookup *r, const struct zt_evidence *ev);
json_t *sc_frame_json(long long v);

/* stack_need.c */
struct need sc_explicit_zero_need(const struct zt_program *p, const struct zt_node *n,
				  size_t j);

#endif /* ZT_STACK_INT_H */

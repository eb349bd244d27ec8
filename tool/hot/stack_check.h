/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stack_check: the program model plus the compilers' evidence, turned into
 * zerotax-stack-autoinit and zerotax-stack-explicit-init findings, ranked by
 * estimated bytes zeroed per packet.
 */
#ifndef ZT_STACK_CHECK_H
#define ZT_STACK_CHECK_H

#include <stdbool.h>

#include "callgraph.h"
#include "checks.h"
#include "evidence.h"
#include "finding.h"

#define ZT_DEFAULT_MIN_SIZE 32

struct zt_stack_opts {
	long long min_size;		/* smaller objects are not reported */
	struct zt_check_set checks;
	bool want_gcc, want_clang;	/* evidence asked for */
};

/* Would the zeroing of this local survive, judged from the AST alone? */
bool zt_local_zeroing_survives_ast(const struct zt_local *l);
/*
 * The frequency of a local: its function's, or per packet inside a packet loop
 * (zt_packet_loop) of a per-poll one.
 */
enum zt_freq zt_local_freq(const struct zt_local *l, enum zt_freq fn_freq,
			   unsigned int budget_params);
/* Bytes zeroed per packet: surviving bytes times calls per packet. */
double zt_rank(long long bytes, enum zt_freq freq, unsigned int budget, unsigned int batch_n);
/* Which TUs need an evidence compile (candidate locals and their hot callers). */
bool *zt_stack_evidence_tus(const struct zt_program *p, const struct zt_stack_opts *o);

/*
 * Append findings for every hot local. @ev is indexed like p->tus (may be
 * NULL); @db gives each TU's build compiler.
 */
int zt_stack_check(const struct zt_program *p, const struct zt_compdb *db,
		   const struct zt_tu_evidence *ev, const struct zt_stack_opts *o,
		   struct zt_findings *out);

#endif /* ZT_STACK_CHECK_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/* Findings shared by the emitter tests (not a test itself). */
#ifndef ZT_EMIT_TEST_H
#define ZT_EMIT_TEST_H

#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "finding.h"
#include "zerotax.h"

/* Render with @fn into a string (caller frees). */
static inline char *emit_to_string(int (*fn)(const struct zt_findings *,
					     const struct zt_emit_conf *, FILE *),
				   const struct zt_findings *fs, const struct zt_emit_conf *conf)
{
	char *buf = NULL, *copy;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp || fn(fs, conf, fp))
		abort();
	fclose(fp);
	/* a copy: gcc -O2 otherwise takes pointers into it for pointers to the local @buf */
	copy = xstrdup(buf);
	free(buf);
	return copy;
}

/*
 * Two findings as `check` makes them: the mxbuf of a per-packet receive
 * function with a chain, notes and details; and a suppressed explicit init.
 */
static inline void emit_sample(struct zt_findings *fs)
{
	static char *const chain[] = { "mlx5e_napi_poll", "mlx5e_poll_rx_cq",
				       "mlx5e_handle_rx_cqe_mpwrq",
				       "mlx5e_skb_from_cqe_mpwrq_linear" };
	struct zt_finding *f;
	json_t *ev;

	f = zt_findings_add(fs, &zt_checks[ZT_CHECK_STACK_AUTOINIT]);
	f->file = xstrdup("/src/ref driver/en_rx.c");
	f->line = 1750;
	f->column = 25;
	f->function = xstrdup("mlx5e_skb_from_cqe_mpwrq_linear");
	f->symbol = xstrdup("mxbuf");
	f->type = xstrdup("struct mlx5e_xdp_buff");
	f->size = 72;
	f->message = xstrdup("72-byte 'struct mlx5e_xdp_buff mxbuf' zeroed on every packet under "
			     "-ftrivial-auto-var-init=zero (gcc-12: 72 bytes survive; clang-19: 8)");
	zt_finding_set_chain(f, chain, ARRAY_SIZE(chain));
	zt_finding_add_note(f, "keep one per queue in 'rq' (struct mlx5e_rq *)");
	f->freq = ZT_FREQ_PER_PACKET;
	f->rank = 72.5;
	f->fingerprint = xstrdup("a1b2c3d4e5f60718");
	f->details = json_pack("{s:{s:i,s:b},s:{s:s},s:{s:{s:s,s:i},s:n}}",
			       "decl", "line", 1750, "in_loop", 0,
			       "owner", "param", "rq",
			       "evidence", "gcc", "compiler", "gcc-12.2.0", "bytes", 72, "clang");
	ev = json_object_get(json_object_get(f->details, "evidence"), "gcc");
	json_object_set_new(ev, "inlined", json_false());

	f = zt_findings_add(fs, &zt_checks[ZT_CHECK_STACK_EXPLICIT_INIT]);
	f->file = xstrdup("/src/ref driver/en_tx.c");
	f->line = 40;
	f->column = 0;
	f->function = xstrdup("mlx5e_xmit");
	f->symbol = xstrdup("attr");
	f->type = NULL;
	f->size = 128;
	f->message = xstrdup("128-byte 'attr' = {} zeroed on every call");
	f->freq = ZT_FREQ_PER_POLL;
	f->rank = 1.0 / 3.0;
	f->fingerprint = xstrdup("0f1e2d3c4b5a6978");
	f->suppressed = true;
	f->suppress_reason = xstrdup("zerotax:ignore stack-explicit-init (measured: no cost)");
}

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* Inline helpers in a header count: they run wherever they are inlined. */
#ifndef CORPUS_RX_HELPERS_H
#define CORPUS_RX_HELPERS_H

#include "netdev.h"

static inline int rxh_run_xdp(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct rx_xdp_buff xb;	/* zt-expect: stack-autoinit */

	xb.cqe = cqe;
	xb.rq = rq;
	return bpf_prog_run_xdp(&xb.xdp);
}

/* Never called from a hot path: no finding. */
static inline void rxh_debug_dump(struct rx_queue *rq)
{
	struct rx_xdp_buff dbg;	/* not hot: no finding */

	dbg.rq = rq;
	consume(&dbg, sizeof(dbg));
}

#endif /* CORPUS_RX_HELPERS_H */

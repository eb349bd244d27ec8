/* SPDX-License-Identifier: GPL-2.0-only */
/* The XDP side: it includes en.h, en.h does not include it. */
#ifndef CORPUS_EN_XDP_H
#define CORPUS_EN_XDP_H

#include "../en.h"

struct demo_cqe {
	unsigned int byte_cnt;
	unsigned int flags;
};

/* The per-packet XDP buffer: the generic buffer plus the driver's context. */
struct demo_xdp_buff {
	struct demo_xdp xdp;
	struct demo_cqe *cqe;
	struct demo_rq *rq;
};

static inline void demo_xdp_init(struct demo_xdp_buff *b, struct demo_rq *rq, void *va,
				 unsigned int len)
{
	b->xdp.data_hard_start = va;
	b->xdp.data = va;
	b->xdp.data_meta = va;
	b->xdp.data_end = (char *)va + len;
	b->xdp.rxq = &rq->xdp_rxq;
	b->xdp.frame_sz = 4096;
	b->xdp.flags = 0;
	b->rq = rq;
	b->cqe = NULL;
}

#endif

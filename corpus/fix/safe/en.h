/* SPDX-License-Identifier: GPL-2.0-only */
/* A receive queue shaped like mlx5e's: hot fields first, cold ones after. */
#ifndef CORPUS_EN_H
#define CORPUS_EN_H

#include "types.h"

#define ____cacheline_aligned_in_smp __attribute__((__aligned__(64)))

struct demo_page_pool;

struct demo_rq {
	/* data path */
	unsigned int cqe_count;
	unsigned int wqe_head;
	void *mpwqe_info;
	struct demo_page_pool *page_pool;

	/* control */
	unsigned int ix;
	struct demo_xdp_rxq xdp_rxq ____cacheline_aligned_in_smp;
};

int demo_poll_rx(struct demo_rq *rq, int budget);

#endif

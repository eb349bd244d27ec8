/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The buffer's header includes the owner's through the tree's -I, not next
 * to itself ("en.h", as mlx5's en/xdp.h spells it): an #include of this file
 * in en.h would be a cycle, so a hoist must move the definition.
 */
#ifndef CORPUS_REVERSED_EN_XDP_H
#define CORPUS_REVERSED_EN_XDP_H

#include "en.h"

struct r_buff {
	void *data, *data_end;
	struct r_rq *rq;
	unsigned long meta[24];
};

void r_record(const struct r_buff *b);

#endif

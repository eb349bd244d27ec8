/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The owner's header: one receive queue per NAPI instance. It does not know
 * the per-packet buffer, which en/xdp.h defines after including this file:
 * mlx5e's shape before its per-RQ buffer.
 */
#ifndef CORPUS_REVERSED_EN_H
#define CORPUS_REVERSED_EN_H

#include "h.h"

struct r_rq {
	struct napi_struct napi;
	unsigned int index;
	char *slots[2];
};

int r_poll(struct napi_struct *napi, int budget);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef CORPUS_CHAIN_EN_H
#define CORPUS_CHAIN_EN_H

#include "types.h"

struct demo_rq {
	unsigned int head;
	unsigned int tail;
};

#endif

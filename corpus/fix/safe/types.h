/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef CORPUS_TYPES_H
#define CORPUS_TYPES_H

#include <stddef.h>
#include <string.h>

struct demo_xdp_rxq {
	unsigned int queue_index;
	unsigned int frag_size;
};

struct demo_xdp {
	void *data;
	void *data_end;
	void *data_meta;
	void *data_hard_start;
	struct demo_xdp_rxq *rxq;
	unsigned int frame_sz;
	unsigned int flags;
};

#endif

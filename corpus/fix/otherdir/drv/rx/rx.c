// SPDX-License-Identifier: GPL-2.0-only
#include "../core/queue.h"
#include "buf.h"

unsigned int demo_rx(struct demo_q *q, void *data, unsigned int len)
{
	struct demo_buf b;

	demo_buf_init(&b, data, len);
	q->head++;
	return b.len;
}

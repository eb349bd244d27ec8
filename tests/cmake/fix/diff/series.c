// SPDX-License-Identifier: GPL-2.0-only
/* corpus/fix/series: both drivers' files included, their static functions called directly. */
#include "dirty.h"
#include "alpha_rx.c"
#include "beta_rx.c"

int main(void)
{
	static char page[64];
	struct alpha_ring *ring = diff_queue(sizeof(*ring));
	struct beta_queue *q = diff_queue(sizeof(*q));

	ring->head = 0;
	ring->desc = NULL;
	ring->ix = 1;
	q->head = 0;
	q->bytes = 0;
	q->id = 2;
	DIFF_TWICE("%u", alpha_peek(page, 10));
	DIFF_TWICE("%u", alpha_rx_one(ring, page, 11));
	DIFF_TWICE("%u", beta_rx_frame(q, page, 12));
	DIFF_TWICE("%u", beta_rx_meta(q, page));
	DIFF_TWICE("%d", alpha_poll(ring, 3));
	DIFF_TWICE("%d", beta_poll(q, 3));
	printf("alpha head %u desc %s; beta head %u bytes %u\n", ring->head,
	       ring->desc ? "set" : "NULL", q->head, q->bytes);
	free(ring);
	free(q);
	return 0;
}

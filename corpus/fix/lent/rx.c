// SPDX-License-Identifier: GPL-2.0-only
/*
 * The context lent to the task (6.12's tun_build_skb(), its __bpf_net_ctx):
 * declared with the pointer the publish returns, its name starting with
 * "__", read only through the task by readers that write each part first.
 * And the value of memcpy(), the destination: followed where a pointer
 * local keeps it, read in full where it is given away.
 */
#include <string.h>

#include "h.h"

static void l_rx_lent(struct l_ring *ring, int budget)
{
	struct bpf_net_context __bpf_net_ctx, *bpf_net_ctx;
	struct bpf_redirect_info *ri;

	bpf_net_ctx = bpf_net_ctx_set(&__bpf_net_ctx);
	for (int done = 0; done < budget; done++) {
		ri = l_redirect_info();
		ri->tgt_value = ring->slots[done];
		l_flush_add(ri->tgt_value);
	}
	l_flush(ring);
	bpf_net_ctx_clear(bpf_net_ctx);
}

struct l_pair {
	char head[3];
	char tail[3];
};

/* the copy writes head only; the pointer it returns reads tail */
static void l_rx_copied(struct l_ring *ring, int budget)
{
	struct l_pair pair;
	struct l_pair *p = memcpy(&pair, ring->slots[budget - 1], sizeof(pair.head));

	l_record(ring, "tail", p->tail);
}

/* the whole pair copied, then read through the pointer it returns */
static void l_rx_copied_all(struct l_ring *ring, int budget)
{
	struct l_pair pair;
	struct l_pair *p = memcpy(&pair, ring->slots[budget - 2], sizeof(pair));

	l_record(ring, "tail", p->tail);
}

/* the value given away: whoever gets it may read all of the pair */
static void l_rx_given(struct l_ring *ring, int budget)
{
	struct l_pair pair;

	l_record(ring, "given", memcpy(&pair, ring->slots[budget - 3], sizeof(pair.head)));
}

/* writes head on one path only, then reads tail: the reason names this read */
static void l_pair_fill_maybe(struct l_ring *ring, struct l_pair *p, int budget)
{
	if (budget > 1)
		p->head[0] = 'h';
	l_record(ring, "maybe", p->tail);
}

static void l_rx_half(struct l_ring *ring, int budget)
{
	struct l_pair pair;

	l_pair_fill_maybe(ring, &pair, budget);
}

int l_poll(struct napi_struct *napi, int budget)
{
	struct l_vector *v = container_of(napi, struct l_vector, napi);

	l_rx_lent(&v->ring, budget);
	l_rx_copied(&v->ring, budget);
	l_rx_copied_all(&v->ring, budget);
	l_rx_given(&v->ring, budget);
	l_rx_half(&v->ring, budget);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: l_rx_lent __bpf_net_ctx: written-first
 * zt-da: l_rx_copied pair: read-before-written tail[0] @39
 * zt-da: l_rx_copied_all pair: written-first
 * zt-da: l_rx_given pair: unknown escapes head @56
 * zt-da: l_rx_half pair: read-before-written tail[0] @71
 */

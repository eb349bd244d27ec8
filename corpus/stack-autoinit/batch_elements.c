// SPDX-License-Identifier: GPL-2.0-only
/*
 * A per-packet entry handed a batch, whose loop is known to be per packet
 * without a rule naming its callee: each turn gives the callee a different
 * packet, the element of an array of packets the loop indexes (&bufs[i], a
 * local set to &bufs[i] in the loop, skbs[i] of an array of pointers). A
 * local of that block declared outside the loop is zeroed once per batch.
 * A loop that hands every turn the same packet and an index (its fragments)
 * is no batch. (corpus.conf states the root per packet, not its callees.)
 */
#include "netdev.h"

struct be_ctx {
	void *saved, *ri;
	u64 flags[4];
};

struct be_msg {
	void *ptr;
	struct sk_buff **skbs;
	int n;
};

int be_one(struct rx_queue *rq, struct xdp_buff *xdp);
int be_one_skb(struct rx_queue *rq, struct sk_buff *skb);
int be_add_frag(struct rx_queue *rq, struct xdp_buff *xdp, int i);
int be_get_user(struct rx_queue *rq, struct be_ctx *ctx);

int be_sendmsg(struct rx_queue *rq, struct be_msg *m)
{
	struct xdp_buff *xdp;
	int ret = 0;

	if (m->n > 1) {
		struct be_ctx batch_ctx;	/* zt-expect: stack-autoinit per-batch zt-note: its loop calls 'be_one', per-packet work */

		consume(&batch_ctx, sizeof(batch_ctx));
		for (int i = 0; i < m->n; i++) {
			xdp = &((struct xdp_buff *)m->ptr)[i];
			ret += be_one(rq, xdp);
		}
		return ret;
	}
	if (m->skbs) {
		struct be_ctx skb_ctx;	/* zt-expect: stack-autoinit per-batch zt-note: its loop calls 'be_one_skb', per-packet work */

		consume(&skb_ctx, sizeof(skb_ctx));
		for (int i = 0; i < m->n; i++)
			ret += be_one_skb(rq, m->skbs[i]);
		return ret;
	}
	{
		struct be_ctx single;	/* zt-expect: stack-autoinit per-packet */

		ret = be_get_user(rq, &single);
		for (int i = 0; i < m->n; i++)
			ret += be_add_frag(rq, m->ptr, i);
	}
	return ret;
}

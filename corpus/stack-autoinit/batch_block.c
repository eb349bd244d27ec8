// SPDX-License-Identifier: GPL-2.0-only
/*
 * A per-packet entry that is handed a batch in one of its branches: like a
 * virtual device's sendmsg given an array of XDP buffers by vhost-net, it
 * runs the per-packet receive in a loop there. A local of that block,
 * declared outside the loop, is zeroed once per batch, not per packet; one
 * inside the loop is per packet; the branch that takes one packet stays per
 * packet. A loop over one packet's fragments is no batch, although each call
 * takes the packet. (corpus.conf states the root and its per-packet work.)
 */
#include "netdev.h"

struct bb_ctx {
	void *saved, *ri;
	u64 flags[4];
};

struct bb_msg {
	struct xdp_buff *bufs;
	int n;
};

int bb_one(struct rx_queue *rq, struct xdp_buff *xdp);
int bb_add_frag(struct rx_queue *rq, struct xdp_buff *xdp, int i);
int bb_get_user(struct rx_queue *rq, struct bb_ctx *ctx);

int bb_sendmsg(struct rx_queue *rq, struct bb_msg *m)
{
	int ret = 0;

	if (m->n > 1) {
		struct bb_ctx batch_ctx;	/* zt-expect: stack-autoinit per-batch zt-note: its loop calls 'bb_one', per-packet work */

		consume(&batch_ctx, sizeof(batch_ctx));
		for (int i = 0; i < m->n; i++) {
			struct bb_ctx each;	/* zt-expect: stack-autoinit per-packet */

			consume(&each, sizeof(each));
			ret += bb_one(rq, &m->bufs[i]);
		}
		return ret;
	}
	{
		struct bb_ctx single;	/* zt-expect: stack-autoinit per-packet */

		ret = bb_get_user(rq, &single);
		for (int i = 0; i < m->n; i++)
			ret += bb_add_frag(rq, m->bufs, i);
	}
	return ret;
}

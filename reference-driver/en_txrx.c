// SPDX-License-Identifier: MIT
/* NAPI: one poll serves the channel's XDP SQ completions and its RQ. */

#include <linux/indirect_call_wrapper.h>
#include <linux/rcupdate.h>
#include "en.h"
#include "en/txrx.h"
#include "en/xdp.h"

int mlx5e_napi_poll(struct napi_struct *napi, int budget)
{
	struct mlx5e_channel *c = container_of(napi, struct mlx5e_channel, napi);
	struct mlx5e_rq *rq = &c->rq;
	bool busy = false;
	int work_done = 0;

	rcu_read_lock();

	/* completed XDP_TX frames give their pages back before the RQ asks for more */
	busy |= mlx5e_poll_xdpsq_cq(&c->rq_xdpsq.cq);

	if (likely(budget))
		work_done = mlx5e_poll_rx_cq(&rq->cq, budget);

	busy |= work_done == budget;

	busy |= INDIRECT_CALL_2(rq->post_wqes,
				mlx5e_post_rx_mpwqes,
				mlx5e_post_rx_wqes,
				rq);

	rcu_read_unlock();

	if (busy)
		return budget;

	if (unlikely(!napi_complete_done(napi, work_done)))
		return work_done;

	mlx5e_cq_arm(&rq->cq);
	return work_done;
}

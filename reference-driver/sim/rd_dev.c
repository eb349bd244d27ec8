// SPDX-License-Identifier: MIT
/*
 * The variant's ABI (bench/rd_ops.h): one simulated device with one channel, the XDP
 * program of the chosen mode, the device model and the stack model around it.
 */

#include "../bench/rd_ops.h"
#include <linux/slab.h>
#include "sim.h"
#include "../en/xdp.h"
#include <net/xsk_buff_pool.h>

#ifndef RD_BUILD
#define RD_BUILD "unknown"
#endif

struct rd_dev {
	struct mlx5e_priv *priv;
	struct rd_sim sim;
	struct rd_stack stack;
	struct bpf_prog prog;
	struct bpf_prog_aux aux;
	struct rd_config cfg;
};

static void rd_err(char *err, size_t len, const char *msg)
{
	if (err && len)
		snprintf(err, len, "%s", msg);
}

static void rd_destroy(void *p)
{
	struct rd_dev *dev = p;

	if (dev->priv)
		mlx5e_destroy_netdev(dev->priv);
	kfree(dev);
}

static void *rd_create(const struct rd_config *cfg, char *err, size_t errlen)
{
	struct mlx5e_params params = {};
	struct rd_dev *dev;
	int ret;

	BUILD_BUG_ON(sizeof(struct mlx5e_xdp_buff) != 72);
	BUILD_BUG_ON(sizeof(struct xdp_buff) != 56);
	if (cfg->profile < 0 || cfg->profile >= RD_PROFILE_COUNT ||
	    cfg->rq_type < 0 || cfg->rq_type >= RD_RQ_COUNT ||
	    cfg->xdp_mode < 0 || cfg->xdp_mode >= RD_XDP_COUNT ||
	    cfg->cache < 0 || cfg->cache >= RD_CACHE_COUNT ||
	    (cfg->page_size != 4096 && cfg->page_size != 65536) ||
	    (cfg->xsk && (cfg->xdp_mode == RD_XDP_NONE || cfg->page_size != 4096 ||
			  rd_sim_profile_mtu(cfg->profile) > 1500))) {
		rd_err(err, errlen, "invalid configuration");
		return NULL;
	}
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev) {
		rd_err(err, errlen, "out of memory");
		return NULL;
	}
	dev->cfg = *cfg;
	params.rq_wq_type = cfg->rq_type == RD_RQ_STRIDING ?
			    MLX5_WQ_TYPE_LINKED_LIST_STRIDING_RQ : MLX5_WQ_TYPE_CYCLIC;
	params.page_shift = cfg->page_size == 65536 ? 16 : 12;
	params.sw_mtu = rd_sim_profile_mtu(cfg->profile);
	params.xdp = cfg->xdp_mode != RD_XDP_NONE;
	params.xsk = !!cfg->xsk;
	params.prefetch_dist = cfg->prefetch_dist > 64 ? 64 : cfg->prefetch_dist;

	dev->stack.trace = cfg->trace;
	dev->stack.trace_arg = cfg->trace_arg;
	dev->priv = mlx5e_create_netdev(&params, &dev->stack);
	if (!dev->priv) {
		rd_err(err, errlen, "cannot create netdev");
		goto err;
	}
	if (params.xdp)
		rd_xdp_prog_init(&dev->prog, &dev->aux, cfg->xdp_mode);
	ret = mlx5e_open_channel(dev->priv, params.xdp ? &dev->prog : NULL);
	if (ret) {
		rd_err(err, errlen, "cannot open channel (buffer geometry or memory)");
		goto err;
	}
	rd_sim_init(&dev->sim, dev->priv, cfg->profile, cfg->cache == RD_CACHE_COLD);
	dev->sim.trace = cfg->trace;
	dev->sim.trace_arg = cfg->trace_arg;
	return dev;

err:
	rd_destroy(dev);
	return NULL;
}

static unsigned int rd_fill(void *p, unsigned int max)
{
	struct rd_dev *dev = p;

	rd_sim_tx(&dev->sim);
	return rd_sim_rx(&dev->sim, max);
}

static int rd_poll(void *p, int budget)
{
	struct rd_dev *dev = p;
	struct napi_struct *napi = dev->priv->netdev->napi;

	return napi->poll(napi, budget);
}

static bool rd_idle(struct rd_dev *dev)
{
	struct mlx5e_channel *c = dev->priv->channel;

	return !mlx5_cqwq_get_cqe(&c->rq.cq.wq) && c->rq_xdpsq.cc == c->rq_xdpsq.pc &&
	       !mlx5_cqwq_get_cqe(&c->rq_xdpsq.cq.wq);
}

static int rd_drain(void *p)
{
	struct rd_dev *dev = p;
	int i;

	for (i = 0; i < 100000; i++) {
		rd_sim_tx(&dev->sim);
		if (rd_poll(dev, RD_NAPI_BUDGET) < RD_NAPI_BUDGET && rd_idle(dev))
			return 0;
	}
	return -1;
}

static void rd_counters(void *p, struct rd_counters *out)
{
	struct rd_dev *dev = p;
	struct mlx5e_channel *c = dev->priv->channel;
	struct mlx5e_rq_stats *s = c->rq.stats;

	memset(out, 0, sizeof(*out));
	out->rx_packets = s->packets;
	out->rx_bytes = s->bytes;
	out->pass = dev->stack.skbs;
	out->drop = s->xdp_drop + s->oversize_pkts_sw_drop + s->wqe_err;
	out->tx = s->xdp_tx;
	out->tx_completed = dev->sim.tx_frames;
	out->dev_rx = dev->sim.dev_rx;
	out->filler_cqes = s->mpwqe_filler_cqes;
	out->alloc_err = s->buff_alloc_err;
	out->csum_complete = dev->stack.csum_complete;
	out->stack_bad_hdr = dev->stack.bad_hdr;
	out->pages_total = c->rq.page_pool->p.pool_size;
	out->pages_free = page_pool_free_count(c->rq.page_pool);
	out->skbs_in_use = skb_cache_in_use();
	if (c->rq.xsk_pool) {
		struct xsk_buff_pool *xp = c->rq.xsk_pool;

		out->xsk_frames = xp->heads_cnt;
		out->xsk_frames_free = xp->free_list_cnt + (xp->fq.prod - xp->fq.cons);
	}
}

/*
 * AF_XDP: every umem frame is in exactly one place: the pool's free list, the fill
 * ring, or a posted receive buffer (the XDP SQ is drained by then).
 */
static int rd_check_xsk(struct mlx5e_rq *rq, char *msg, size_t len)
{
	struct xsk_buff_pool *xp = rq->xsk_pool;
	u32 i, n = 0, free_list = 0;
	struct list_head *pos;
	u8 *seen;
	int ret = -1;

	seen = kcalloc(xp->heads_cnt, 1, GFP_KERNEL);
	if (!seen) {
		snprintf(msg, len, "out of memory");
		return -1;
	}
#define RD_SEEN(idx, where) do { u32 _k = (idx); \
		if (_k >= xp->heads_cnt || seen[_k]++) { \
			snprintf(msg, len, "xsk frame %u twice (%s)", _k, where); goto out; } \
		n++; } while (0)
	for (pos = xp->free_list.next; pos != &xp->free_list; pos = pos->next) {
		RD_SEEN(list_entry(pos, struct xdp_buff_xsk, free_list_node) - xp->heads, "free list");
		free_list++;
	}
	for (i = xp->fq.cons; i != xp->fq.prod; i++)
		RD_SEEN(xp->fq.ring[i & xp->fq.mask] >> xp->chunk_shift, "fill ring");
	if (rq->wq_type == MLX5_WQ_TYPE_LINKED_LIST_STRIDING_RQ) {
		struct mlx5_wq_cyc *wq = &rq->mpwqe.wq;
		u32 ppw = rq->mpwqe.pages_per_wqe, j;

		for (i = 0; i < wq->cur_sz; i++) {
			u16 ix = mlx5_wq_cyc_ctr2ix(wq, wq->wqe_ctr - wq->cur_sz + i);

			for (j = 0; j < ppw; j++) {
				struct xdp_buff *b = rq->mpwqe.info[ix].xsk_buffs[j];

				/* a stride per frame: the ones already consumed gave theirs away */
				if (!b && j < rq->mpwqe.info[ix].consumed_strides)
					continue;
				if (!b) {
					snprintf(msg, len, "posted WQE %u stride %u has no frame", ix, j);
					goto out;
				}
				RD_SEEN(xsk_buff_to_xskb(b) - xp->heads, "posted");
			}
		}
	} else {
		struct mlx5_wq_cyc *wq = &rq->wqe.wq;

		for (i = 0; i < wq->cur_sz; i++) {
			u16 ix = mlx5_wq_cyc_ctr2ix(wq, wq->wqe_ctr - wq->cur_sz + i);

			if (!rq->xsk_buffs[ix]) {
				snprintf(msg, len, "posted WQE %u has no frame", ix);
				goto out;
			}
			RD_SEEN(xsk_buff_to_xskb(rq->xsk_buffs[ix]) - xp->heads, "posted");
		}
	}
#undef RD_SEEN
	if (n != xp->heads_cnt || free_list != xp->free_list_cnt) {
		snprintf(msg, len, "xsk: %u of %u frames found, free list %u (count %u)", n,
			 xp->heads_cnt, free_list, xp->free_list_cnt);
		goto out;
	}
	ret = 0;
out:
	kfree(seen);
	return ret;
}

/*
 * Records, for each page a posted WQE holds, the references it must have: the RQ's bias
 * less the fragments already handed out (and since returned). Returns how many pages.
 */
static unsigned int rd_count_posted(struct mlx5e_rq *rq, long *want)
{
	struct page_pool *pool = rq->page_pool;
	unsigned int n = 0, i, j;

#define RD_MARK(fp) do { unsigned int k = (fp)->page - pool->pages; \
		if (!want[k]) { want[k] = MLX5E_PAGECNT_BIAS_MAX - (fp)->frags; n++; } } while (0)
	if (rq->wq_type == MLX5_WQ_TYPE_LINKED_LIST_STRIDING_RQ) {
		struct mlx5_wq_cyc *wq = &rq->mpwqe.wq;

		for (i = 0; i < wq->cur_sz; i++) {
			struct mlx5e_mpw_info *wi =
				&rq->mpwqe.info[mlx5_wq_cyc_ctr2ix(wq, wq->wqe_ctr - wq->cur_sz + i)];

			for (j = 0; j < rq->mpwqe.pages_per_wqe; j++)
				RD_MARK(&wi->frag_pages[j]);
		}
	} else {
		struct mlx5_wq_cyc *wq = &rq->wqe.wq;

		for (i = 0; i < wq->cur_sz; i++) {
			u16 ix = mlx5_wq_cyc_ctr2ix(wq, wq->wqe_ctr - wq->cur_sz + i);
			struct mlx5e_wqe_frag_info *f = &rq->wqe.frags[(u32)ix << rq->wqe.info.log_num_frags];

			for (j = 0; j < rq->wqe.info.num_frags; j++)
				RD_MARK(f[j].frag_page);
		}
	}
#undef RD_MARK
	return n;
}

static int rd_check(void *p, char *msg, size_t len)
{
	struct rd_dev *dev = p;
	struct mlx5e_rq *rq = &dev->priv->channel->rq;
	struct page_pool *pool = rq->page_pool;
	unsigned int i, posted, free_pages = 0;
	long *mark;
	int ret = 0;

	if (skb_cache_in_use()) {
		snprintf(msg, len, "%lu skbs not freed", skb_cache_in_use());
		return -1;
	}
	if (dev->priv->channel->rq_xdpsq.cc != dev->priv->channel->rq_xdpsq.pc) {
		snprintf(msg, len, "XDP SQ not drained");
		return -1;
	}
	mark = kcalloc(pool->p.pool_size, sizeof(*mark), GFP_KERNEL);
	if (!mark) {
		snprintf(msg, len, "out of memory");
		return -1;
	}
	/* AF_XDP: receive buffers are umem frames; pages only back passed copies */
	posted = rq->xsk_pool ? 0 : rd_count_posted(rq, mark);
	for (i = 0; i < pool->p.pool_size; i++) {
		struct page *page = &pool->pages[i];
		long want = mark[i];

		if (page->pp_ref_count.counter != want || page->_refcount.counter != 1) {
			snprintf(msg, len, "page %u: pp_ref_count %ld, want %ld (refcount %d)", i,
				 page->pp_ref_count.counter, want, page->_refcount.counter);
			ret = -1;
			break;
		}
		if (!mark[i])
			free_pages++;
	}
	if (!ret && (free_pages != page_pool_free_count(pool) ||
		     posted + free_pages != pool->p.pool_size)) {
		snprintf(msg, len, "pool: %u free pages, %u in the pool, %u posted, %u total",
			 free_pages, page_pool_free_count(pool), posted, pool->p.pool_size);
		ret = -1;
	}
	kfree(mark);
	if (!ret && rq->xsk_pool)
		ret = rd_check_xsk(rq, msg, len);
	return ret;
}

static void rd_trace_state(void *p, rd_emit_fn emit, void *arg)
{
	struct rd_dev *dev = p;
	struct rd_counters c;
	char line[256];

	rd_counters(dev, &c);
	snprintf(line, sizeof(line),
		 "counters rx=%llu bytes=%llu pass=%llu drop=%llu tx=%llu tx_done=%llu dev_rx=%llu filler=%llu alloc_err=%llu csum_complete=%llu bad_hdr=%llu",
		 (unsigned long long)c.rx_packets, (unsigned long long)c.rx_bytes,
		 (unsigned long long)c.pass, (unsigned long long)c.drop,
		 (unsigned long long)c.tx, (unsigned long long)c.tx_completed,
		 (unsigned long long)c.dev_rx, (unsigned long long)c.filler_cqes,
		 (unsigned long long)c.alloc_err, (unsigned long long)c.csum_complete,
		 (unsigned long long)c.stack_bad_hdr);
	emit(arg, line);
	snprintf(line, sizeof(line), "pool pages=%llu free=%llu posted=%llu skbs_in_use=%llu",
		 (unsigned long long)c.pages_total, (unsigned long long)c.pages_free,
		 (unsigned long long)(c.pages_total - c.pages_free),
		 (unsigned long long)c.skbs_in_use);
	emit(arg, line);
	if (c.xsk_frames) {
		snprintf(line, sizeof(line), "xsk frames=%llu free=%llu",
			 (unsigned long long)c.xsk_frames, (unsigned long long)c.xsk_frames_free);
		emit(arg, line);
	}
	if (rd_check(dev, line, sizeof(line)) == 0)
		snprintf(line, sizeof(line), "pages ok");
	else {
		char tmp[sizeof(line) + 16];

		snprintf(tmp, sizeof(tmp), "pages BAD %s", line);
		emit(arg, tmp);
		return;
	}
	emit(arg, line);
}

static unsigned int rd_frame(void *p, unsigned int seq, unsigned char *buf)
{
	struct rd_dev *dev = p;
	u32 flow;

	return rd_sim_build_frame(&dev->sim, buf, seq, &flow);
}

static void rd_flush_lines(char *const *lines, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		rd_host_clflush(lines[i], 8);
	rd_host_fence();
}

/*
 * The cold model, measured (struct rd_calib): the device writes one batch, then the
 * first lines of its packets are loaded in the driver's order, again (warm), flushed
 * and loaded in a random order, and lines one pool page apart likewise; then the driver
 * consumes the batch as usual. Not timed by the bench; it only reads packet memory.
 */
static int rd_calibrate(void *p, struct rd_calib *out)
{
	struct rd_dev *dev = p;
	struct mlx5e_rq *rq = &dev->priv->channel->rq;
	struct page_pool *pool = rq->page_pool;
	char *lines[RD_SIM_HEADS];
	unsigned int n, i;
	u64 rng = 0x2545f4914f6cdd1dULL;

	memset(out, 0, sizeof(*out));
	if (rd_drain(dev))
		return -1;
	n = rd_sim_rx(&dev->sim, RD_SIM_HEADS);
	n = min(n, dev->sim.n_heads);
	if (n < 16 || !pool) {
		rd_drain(dev);
		return -1;
	}
	out->lines = n;
	memcpy(lines, dev->sim.heads, n * sizeof(lines[0]));
	rd_flush_lines(lines, n);
	out->first_touch_ps = rd_host_chase_ps(lines, n);
	out->warm_ps = rd_host_chase_ps(lines, n);
	for (i = n - 1; i > 0; i--) {
		u32 j = rd_rng(&rng) % (i + 1);
		char *t = lines[i];

		lines[i] = lines[j];
		lines[j] = t;
	}
	rd_flush_lines(lines, n);
	out->random_ps = rd_host_chase_ps(lines, n);
	for (i = 0; i < n && i < pool->p.pool_size; i++)
		lines[i] = (char *)page_address(&pool->pages[i]) + rq->buff.headroom;
	rd_flush_lines(lines, i);
	out->stride_ps = rd_host_chase_ps(lines, i);
	return rd_drain(dev);
}

static const struct rd_ops rd_ops = {
	.abi		= RD_OPS_ABI,
	.build		= RD_BUILD,
	.create		= rd_create,
	.destroy	= rd_destroy,
	.fill		= rd_fill,
	.poll		= rd_poll,
	.drain		= rd_drain,
	.counters	= rd_counters,
	.check		= rd_check,
	.trace_state	= rd_trace_state,
	.frame		= rd_frame,
	.calibrate	= rd_calibrate,
};

__visible const struct rd_ops *rd_get_ops(void)
{
	return &rd_ops;
}

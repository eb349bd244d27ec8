// SPDX-License-Identifier: MIT
/* Netdev and channel setup: queues, buffers, page pool, and the NAPI registration. */

#include <linux/slab.h>
#include <linux/string.h>
#include <linux/rcupdate.h>
#include "en.h"
#include "en/txrx.h"
#include "en/xdp.h"
#include "en/xsk/rx.h"

#define MLX5E_LOG_TX_CQ_SZ	10

static int mlx5e_open(struct net_device *netdev)
{
	return 0;
}

static int mlx5e_close(struct net_device *netdev)
{
	return 0;
}

static const struct net_device_ops mlx5e_netdev_ops = {
	.ndo_open		= mlx5e_open,
	.ndo_stop		= mlx5e_close,
	.ndo_start_xmit		= mlx5e_xmit,
	.ndo_xdp_xmit		= mlx5e_xdp_xmit,
};

static int mlx5e_alloc_cq(struct mlx5e_cq *cq, u8 log_sz, struct mlx5e_channel *c)
{
	u32 i, sz = 1u << log_sz;

	cq->wq.buf = kvzalloc(sizeof(struct mlx5_cqe64) * sz, GFP_KERNEL);
	if (!cq->wq.buf)
		return -12;
	/* nothing is valid before the device's first lap writes ownership 0 */
	for (i = 0; i < sz; i++)
		cq->wq.buf[i].op_own = MLX5_CQE_INVALID << 4 | 1;
	cq->wq.log_sz = log_sz;
	cq->wq.sz_m1 = sz - 1;
	cq->wq.cc = 0;
	cq->wq.db = &cq->db_rec;
	cq->db_rec = 0;
	cq->napi = &c->napi;
	cq->channel = c;
	return 0;
}

static void mlx5e_free_cq(struct mlx5e_cq *cq)
{
	kvfree(cq->wq.buf);
}

static int mlx5e_open_xdpsq(struct mlx5e_channel *c, struct mlx5e_xdpsq *sq)
{
	struct mlx5e_xdp_info_fifo *fifo = &sq->db.xdpi_fifo;
	u32 wq_sz = 1u << MLX5E_LOG_XDPSQ_SZ;
	u32 fifo_sz = roundup_pow_of_two(wq_sz * (1 + MLX5E_XDP_TX_MAX_DS));

	sq->wq.log_sz = MLX5E_LOG_XDPSQ_SZ;
	sq->wq.sz = wq_sz;
	sq->wq.log_stride = MLX5E_XDP_TX_WQE_LOG_SZ;
	sq->wq.buf = kvzalloc((size_t)wq_sz << MLX5E_XDP_TX_WQE_LOG_SZ, GFP_KERNEL);
	sq->wq.db = &sq->db_rec;
	fifo->xi = kvzalloc(sizeof(*fifo->xi) * fifo_sz, GFP_KERNEL);
	fifo->cc = &sq->xdpi_fifo_cc;
	fifo->pc = &sq->xdpi_fifo_pc;
	fifo->mask = fifo_sz - 1;
	sq->stats = &sq->stats_store;
	sq->sqn = 0x2000 + c->ix;
	sq->pdev = c->pdev;
	sq->channel = c;
	if (!sq->wq.buf || !fifo->xi)
		return -12;
	return mlx5e_alloc_cq(&sq->cq, MLX5E_LOG_TX_CQ_SZ, c);
}

static void mlx5e_close_xdpsq(struct mlx5e_xdpsq *sq)
{
	mlx5e_free_xdpsq_descs(sq);
	mlx5e_free_cq(&sq->cq);
	kvfree(sq->db.xdpi_fifo.xi);
	kvfree(sq->wq.buf);
}

/* Lays the fragments of the whole ring out over pages, several per page when they fit. */
static void mlx5e_init_frags_partition(struct mlx5e_rq *rq)
{
	struct mlx5e_frag_page *next_unit = rq->wqe.alloc_units;
	struct mlx5e_wqe_frag_info *prev = NULL;
	u32 page_size = mlx5e_rq_page_size(rq);
	u32 offset = page_size;
	int i, f;

	for (i = 0; i < rq->wqe.wq.sz; i++) {
		struct mlx5e_wqe_frag_info *frag =
			&rq->wqe.frags[(u32)i << rq->wqe.info.log_num_frags];

		for (f = 0; f < rq->wqe.info.num_frags; f++, frag++) {
			u32 stride = rq->wqe.info.arr[f].frag_stride;

			if (offset + stride > page_size) {
				if (prev)
					prev->last_in_page = true;
				frag->frag_page = next_unit++;
				offset = 0;
			} else {
				frag->frag_page = prev->frag_page;
			}
			frag->offset = offset;
			offset += stride;
			prev = frag;
		}
	}
	if (prev)
		prev->last_in_page = true;
}

static void mlx5e_rq_set_name(struct mlx5e_rq *rq, const struct net_device *netdev)
{
	static const char pfx[] = "mlx5e-rx";
	unsigned int n = 0, i;

	for (i = 0; pfx[i] && n < sizeof(rq->name) - 4; i++)
		rq->name[n++] = pfx[i];
	if (rq->ix >= 10)
		rq->name[n++] = '0' + rq->ix / 10 % 10;
	rq->name[n++] = '0' + rq->ix % 10;
	rq->name[n] = 0;
}

static int mlx5e_alloc_rq(struct mlx5e_channel *c, const struct mlx5e_params *params,
			  const struct mlx5e_rq_param *rqp, struct mlx5e_rq *rq)
{
	u32 page_size = 1u << params->page_shift;
	u32 wq_sz = 1u << rqp->log_rq_size;
	struct page_pool_params pp = {};
	u32 i, pool_size;

	rq->wq_type = params->rq_wq_type;
	rq->pdev = c->pdev;
	rq->netdev = c->netdev;
	rq->channel = c;
	rq->ix = c->ix;
	rq->rqn = 0x1000 + c->ix;
	rq->q_counter = 0x10 + c->ix;
	rq->umr_mkey = 0x3000 + c->ix;
	rq->dim = NULL;
	rq->dim_enabled = 0;
	mlx5e_rq_set_name(rq, c->netdev);
	rq->hw_mtu = mlx5e_sw2hw_mtu(params);
	rq->stats = &rq->stats_store;
	rq->xdpsq = &c->rq_xdpsq;
	rq->xsk_pool = NULL;
	rq->buff.headroom = rqp->headroom;
	rq->buff.frame0_sz = rqp->frame0_sz;
	rq->buff.page_shift = params->page_shift;
	rq->buff.map_dir = params->xdp ? DMA_BIDIRECTIONAL : DMA_FROM_DEVICE;
	rq->db_rec = 0;
	xdp_rxq_info_reg(&rq->xdp_rxq, rq->netdev, rq->ix, 0);

	rq->hw.wq_type = rq->wq_type;
	rq->hw.page_shift = params->page_shift;
	rq->hw.log_wq_sz = rqp->log_rq_size;

	if (rq->wq_type == MLX5_WQ_TYPE_LINKED_LIST_STRIDING_RQ) {
		struct mlx5_wq_cyc *wq = &rq->mpwqe.wq;

		wq->log_stride = ilog2(roundup_pow_of_two(sizeof(struct mlx5e_rx_wqe_ll)));
		wq->buf = kvzalloc((size_t)wq_sz << wq->log_stride, GFP_KERNEL);
		rq->mpwqe.info = kvzalloc(sizeof(*rq->mpwqe.info) * wq_sz, GFP_KERNEL);
		if (!wq->buf || !rq->mpwqe.info)
			return -12;
		rq->mpwqe.log_stride_sz = rqp->log_stride_sz;
		rq->mpwqe.num_strides = rqp->num_strides;
		rq->mpwqe.pages_per_wqe = rqp->pages_per_wqe;
		rq->mpwqe.prefetch_dist = 0;
		rq->mpwqe.skb_from_cqe_mpwrq = rqp->linear ?
			mlx5e_skb_from_cqe_mpwrq_linear : mlx5e_skb_from_cqe_mpwrq_nonlinear;
		rq->handle_rx_cqe = mlx5e_handle_rx_cqe_mpwrq;
		rq->post_wqes = mlx5e_post_rx_mpwqes;
		pool_size = wq_sz * rqp->pages_per_wqe * 2 + 2 * PP_ALLOC_CACHE_SIZE;
		rq->hw.log_stride_sz = rqp->log_stride_sz;
		rq->hw.num_strides = rqp->num_strides;
		rq->hw.pages_per_wqe = rqp->pages_per_wqe;
		rq->hw.headroom = rqp->linear ? rqp->headroom : 0;
		rq->hw.log_wqe_stride = wq->log_stride;
	} else {
		struct mlx5_wq_cyc *wq = &rq->wqe.wq;
		u32 nunits, wqe_bytes = 0;

		rq->wqe.info = rqp->frags_info;
		for (i = 0; i < rq->wqe.info.num_frags; i++)
			wqe_bytes += rq->wqe.info.arr[i].frag_stride;
		nunits = DIV_ROUND_UP(wq_sz * wqe_bytes, page_size) + 1;
		wq->log_stride = ilog2(sizeof(struct mlx5_wqe_data_seg)) + rq->wqe.info.log_num_frags;
		wq->buf = kvzalloc((size_t)wq_sz << wq->log_stride, GFP_KERNEL);
		rq->wqe.frags = kvzalloc(sizeof(*rq->wqe.frags) *
					 (wq_sz << rq->wqe.info.log_num_frags), GFP_KERNEL);
		rq->wqe.alloc_units = kvzalloc(sizeof(*rq->wqe.alloc_units) * nunits, GFP_KERNEL);
		if (!wq->buf || !rq->wqe.frags || !rq->wqe.alloc_units)
			return -12;
		wq->sz = wq_sz;
		mlx5e_init_frags_partition(rq);
		/* unused data segments of a padded WQE end the scatter list */
		for (i = 0; i < wq_sz << rq->wqe.info.log_num_frags; i++) {
			struct mlx5_wqe_data_seg *dseg = (struct mlx5_wqe_data_seg *)wq->buf + i;

			dseg->lkey = cpu_to_be32(0x100);
			dseg->byte_count = 0;
		}
		rq->wqe.skb_from_cqe = rqp->linear ?
			mlx5e_skb_from_cqe_linear : mlx5e_skb_from_cqe_nonlinear;
		rq->handle_rx_cqe = mlx5e_handle_rx_cqe;
		rq->post_wqes = mlx5e_post_rx_wqes;
		pool_size = nunits * 2 + 2 * PP_ALLOC_CACHE_SIZE;
		rq->hw.log_wqe_stride = wq->log_stride;
	}
	if (params->xsk) {
		/* the socket's pool; the page pool only backs the copies of passed packets */
		rq->xsk_pool = xp_create(1u << MLX5E_XSK_LOG_FRAMES, params->page_shift, rq->ix,
					 rq->pdev);
		rq->xsk_buffs = kvzalloc(sizeof(*rq->xsk_buffs) * wq_sz, GFP_KERNEL);
		if (!rq->xsk_pool || !rq->xsk_buffs)
			return -12;
		xsk_pool_set_rxq_info(rq->xsk_pool, &rq->xdp_rxq);
		xdp_rxq_info_reg_mem_model(&rq->xdp_rxq, MEM_TYPE_XSK_BUFF_POOL, rq->ix);
		if (rq->wq_type == MLX5_WQ_TYPE_LINKED_LIST_STRIDING_RQ) {
			rq->mpwqe.skb_from_cqe_mpwrq = mlx5e_xsk_skb_from_cqe_mpwrq_linear;
			rq->handle_rx_cqe = mlx5e_xsk_handle_rx_cqe_mpwrq;
			rq->post_wqes = mlx5e_xsk_post_rx_mpwqes;
		} else {
			rq->wqe.skb_from_cqe = mlx5e_xsk_skb_from_cqe_linear;
			rq->handle_rx_cqe = mlx5e_xsk_handle_rx_cqe;
			rq->post_wqes = mlx5e_xsk_post_rx_wqes;
		}
		pool_size = 2 * PP_ALLOC_CACHE_SIZE;
	}
	/* both WQ types share the cyclic queue header */
	rq->mpwqe.wq.sz = wq_sz;
	rq->mpwqe.wq.log_sz = rqp->log_rq_size;
	rq->mpwqe.wq.db = &rq->db_rec;

	pp.pool_size = pool_size;
	pp.page_shift = params->page_shift;
	pp.dev = rq->pdev;
	pp.dma_dir = rq->buff.map_dir;
	rq->page_pool = page_pool_create(&pp);
	if (!rq->page_pool)
		return -12;
	/* frames sent by XDP return to the page pool; AF_XDP ones to the socket's pool */
	if (!params->xsk)
		xdp_rxq_info_reg_mem_model(&rq->xdp_rxq, MEM_TYPE_PAGE_POOL, rq->ix);

	return mlx5e_alloc_cq(&rq->cq, MLX5E_LOG_CQ_SZ, c);
}

static void mlx5e_free_rq(struct mlx5e_rq *rq)
{
	mlx5e_free_cq(&rq->cq);
	if (rq->wq_type == MLX5_WQ_TYPE_LINKED_LIST_STRIDING_RQ) {
		kvfree(rq->mpwqe.info);
		kvfree(rq->mpwqe.wq.buf);
	} else {
		kvfree(rq->wqe.alloc_units);
		kvfree(rq->wqe.frags);
		kvfree(rq->wqe.wq.buf);
	}
	if (rq->page_pool)
		page_pool_destroy(rq->page_pool);
	kvfree(rq->xsk_buffs);
	xp_destroy(rq->xsk_pool);
}

int mlx5e_open_channel(struct mlx5e_priv *priv, struct bpf_prog *prog)
{
	struct net_device *netdev = priv->netdev;
	struct mlx5e_rq_param rqp = {};
	struct mlx5e_channel *c;
	struct mlx5e_rq *rq;
	int err;

	if (!!prog != priv->params.xdp)
		return -22;
	err = mlx5e_build_rq_param(&priv->params, &rqp);
	if (err)
		return err;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -12;
	c->ix = 0;
	c->cpu = 0;
	c->pdev = &priv->pdev;
	c->netdev = netdev;
	priv->channel = c;
	netif_napi_add(netdev, &c->napi, mlx5e_napi_poll);

	err = mlx5e_open_xdpsq(c, &c->rq_xdpsq);
	if (err)
		goto err_close;
	rq = &c->rq;
	err = mlx5e_alloc_rq(c, &priv->params, &rqp, rq);
	if (err)
		goto err_close;

	RCU_INIT_POINTER(rq->xdp_prog, prog);
	__set_bit(MLX5E_RQ_STATE_ENABLED, &rq->state);
	rq->post_wqes(rq);
	return 0;

err_close:
	mlx5e_close_channel(priv);
	return err;
}

void mlx5e_close_channel(struct mlx5e_priv *priv)
{
	struct mlx5e_channel *c = priv->channel;

	if (!c)
		return;
	__clear_bit(MLX5E_RQ_STATE_ENABLED, &c->rq.state);
	if (c->rq.xsk_pool && c->rq.xsk_buffs)
		mlx5e_xsk_free_rx_descs(&c->rq);
	else if (!c->rq.xsk_pool && c->rq.page_pool)
		mlx5e_free_rx_descs(&c->rq);
	mlx5e_close_xdpsq(&c->rq_xdpsq);
	mlx5e_free_rq(&c->rq);
	kfree(c);
	priv->channel = NULL;
}

struct mlx5e_priv *mlx5e_create_netdev(const struct mlx5e_params *params,
				       struct rd_stack *stack)
{
	struct mlx5e_priv *priv = kzalloc(sizeof(*priv), GFP_KERNEL);
	struct net_device *netdev = kzalloc(sizeof(*netdev), GFP_KERNEL);
	static const u8 addr[ETH_ALEN] = { 0x02, 0x00, 0x5e, 0x10, 0x00, 0x01 };

	if (!priv || !netdev) {
		kfree(priv);
		kfree(netdev);
		return NULL;
	}
	netdev->netdev_ops = &mlx5e_netdev_ops;
	netdev->mtu = params->sw_mtu;
	memcpy(netdev->dev_addr, addr, ETH_ALEN);
	netdev->priv = priv;
	netdev->stack = stack;
	priv->netdev = netdev;
	priv->params = *params;
	priv->pdev.name = "mlx5_core.sim";
	return priv;
}

void mlx5e_destroy_netdev(struct mlx5e_priv *priv)
{
	mlx5e_close_channel(priv);
	kfree(priv->netdev);
	kfree(priv);
}

// SPDX-License-Identifier: MIT
/*
 * AF_XDP zero-copy receive: buffers are umem frames taken from the socket's pool, one
 * packet per frame. A frame the program drops goes straight back to the pool, one it
 * sends goes to the XDP SQ (its completion gives it back), and a passed packet is
 * copied into an skb, since the umem belongs to user space.
 */

#include <linux/prefetch.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include "rx.h"
#include "../xdp.h"

#define MLX5E_XSK_SKB_HEADROOM	(NET_SKB_PAD + NET_IP_ALIGN)

/* Striding RQ: each stride of the WQE is one umem frame. */
int mlx5e_xsk_alloc_rx_mpwqe(struct mlx5e_rq *rq, u16 ix)
{
	struct mlx5e_rx_wqe_ll *wqe = mlx5_wq_cyc_get_wqe(&rq->mpwqe.wq, ix);
	struct xdp_buff **xsk_buffs = rq->mpwqe.info[ix].xsk_buffs;
	u32 chunk = xsk_pool_get_chunk_size(rq->xsk_pool);
	int i;

	for (i = 0; i < rq->mpwqe.pages_per_wqe; i++) {
		struct xdp_buff *xdp = xsk_buff_alloc(rq->xsk_pool);

		if (unlikely(!xdp))
			goto err_free;
		xsk_buffs[i] = xdp;
		wqe->data[i].addr = cpu_to_be64(xsk_buff_xdp_get_frame_dma(xdp));
		wqe->data[i].byte_count = cpu_to_be32(chunk);
		wqe->data[i].lkey = cpu_to_be32(rq->rqn);
	}
	rq->mpwqe.info[ix].consumed_strides = 0;
	return 0;

err_free:
	while (--i >= 0) {
		xsk_buff_free(xsk_buffs[i]);
		xsk_buffs[i] = NULL;
	}
	return -12;
}

/* Frames of a completed WQE that no packet took (filler, error, oversize) go back. */
void mlx5e_xsk_free_rx_mpwqe(struct mlx5e_rq *rq, u16 ix)
{
	struct xdp_buff **xsk_buffs = rq->mpwqe.info[ix].xsk_buffs;
	int i;

	for (i = 0; i < rq->mpwqe.pages_per_wqe; i++) {
		if (xsk_buffs[i]) {
			xsk_buff_free(xsk_buffs[i]);
			xsk_buffs[i] = NULL;
		}
	}
}

/* Legacy RQ: one fragment per WQE, one frame per fragment. */
int mlx5e_xsk_alloc_rx_wqes(struct mlx5e_rq *rq, u16 ix, int wqe_bulk)
{
	struct mlx5_wq_cyc *wq = &rq->wqe.wq;
	u32 frame_size = xsk_pool_get_rx_frame_size(rq->xsk_pool);
	int i;

	for (i = 0; i < wqe_bulk; i++) {
		u16 j = mlx5_wq_cyc_ctr2ix(wq, ix + i);
		struct mlx5e_rx_wqe_cyc *wqe = mlx5_wq_cyc_get_wqe(wq, j);
		struct xdp_buff *xdp = xsk_buff_alloc(rq->xsk_pool);

		if (unlikely(!xdp))
			goto err_free;
		rq->xsk_buffs[j] = xdp;
		wqe->data[0].addr = cpu_to_be64(xsk_buff_xdp_get_dma(xdp));
		wqe->data[0].byte_count = cpu_to_be32(frame_size);
		wqe->data[0].lkey = cpu_to_be32(rq->rqn);
	}
	return 0;

err_free:
	while (i--)
		mlx5e_xsk_free_rx_wqe(rq, mlx5_wq_cyc_ctr2ix(wq, ix + i));
	return -12;
}

void mlx5e_xsk_free_rx_wqe(struct mlx5e_rq *rq, u16 ix)
{
	if (rq->xsk_buffs[ix]) {
		xsk_buff_free(rq->xsk_buffs[ix]);
		rq->xsk_buffs[ix] = NULL;
	}
}

/* PASS: the stack gets a copy in a page of the RQ's page pool; the frame goes back. */
static struct sk_buff *mlx5e_xsk_construct_skb(struct mlx5e_rq *rq, struct xdp_buff *xdp)
{
	u32 totallen = (char *)xdp->data_end - (char *)xdp->data_meta;
	u32 metalen = (char *)xdp->data - (char *)xdp->data_meta;
	struct sk_buff *skb;
	struct page *page;
	void *va;

	page = page_pool_dev_alloc_pages(rq->page_pool);
	if (unlikely(!page)) {
		rq->stats->buff_alloc_err++;
		return NULL;
	}
	va = page_address(page);
	net_prefetchw((char *)va + MLX5E_XSK_SKB_HEADROOM);
	memcpy((char *)va + MLX5E_XSK_SKB_HEADROOM, xdp->data_meta, totallen);
	skb = napi_build_skb(va, mlx5e_rq_page_size(rq));
	if (unlikely(!skb)) {
		page_pool_put_unrefed_page(rq->page_pool, page, true);
		rq->stats->buff_alloc_err++;
		return NULL;
	}
	page_pool_fragment_page(page, 1);
	skb_reserve(skb, MLX5E_XSK_SKB_HEADROOM + metalen);
	skb_put(skb, totallen - metalen);
	if (metalen)
		skb_metadata_set(skb, metalen);
	skb_mark_for_recycle(skb);
	return skb;
}

/* The verdict decides who owns the frame now; NULL when no skb goes up. */
static struct sk_buff *mlx5e_xsk_run(struct mlx5e_rq *rq, struct xdp_buff *xdp)
{
	struct bpf_prog *prog = rcu_dereference(rq->xdp_prog);
	struct sk_buff *skb;

	if (likely(prog && mlx5e_xdp_handle_buff(rq, prog, xdp))) {
		/* XDP_TX: the XDP SQ gives the frame back on completion */
		if (!__test_and_clear_bit(MLX5E_RQ_FLAG_XDP_TX_HOLD, rq->flags))
			xsk_buff_free(xdp);
		return NULL; /* page/packet was consumed by XDP */
	}
	skb = mlx5e_xsk_construct_skb(rq, xdp);
	xsk_buff_free(xdp);
	return skb;
}

struct sk_buff *mlx5e_xsk_skb_from_cqe_mpwrq_linear(struct mlx5e_rq *rq,
						    struct mlx5e_mpw_info *wi,
						    struct mlx5_cqe64 *cqe, u16 cqe_bcnt,
						    u32 head_offset, u32 page_idx)
{
	struct xdp_buff **slot = &wi->xsk_buffs[page_idx];
	struct xdp_buff *xdp = *slot;

	/* the device does not check the frame size; the frame is released with the WQE */
	if (unlikely(cqe_bcnt > rq->hw_mtu)) {
		rq->stats->oversize_pkts_sw_drop++;
		return NULL;
	}
	*slot = NULL;
	/* frames start on a stride: head_offset is always the stride's start */
	xsk_buff_set_size(xdp, cqe_bcnt);
	xsk_buff_dma_sync_for_cpu(xdp);
	net_prefetch(xdp->data);
	return mlx5e_xsk_run(rq, xdp);
}

struct sk_buff *mlx5e_xsk_skb_from_cqe_linear(struct mlx5e_rq *rq,
					      struct mlx5e_wqe_frag_info *wi,
					      struct mlx5_cqe64 *cqe, u32 cqe_bcnt)
{
	struct xdp_buff **slot = &rq->xsk_buffs[wi - rq->wqe.frags];
	struct xdp_buff *xdp = *slot;

	*slot = NULL;
	xsk_buff_set_size(xdp, cqe_bcnt);
	xsk_buff_dma_sync_for_cpu(xdp);
	net_prefetch(xdp->data);
	return mlx5e_xsk_run(rq, xdp);
}

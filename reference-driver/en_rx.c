// SPDX-License-Identifier: MIT
/*
 * Receive path of the modelled mlx5e: posting buffers, completion handling and the four
 * ways a completion becomes an skb (or an XDP verdict).
 */

#include <linux/prefetch.h>
#include <linux/indirect_call_wrapper.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include "en.h"
#include "en/txrx.h"
#include "en/xdp.h"

#define MLX5_SKB_FRAG_SZ(len)	(SKB_DATA_ALIGN(len) + \
				 SKB_DATA_ALIGN(sizeof(struct skb_shared_info)))
#define MLX5_INVALID_LKEY	0x100

static inline struct mlx5e_wqe_frag_info *get_frag(struct mlx5e_rq *rq, u16 ix)
{
	return &rq->wqe.frags[(u32)ix << rq->wqe.info.log_num_frags];
}

static inline struct mlx5e_mpw_info *mlx5e_get_mpw_info(struct mlx5e_rq *rq, u16 i)
{
	return &rq->mpwqe.info[i];
}

/*
 * Where stride @stride_ix of a multi-packet WQE lives: the page and the offset in it.
 * All stride arithmetic goes through here, so a look-ahead (prefetch) or a different
 * page size needs no other change.
 */
static inline void mlx5e_mpwqe_stride_pos(const struct mlx5e_rq *rq, u32 stride_ix,
					  u32 *page_idx, u32 *page_offset)
{
	u32 off = stride_ix << rq->mpwqe.log_stride_sz;

	*page_idx = off >> rq->buff.page_shift;
	*page_offset = off & (mlx5e_rq_page_size(rq) - 1);
}

static int mlx5e_page_alloc_fragmented(struct mlx5e_rq *rq, struct mlx5e_frag_page *frag_page)
{
	struct page *page = page_pool_dev_alloc_pages(rq->page_pool);

	if (unlikely(!page))
		return -12;
	page_pool_fragment_page(page, MLX5E_PAGECNT_BIAS_MAX);
	frag_page->page = page;
	frag_page->frags = 0;
	return 0;
}

/* Drops the RQ's bias; the page goes back once every fragment user let go too. */
static void mlx5e_page_release_fragmented(struct mlx5e_rq *rq, struct mlx5e_frag_page *frag_page)
{
	u16 drain_count = MLX5E_PAGECNT_BIAS_MAX - frag_page->frags;
	struct page *page = frag_page->page;

	if (page_pool_unref_page(page, drain_count) == 0)
		page_pool_put_unrefed_page(rq->page_pool, page, true);
}

/* ---- legacy (cyclic) RQ ---- */

static int mlx5e_alloc_rx_wqe(struct mlx5e_rq *rq, struct mlx5e_rx_wqe_cyc *wqe, u16 ix,
			      int *nfrags)
{
	struct mlx5e_wqe_frag_info *frag = get_frag(rq, ix);
	int i;

	for (i = 0; i < rq->wqe.info.num_frags; i++, frag++) {
		u16 headroom = i ? 0 : rq->buff.headroom;
		dma_addr_t addr;

		/* the first fragment of a page brings the page */
		if (frag->offset == 0 &&
		    unlikely(mlx5e_page_alloc_fragmented(rq, frag->frag_page))) {
			*nfrags = i;
			return -12;
		}
		addr = page_pool_get_dma_addr(frag->frag_page->page);
		wqe->data[i].addr = cpu_to_be64(addr + frag->offset + headroom);
		wqe->data[i].byte_count = cpu_to_be32(rq->wqe.info.arr[i].frag_size);
		wqe->data[i].lkey = cpu_to_be32(rq->rqn);
	}
	*nfrags = i;
	return 0;
}

static void mlx5e_unalloc_rx_frags(struct mlx5e_rq *rq, u16 ix, int nfrags)
{
	struct mlx5e_wqe_frag_info *frag = get_frag(rq, ix);
	int i;

	for (i = 0; i < nfrags; i++, frag++)
		if (frag->offset == 0)
			mlx5e_page_release_fragmented(rq, frag->frag_page);
}

/* All or nothing: a bulk covers whole pages, so a half-filled one would split a page. */
static int mlx5e_alloc_rx_wqes(struct mlx5e_rq *rq, u16 ix, int wqe_bulk)
{
	struct mlx5_wq_cyc *wq = &rq->wqe.wq;
	int i, nfrags;

	for (i = 0; i < wqe_bulk; i++) {
		u16 j = mlx5_wq_cyc_ctr2ix(wq, ix + i);
		struct mlx5e_rx_wqe_cyc *wqe = mlx5_wq_cyc_get_wqe(wq, j);

		if (unlikely(mlx5e_alloc_rx_wqe(rq, wqe, j, &nfrags))) {
			mlx5e_unalloc_rx_frags(rq, j, nfrags);
			while (i--)
				mlx5e_unalloc_rx_frags(rq, mlx5_wq_cyc_ctr2ix(wq, ix + i),
						       rq->wqe.info.num_frags);
			return -12;
		}
	}
	return 0;
}

static void mlx5e_free_rx_wqe(struct mlx5e_rq *rq, struct mlx5e_wqe_frag_info *wi)
{
	int i;

	for (i = 0; i < rq->wqe.info.num_frags; i++, wi++)
		if (wi->last_in_page)
			mlx5e_page_release_fragmented(rq, wi->frag_page);
}

INDIRECT_CALLABLE_SCOPE bool mlx5e_post_rx_wqes(struct mlx5e_rq *rq)
{
	struct mlx5_wq_cyc *wq = &rq->wqe.wq;
	u16 wqe_bulk = rq->wqe.info.wqe_bulk;
	u16 missing = mlx5_wq_cyc_missing(wq);
	bool busy = false;
	u16 posted = 0;

	if (missing < wqe_bulk)
		return false;

	while (missing - posted >= wqe_bulk) {
		u16 head = mlx5_wq_cyc_get_head(wq);

		if (unlikely(mlx5e_alloc_rx_wqes(rq, head, wqe_bulk))) {
			rq->stats->buff_alloc_err++;
			busy = true;
			break;
		}
		mlx5_wq_cyc_push_n(wq, wqe_bulk);
		posted += wqe_bulk;
	}
	if (posted) {
		/* the device may read the WQEs once the doorbell record moves */
		dma_wmb();
		mlx5_wq_cyc_update_db_record(wq);
	}
	return busy;
}

/* ---- striding RQ ---- */

static int mlx5e_alloc_rx_mpwqe(struct mlx5e_rq *rq, u16 ix)
{
	struct mlx5e_mpw_info *wi = mlx5e_get_mpw_info(rq, ix);
	struct mlx5e_rx_wqe_ll *wqe = mlx5_wq_cyc_get_wqe(&rq->mpwqe.wq, ix);
	u32 page_size = mlx5e_rq_page_size(rq);
	int i;

	for (i = 0; i < rq->mpwqe.pages_per_wqe; i++) {
		struct mlx5e_frag_page *frag_page = &wi->frag_pages[i];

		if (unlikely(mlx5e_page_alloc_fragmented(rq, frag_page)))
			goto err_unalloc;
		wqe->data[i].addr = cpu_to_be64(page_pool_get_dma_addr(frag_page->page));
		wqe->data[i].byte_count = cpu_to_be32(page_size);
		wqe->data[i].lkey = cpu_to_be32(rq->rqn);
	}
	wi->consumed_strides = 0;
	return 0;

err_unalloc:
	while (--i >= 0)
		mlx5e_page_release_fragmented(rq, &wi->frag_pages[i]);
	return -12;
}

static void mlx5e_free_rx_mpwqe(struct mlx5e_rq *rq, struct mlx5e_mpw_info *wi)
{
	int i;

	for (i = 0; i < rq->mpwqe.pages_per_wqe; i++)
		mlx5e_page_release_fragmented(rq, &wi->frag_pages[i]);
}

INDIRECT_CALLABLE_SCOPE bool mlx5e_post_rx_mpwqes(struct mlx5e_rq *rq)
{
	struct mlx5_wq_cyc *wq = &rq->mpwqe.wq;
	u16 missing = mlx5_wq_cyc_missing(wq);
	u16 i;

	if (!missing)
		return false;

	for (i = 0; i < missing; i++) {
		u16 head = mlx5_wq_cyc_ctr2ix(wq, wq->wqe_ctr + i);

		if (unlikely(mlx5e_alloc_rx_mpwqe(rq, head))) {
			rq->stats->buff_alloc_err++;
			break;
		}
	}
	if (i) {
		mlx5_wq_cyc_push_n(wq, i);
		dma_wmb();
		mlx5_wq_cyc_update_db_record(wq);
	}
	return i != missing;
}

void mlx5e_free_rx_descs(struct mlx5e_rq *rq)
{
	if (rq->wq_type == MLX5_WQ_TYPE_LINKED_LIST_STRIDING_RQ) {
		struct mlx5_wq_cyc *wq = &rq->mpwqe.wq;

		while (!mlx5_wq_cyc_is_empty(wq)) {
			mlx5e_free_rx_mpwqe(rq, mlx5e_get_mpw_info(rq, mlx5_wq_cyc_get_tail(wq)));
			mlx5_wq_cyc_pop(wq);
		}
		return;
	}
	while (!mlx5_wq_cyc_is_empty(&rq->wqe.wq)) {
		mlx5e_free_rx_wqe(rq, get_frag(rq, mlx5_wq_cyc_get_tail(&rq->wqe.wq)));
		mlx5_wq_cyc_pop(&rq->wqe.wq);
	}
}

/* ---- completion to skb ---- */

static inline void mlx5e_handle_csum(struct mlx5e_rq *rq, struct mlx5_cqe64 *cqe,
				     struct sk_buff *skb)
{
	if (likely(cqe->hds_ip_ext & CQE_L3_OK)) {
		/* the device summed the L3 payload: the stack verifies from that */
		skb->ip_summed = CHECKSUM_COMPLETE;
		skb->csum = (__force __wsum)(u32)be16_to_cpu(cqe->check_sum);
		rq->stats->csum_complete++;
		return;
	}
	skb->ip_summed = CHECKSUM_NONE;
	rq->stats->csum_none++;
}

static inline void mlx5e_build_rx_skb(struct mlx5_cqe64 *cqe, u32 cqe_bcnt,
				      struct mlx5e_rq *rq, struct sk_buff *skb)
{
	skb->mark = be32_to_cpu(cqe->sop_drop_qpn) & MLX5_FLOW_TAG_MASK;
	skb->hash = be32_to_cpu(cqe->rss_hash_result);
	skb->queue_mapping = rq->ix;
	skb->protocol = eth_type_trans(skb, rq->netdev);
	mlx5e_handle_csum(rq, cqe, skb);
}

static inline void mlx5e_complete_rx_cqe(struct mlx5e_rq *rq, struct mlx5_cqe64 *cqe,
					 u32 cqe_bcnt, struct sk_buff *skb)
{
	mlx5e_build_rx_skb(cqe, cqe_bcnt, rq, skb);
}

static struct sk_buff *mlx5e_build_linear_skb(struct mlx5e_rq *rq, void *va, u32 frag_size,
					      u16 headroom, u32 cqe_bcnt, u32 metasize)
{
	struct sk_buff *skb = napi_build_skb(va, frag_size);

	if (unlikely(!skb)) {
		rq->stats->buff_alloc_err++;
		return NULL;
	}
	skb_reserve(skb, headroom);
	skb_put(skb, cqe_bcnt);
	if (metasize)
		skb_metadata_set(skb, metasize);
	skb_mark_for_recycle(skb);
	return skb;
}

static void mlx5e_add_skb_shared_info_frag(struct mlx5e_rq *rq, struct skb_shared_info *sinfo,
					   struct xdp_buff *xdp,
					   struct mlx5e_frag_page *frag_page,
					   u32 frag_offset, u32 len)
{
	skb_frag_t *frag;

	if (!xdp_buff_has_frags(xdp)) {
		/* first fragment: the shared info area holds garbage until now */
		sinfo->nr_frags = 0;
		sinfo->xdp_frags_size = 0;
		xdp_buff_set_frags_flag(xdp);
	}
	frag = &sinfo->frags[sinfo->nr_frags++];
	skb_frag_fill_page_desc(frag, frag_page->page, frag_offset, len);
	sinfo->xdp_frags_size += len;
}

struct sk_buff *mlx5e_skb_from_cqe_linear(struct mlx5e_rq *rq, struct mlx5e_wqe_frag_info *wi,
					  struct mlx5_cqe64 *cqe, u32 cqe_bcnt)
{
	struct mlx5e_frag_page *frag_page = wi->frag_page;
	u16 rx_headroom = rq->buff.headroom;
	struct bpf_prog *prog;
	struct sk_buff *skb;
	u32 metasize = 0;
	void *va, *data;
	dma_addr_t addr;
	u32 frag_size;

	va = (char *)page_address(frag_page->page) + wi->offset;
	data = (char *)va + rx_headroom;
	frag_size = MLX5_SKB_FRAG_SZ(rx_headroom + cqe_bcnt);

	addr = page_pool_get_dma_addr(frag_page->page);
	dma_sync_single_range_for_cpu(rq->pdev, addr, wi->offset, frag_size, DMA_FROM_DEVICE);
	net_prefetch(data);

	prog = rcu_dereference(rq->xdp_prog);
	if (prog) {
		struct mlx5e_xdp_buff mxbuf;

		net_prefetchw(va); /* xdp_frame data area */
		mlx5e_fill_mxbuf(rq, cqe, va, rx_headroom, rq->buff.frame0_sz, cqe_bcnt, &mxbuf);
		if (mlx5e_xdp_handle(rq, prog, &mxbuf)) {
			if (__test_and_clear_bit(MLX5E_RQ_FLAG_XDP_TX_HOLD, rq->flags))
				frag_page->frags++;
			return NULL; /* page/packet was consumed by XDP */
		}
		rx_headroom = (char *)mxbuf.xdp.data - (char *)mxbuf.xdp.data_hard_start;
		metasize = (char *)mxbuf.xdp.data - (char *)mxbuf.xdp.data_meta;
		cqe_bcnt = (char *)mxbuf.xdp.data_end - (char *)mxbuf.xdp.data;
	}
	frag_size = MLX5_SKB_FRAG_SZ(rx_headroom + cqe_bcnt);
	skb = mlx5e_build_linear_skb(rq, va, frag_size, rx_headroom, cqe_bcnt, metasize);
	if (unlikely(!skb))
		return NULL;

	/* queue up for recycling/reuse */
	frag_page->frags++;
	return skb;
}

struct sk_buff *mlx5e_skb_from_cqe_nonlinear(struct mlx5e_rq *rq,
					     struct mlx5e_wqe_frag_info *wi,
					     struct mlx5_cqe64 *cqe, u32 cqe_bcnt)
{
	struct mlx5e_rq_frag_info *frag_info = &rq->wqe.info.arr[0];
	struct mlx5e_wqe_frag_info *head_wi = wi, *pwi;
	u16 rx_headroom = rq->buff.headroom;
	struct mlx5e_frag_page *frag_page;
	struct skb_shared_info *sinfo;
	struct mlx5e_xdp_buff mxbuf;
	u32 frag_consumed_bytes;
	struct bpf_prog *prog;
	struct sk_buff *skb;
	dma_addr_t addr;
	u32 truesize;
	void *va;

	frag_page = wi->frag_page;
	va = (char *)page_address(frag_page->page) + wi->offset;
	frag_consumed_bytes = min_t(u32, frag_info->frag_size, cqe_bcnt);

	addr = page_pool_get_dma_addr(frag_page->page);
	dma_sync_single_range_for_cpu(rq->pdev, addr, wi->offset,
				      rx_headroom + frag_consumed_bytes, DMA_FROM_DEVICE);
	net_prefetchw(va); /* xdp_frame data area */
	net_prefetch((char *)va + rx_headroom);

	mlx5e_fill_mxbuf(rq, cqe, va, rx_headroom, rq->buff.frame0_sz,
			 frag_consumed_bytes, &mxbuf);
	sinfo = xdp_get_shared_info_from_buff(&mxbuf.xdp);
	truesize = 0;

	cqe_bcnt -= frag_consumed_bytes;
	frag_info++;
	wi++;

	while (cqe_bcnt) {
		frag_page = wi->frag_page;
		frag_consumed_bytes = min_t(u32, frag_info->frag_size, cqe_bcnt);

		mlx5e_add_skb_shared_info_frag(rq, sinfo, &mxbuf.xdp, frag_page, wi->offset,
					       frag_consumed_bytes);
		truesize += frag_info->frag_stride;

		cqe_bcnt -= frag_consumed_bytes;
		frag_info++;
		wi++;
	}

	prog = rcu_dereference(rq->xdp_prog);
	if (prog && mlx5e_xdp_handle(rq, prog, &mxbuf)) {
		if (__test_and_clear_bit(MLX5E_RQ_FLAG_XDP_TX_HOLD, rq->flags))
			for (pwi = head_wi; pwi < wi; pwi++)
				pwi->frag_page->frags++;
		return NULL; /* page/packet was consumed by XDP */
	}

	{
		u8 nr_frags = xdp_buff_has_frags(&mxbuf.xdp) ? sinfo->nr_frags : 0;
		u32 frags_size = nr_frags ? sinfo->xdp_frags_size : 0;

		skb = mlx5e_build_linear_skb(rq, mxbuf.xdp.data_hard_start, rq->buff.frame0_sz,
					     (char *)mxbuf.xdp.data -
					     (char *)mxbuf.xdp.data_hard_start,
					     (char *)mxbuf.xdp.data_end - (char *)mxbuf.xdp.data,
					     (char *)mxbuf.xdp.data - (char *)mxbuf.xdp.data_meta);
		if (unlikely(!skb))
			return NULL;
		head_wi->frag_page->frags++;
		if (nr_frags) {
			/* the skb takes over the fragments collected for XDP */
			xdp_update_skb_shared_info(skb, nr_frags, frags_size, truesize);
			for (pwi = head_wi + 1; pwi < wi; pwi++)
				pwi->frag_page->frags++;
		}
	}
	return skb;
}

INDIRECT_CALLABLE_SCOPE void mlx5e_handle_rx_cqe(struct mlx5e_rq *rq, struct mlx5_cqe64 *cqe)
{
	struct mlx5_wq_cyc *wq = &rq->wqe.wq;
	struct mlx5e_wqe_frag_info *wi;
	struct sk_buff *skb;
	u32 cqe_bcnt;
	u16 ci;

	ci = mlx5_wq_cyc_ctr2ix(wq, be16_to_cpu(cqe->wqe_counter));
	wi = get_frag(rq, ci);
	cqe_bcnt = be32_to_cpu(cqe->byte_cnt);

	if (unlikely(get_cqe_opcode(cqe) != MLX5_CQE_RESP_SEND)) {
		rq->stats->wqe_err++;
		goto wq_cyc_pop;
	}
	rq->stats->packets++;
	rq->stats->bytes += cqe_bcnt;

	skb = INDIRECT_CALL_2(rq->wqe.skb_from_cqe,
			      mlx5e_skb_from_cqe_linear,
			      mlx5e_skb_from_cqe_nonlinear,
			      rq, wi, cqe, cqe_bcnt);
	if (!skb)
		goto wq_cyc_pop;

	mlx5e_complete_rx_cqe(rq, cqe, cqe_bcnt, skb);
	napi_gro_receive(rq->cq.napi, skb);

wq_cyc_pop:
	mlx5e_free_rx_wqe(rq, wi);
	mlx5_wq_cyc_pop(wq);
}

struct sk_buff *mlx5e_skb_from_cqe_mpwrq_linear(struct mlx5e_rq *rq, struct mlx5e_mpw_info *wi,
						struct mlx5_cqe64 *cqe, u16 cqe_bcnt,
						u32 head_offset, u32 page_idx)
{
	struct mlx5e_frag_page *frag_page = &wi->frag_pages[page_idx];
	u16 rx_headroom = rq->buff.headroom;
	struct bpf_prog *prog;
	struct sk_buff *skb;
	u32 metasize = 0;
	void *va, *data;
	dma_addr_t addr;
	u32 frag_size;

	/* the device does not check the stride size */
	if (unlikely(cqe_bcnt > rq->hw_mtu)) {
		rq->stats->oversize_pkts_sw_drop++;
		return NULL;
	}

	va = (char *)page_address(frag_page->page) + head_offset;
	data = (char *)va + rx_headroom;
	frag_size = MLX5_SKB_FRAG_SZ(rx_headroom + cqe_bcnt);

	addr = page_pool_get_dma_addr(frag_page->page);
	dma_sync_single_range_for_cpu(rq->pdev, addr, head_offset, frag_size, DMA_FROM_DEVICE);
	net_prefetch(data);

	prog = rcu_dereference(rq->xdp_prog);
	if (prog) {
		struct mlx5e_xdp_buff mxbuf;

		net_prefetchw(va); /* xdp_frame data area */
		mlx5e_fill_mxbuf(rq, cqe, va, rx_headroom, rq->buff.frame0_sz, cqe_bcnt, &mxbuf);
		if (mlx5e_xdp_handle(rq, prog, &mxbuf)) {
			if (__test_and_clear_bit(MLX5E_RQ_FLAG_XDP_TX_HOLD, rq->flags))
				frag_page->frags++;
			return NULL; /* page/packet was consumed by XDP */
		}
		rx_headroom = (char *)mxbuf.xdp.data - (char *)mxbuf.xdp.data_hard_start;
		metasize = (char *)mxbuf.xdp.data - (char *)mxbuf.xdp.data_meta;
		cqe_bcnt = (char *)mxbuf.xdp.data_end - (char *)mxbuf.xdp.data;
	}
	frag_size = MLX5_SKB_FRAG_SZ(rx_headroom + cqe_bcnt);
	skb = mlx5e_build_linear_skb(rq, va, frag_size, rx_headroom, cqe_bcnt, metasize);
	if (unlikely(!skb))
		return NULL;

	/* queue up for recycling/reuse */
	frag_page->frags++;
	return skb;
}

struct sk_buff *mlx5e_skb_from_cqe_mpwrq_nonlinear(struct mlx5e_rq *rq,
						   struct mlx5e_mpw_info *wi,
						   struct mlx5_cqe64 *cqe, u16 cqe_bcnt,
						   u32 head_offset, u32 page_idx)
{
	struct mlx5e_frag_page *frag_page = &wi->frag_pages[page_idx];
	u16 headlen = min_t(u16, MLX5E_RX_MAX_HEAD, cqe_bcnt);
	u32 page_size = mlx5e_rq_page_size(rq);
	u32 frag_offset = head_offset + headlen;
	u32 byte_cnt = cqe_bcnt - headlen;
	u16 linear_hr = rq->buff.headroom;
	struct mlx5e_frag_page *first_frag, *pfp;
	struct skb_shared_info *sinfo;
	struct mlx5e_xdp_buff mxbuf;
	struct page *linear_page;
	struct bpf_prog *prog;
	struct sk_buff *skb;
	void *linear_va;
	u32 truesize = 0;
	u8 nr_frags;

	/* headers go to a page of their own, the payload stays in the strides */
	linear_page = page_pool_dev_alloc_pages(rq->page_pool);
	if (unlikely(!linear_page)) {
		rq->stats->buff_alloc_err++;
		return NULL;
	}
	linear_va = page_address(linear_page);
	net_prefetchw((char *)linear_va + linear_hr);
	memcpy((char *)linear_va + linear_hr,
	       (char *)page_address(frag_page->page) + head_offset, headlen);

	mlx5e_fill_mxbuf(rq, cqe, linear_va, linear_hr, page_size, headlen, &mxbuf);
	sinfo = xdp_get_shared_info_from_buff(&mxbuf.xdp);

	while (frag_offset >= page_size) {
		frag_offset -= page_size;
		frag_page++;
	}
	first_frag = frag_page;
	while (byte_cnt) {
		u32 pg_consumed_bytes = min_t(u32, page_size - frag_offset, byte_cnt);

		mlx5e_add_skb_shared_info_frag(rq, sinfo, &mxbuf.xdp, frag_page, frag_offset,
					       pg_consumed_bytes);
		truesize += ALIGN(pg_consumed_bytes, 1u << rq->mpwqe.log_stride_sz);
		byte_cnt -= pg_consumed_bytes;
		frag_offset = 0;
		frag_page++;
	}

	prog = rcu_dereference(rq->xdp_prog);
	if (prog && mlx5e_xdp_handle(rq, prog, &mxbuf)) {
		if (__test_and_clear_bit(MLX5E_RQ_FLAG_XDP_TX_HOLD, rq->flags)) {
			for (pfp = first_frag; pfp < frag_page; pfp++)
				pfp->frags++;
			page_pool_fragment_page(linear_page, 1);
		} else {
			page_pool_put_unrefed_page(rq->page_pool, linear_page, true);
		}
		return NULL; /* page/packet was consumed by XDP */
	}

	nr_frags = xdp_buff_has_frags(&mxbuf.xdp) ? sinfo->nr_frags : 0;
	byte_cnt = nr_frags ? sinfo->xdp_frags_size : 0;
	skb = mlx5e_build_linear_skb(rq, linear_va, page_size,
				     (char *)mxbuf.xdp.data - (char *)mxbuf.xdp.data_hard_start,
				     (char *)mxbuf.xdp.data_end - (char *)mxbuf.xdp.data,
				     (char *)mxbuf.xdp.data - (char *)mxbuf.xdp.data_meta);
	if (unlikely(!skb)) {
		page_pool_put_unrefed_page(rq->page_pool, linear_page, true);
		return NULL;
	}
	page_pool_fragment_page(linear_page, 1);
	if (nr_frags) {
		xdp_update_skb_shared_info(skb, nr_frags, byte_cnt, truesize);
		for (pfp = first_frag; pfp < frag_page; pfp++)
			pfp->frags++;
	}
	return skb;
}

INDIRECT_CALLABLE_SCOPE void mlx5e_handle_rx_cqe_mpwrq(struct mlx5e_rq *rq,
						       struct mlx5_cqe64 *cqe)
{
	u16 cstrides = mpwrq_get_cqe_consumed_strides(cqe);
	u16 wqe_id = be16_to_cpu(cqe->wqe_id);
	struct mlx5e_mpw_info *wi = mlx5e_get_mpw_info(rq, wqe_id);
	u16 stride_ix = mpwrq_get_cqe_stride_index(cqe);
	struct mlx5_wq_cyc *wq = &rq->mpwqe.wq;
	u32 head_offset, page_idx;
	struct sk_buff *skb;
	u16 cqe_bcnt;

	wi->consumed_strides += cstrides;

	if (unlikely(get_cqe_opcode(cqe) != MLX5_CQE_RESP_SEND)) {
		rq->stats->wqe_err++;
		goto mpwrq_cqe_out;
	}

	if (unlikely(mpwrq_is_filler_cqe(cqe))) {
		rq->stats->mpwqe_filler_cqes++;
		rq->stats->mpwqe_filler_strides += cstrides;
		goto mpwrq_cqe_out;
	}

	cqe_bcnt = mpwrq_get_cqe_byte_cnt(cqe);
	rq->stats->packets++;
	rq->stats->bytes += cqe_bcnt;
	mlx5e_mpwqe_stride_pos(rq, stride_ix, &page_idx, &head_offset);

	skb = INDIRECT_CALL_2(rq->mpwqe.skb_from_cqe_mpwrq,
			      mlx5e_skb_from_cqe_mpwrq_linear,
			      mlx5e_skb_from_cqe_mpwrq_nonlinear,
			      rq, wi, cqe, cqe_bcnt, head_offset, page_idx);
	if (!skb)
		goto mpwrq_cqe_out;

	mlx5e_complete_rx_cqe(rq, cqe, cqe_bcnt, skb);
	napi_gro_receive(rq->cq.napi, skb);

mpwrq_cqe_out:
	if (likely(wi->consumed_strides < rq->mpwqe.num_strides))
		return;

	mlx5e_free_rx_mpwqe(rq, wi);
	mlx5_wq_cyc_pop(wq);
}

int mlx5e_poll_rx_cq(struct mlx5e_cq *cq, int budget)
{
	struct mlx5e_rq *rq = container_of(cq, struct mlx5e_rq, cq);
	struct mlx5_cqwq *cqwq = &cq->wq;
	struct mlx5_cqe64 *cqe;
	int work_done = 0;

	if (unlikely(!test_bit(MLX5E_RQ_STATE_ENABLED, &rq->state)))
		return 0;

	while (work_done < budget && (cqe = mlx5_cqwq_get_cqe(cqwq))) {
		mlx5_cqwq_pop(cqwq);
		INDIRECT_CALL_2(rq->handle_rx_cqe, mlx5e_handle_rx_cqe_mpwrq,
				mlx5e_handle_rx_cqe, rq, cqe);
		work_done++;
	}

	if (!work_done)
		return 0;

	mlx5e_xdp_rx_poll_complete(rq);

	mlx5_cqwq_update_db_record(cqwq);

	/* ensure cq space is freed before enabling more cqes */
	wmb();

	return work_done;
}

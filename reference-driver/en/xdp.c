// SPDX-License-Identifier: MIT
/* XDP on the receive path: running the program, XDP_TX and its completions. */

#include <linux/string.h>
#include <linux/rcupdate.h>
#include "../en.h"
#include "txrx.h"
#include "xdp.h"
#include <net/xsk_buff_pool.h>

#define MLX5E_TX_CQ_POLL_BUDGET	128

static inline void mlx5e_xdpi_fifo_push(struct mlx5e_xdp_info_fifo *fifo,
					 struct mlx5e_xdp_info xi)
{
	u32 i = (*fifo->pc)++ & fifo->mask;

	fifo->xi[i] = xi;
}

static inline struct mlx5e_xdp_info mlx5e_xdpi_fifo_pop(struct mlx5e_xdp_info_fifo *fifo)
{
	return fifo->xi[(*fifo->cc)++ & fifo->mask];
}

/* The first data segment of a send WQE at the SQ's producer index. */
static inline struct mlx5_wqe_data_seg *mlx5e_xdpsq_wqe_start(struct mlx5e_xdpsq *sq,
							    struct mlx5e_rq *rq,
							    dma_addr_t dma_addr, u32 len,
							    struct mlx5e_tx_wqe **wqep)
{
	u16 pi = mlx5_wq_cyc_ctr2ix(&sq->wq, sq->pc);
	struct mlx5e_tx_wqe *wqe = mlx5_wq_cyc_get_wqe(&sq->wq, pi);
	struct mlx5_wqe_data_seg *dseg = wqe->data;

	dseg->addr = cpu_to_be64(dma_addr);
	dseg->byte_count = cpu_to_be32(len);
	dseg->lkey = cpu_to_be32(rq->rqn);
	*wqep = wqe;
	return dseg + 1;
}

/* Ethernet and control segments; the doorbell is rung once per poll. */
static inline void mlx5e_xdpsq_wqe_finish(struct mlx5e_xdpsq *sq, struct mlx5e_tx_wqe *wqe,
					  u16 ds_cnt)
{
	struct mlx5_wqe_ctrl_seg *cseg = &wqe->ctrl;

	memset(&wqe->eth, 0, sizeof(wqe->eth));
	cseg->opmod_idx_opcode = cpu_to_be32(((u32)sq->pc << 8) | MLX5_OPCODE_SEND);
	cseg->qpn_ds = cpu_to_be32((sq->sqn << 8) | ds_cnt);
	cseg->signature = 0;
	cseg->rsvd[0] = 0;
	cseg->rsvd[1] = 0;
	cseg->fm_ce_se = MLX5_WQE_CTRL_CQ_UPDATE;
	cseg->general_id = 0;

	sq->pc++;
	sq->doorbell_cseg = cseg;
}

bool mlx5e_xmit_xdp_buff(struct mlx5e_xdpsq *sq, struct mlx5e_rq *rq, struct xdp_buff *xdp)
{
	struct mlx5e_xdp_info_fifo *fifo = &sq->db.xdpi_fifo;
	struct skb_shared_info *sinfo = NULL;
	struct mlx5_wqe_data_seg *dseg;
	struct mlx5e_tx_wqe *wqe;
	struct mlx5e_xdp_info xi;
	struct xdp_frame *xdpf;
	struct page *page;
	dma_addr_t dma_addr;
	u8 nr_frags = 0;
	int i;

	/* the packet outlives the xdp_buff: its description goes into its headroom */
	xdpf = xdp_convert_buff_to_frame(xdp);
	if (unlikely(!xdpf))
		return false;
	if (unlikely(xdp_frame_has_frags(xdpf))) {
		sinfo = xdp_get_shared_info_from_frame(xdpf);
		nr_frags = sinfo->nr_frags;
	}
	if (unlikely(1 + nr_frags > MLX5E_XDP_TX_MAX_DS))
		return false;
	if (unlikely(!mlx5e_wqc_has_room_for(&sq->wq, sq->cc, sq->pc, 1))) {
		sq->stats->full++;
		return false;
	}

	/* same memory as the RX buffer, mapped bidirectionally once: no new mapping */
	page = virt_to_page(xdpf);
	dma_addr = page_pool_get_dma_addr(page) +
		   (u32)((char *)xdpf->data - (char *)page_address(page));
	dma_sync_single_for_device(sq->pdev, dma_addr, xdpf->len, DMA_BIDIRECTIONAL);

	dseg = mlx5e_xdpsq_wqe_start(sq, rq, dma_addr, xdpf->len, &wqe);
	for (i = 0; i < nr_frags; i++, dseg++) {
		skb_frag_t *frag = &sinfo->frags[i];

		dseg->addr = cpu_to_be64(page_pool_get_dma_addr(frag->netmem) + frag->offset);
		dseg->byte_count = cpu_to_be32(frag->len);
		dseg->lkey = cpu_to_be32(rq->rqn);
	}

	/* control + ethernet segments, then one data segment per buffer */
	mlx5e_xdpsq_wqe_finish(sq, wqe, 2 + 1 + nr_frags);

	xi.num = 1 + nr_frags;
	mlx5e_xdpi_fifo_push(fifo, xi);
	xi.page = page;
	mlx5e_xdpi_fifo_push(fifo, xi);
	for (i = 0; i < nr_frags; i++) {
		xi.page = sinfo->frags[i].netmem;
		mlx5e_xdpi_fifo_push(fifo, xi);
	}
	sq->stats->xmit++;
	return true;
}

/* XDP_TX of a umem frame: sent in place, the completion returns it to its pool. */
bool mlx5e_xsk_xmit_xdp_buff(struct mlx5e_xdpsq *sq, struct mlx5e_rq *rq, struct xdp_buff *xdp)
{
	struct mlx5e_xdp_info_fifo *fifo = &sq->db.xdpi_fifo;
	struct mlx5e_tx_wqe *wqe;
	struct mlx5e_xdp_info xi;
	dma_addr_t dma_addr;
	u32 len;

	if (unlikely(!mlx5e_wqc_has_room_for(&sq->wq, sq->cc, sq->pc, 1))) {
		sq->stats->full++;
		return false;
	}
	len = (u32)((char *)xdp->data_end - (char *)xdp->data);
	dma_addr = xsk_buff_xdp_get_frame_dma(xdp) +
		   (u32)((char *)xdp->data - (char *)xdp->data_hard_start);
	dma_sync_single_for_device(sq->pdev, dma_addr, len, DMA_BIDIRECTIONAL);

	mlx5e_xdpsq_wqe_start(sq, rq, dma_addr, len, &wqe);
	mlx5e_xdpsq_wqe_finish(sq, wqe, 2 + 1);

	xi.num = MLX5E_XDPI_XSK | 1;
	mlx5e_xdpi_fifo_push(fifo, xi);
	xi.xsk = xdp;
	mlx5e_xdpi_fifo_push(fifo, xi);
	sq->stats->xmit++;
	return true;
}

/* XDP_TX's send, counted; the frame is consumed either way. */
static bool mlx5e_xdp_tx_done(struct mlx5e_rq *rq, bool sent)
{
	if (unlikely(!sent)) {
		rq->stats->xdp_tx_err++;
		rq->stats->xdp_drop++;
		return true;
	}
	__set_bit(MLX5E_RQ_FLAG_XDP_XMIT, rq->flags);
	__set_bit(MLX5E_RQ_FLAG_XDP_TX_HOLD, rq->flags);
	rq->stats->xdp_tx++;
	return true;
}

/* Any verdict but XDP_TX: false for XDP_PASS (the caller builds an skb), else dropped. */
static bool mlx5e_xdp_other(struct mlx5e_rq *rq, u32 act)
{
	if (act == XDP_PASS) {
		rq->stats->xdp_pass++;
		return false;
	}
	rq->stats->xdp_drop++;
	return true;
}

/*
 * An AF_XDP RQ's umem frame (en/xsk/rx.c): XDP_TX sends it in place and
 * keeps its pointer until the completion.
 */
bool mlx5e_xdp_handle_buff(struct mlx5e_rq *rq, struct bpf_prog *prog, struct xdp_buff *xdp)
{
	u32 act = bpf_prog_run_xdp(prog, xdp);

	if (act == XDP_TX)
		return mlx5e_xdp_tx_done(rq, mlx5e_xsk_xmit_xdp_buff(rq->xdpsq, rq, xdp));
	return mlx5e_xdp_other(rq, act);
}

/*
 * A copy-mode RQ's buffer (its pages): XDP_TX turns it into a frame in its
 * own headroom, so nothing keeps the xdp_buff itself.
 */
bool mlx5e_xdp_handle(struct mlx5e_rq *rq, struct bpf_prog *prog, struct mlx5e_xdp_buff *mxbuf)
{
	u32 act = bpf_prog_run_xdp(prog, &mxbuf->xdp);

	if (act == XDP_TX)
		return mlx5e_xdp_tx_done(rq, mlx5e_xmit_xdp_buff(rq->xdpsq, rq, &mxbuf->xdp));
	return mlx5e_xdp_other(rq, act);
}

void mlx5e_xmit_xdp_doorbell(struct mlx5e_xdpsq *sq)
{
	if (!sq->doorbell_cseg)
		return;
	/* WQEs are written before the device may see the new producer counter */
	dma_wmb();
	*sq->wq.db = cpu_to_be32(sq->pc);
	wmb();
	sq->doorbell_cseg = NULL;
	sq->stats->doorbells++;
}

void mlx5e_xdp_rx_poll_complete(struct mlx5e_rq *rq)
{
	if (!__test_and_clear_bit(MLX5E_RQ_FLAG_XDP_XMIT, rq->flags))
		return;
	mlx5e_xmit_xdp_doorbell(rq->xdpsq);
}

static void mlx5e_free_xdpsq_desc(struct mlx5e_xdpsq *sq)
{
	struct mlx5e_xdp_info_fifo *fifo = &sq->db.xdpi_fifo;
	struct mlx5e_xdp_info xi = mlx5e_xdpi_fifo_pop(fifo);
	u16 num = xi.num;

	if (unlikely(num & MLX5E_XDPI_XSK)) {
		xsk_buff_free(mlx5e_xdpi_fifo_pop(fifo).xsk);
		return;
	}
	while (num--) {
		struct page *page = mlx5e_xdpi_fifo_pop(fifo).page;

		/* the frame held one reference on each of its pages */
		page_pool_put_full_page(page->pp, page, true);
	}
}

bool mlx5e_poll_xdpsq_cq(struct mlx5e_cq *cq)
{
	struct mlx5e_xdpsq *sq = container_of(cq, struct mlx5e_xdpsq, cq);
	struct mlx5_cqe64 *cqe;
	u16 sqcc;
	int i = 0;

	cqe = mlx5_cqwq_get_cqe(&cq->wq);
	if (!cqe)
		return false;

	sqcc = sq->cc;
	do {
		u16 wqe_counter = be16_to_cpu(cqe->wqe_counter);
		bool last_wqe;

		mlx5_cqwq_pop(&cq->wq);
		/* one completion covers every WQE up to the one it names */
		do {
			last_wqe = (sqcc == wqe_counter);
			mlx5e_free_xdpsq_desc(sq);
			sqcc++;
		} while (!last_wqe);
	} while (++i < MLX5E_TX_CQ_POLL_BUDGET && (cqe = mlx5_cqwq_get_cqe(&cq->wq)));

	sq->stats->cqes += i;
	mlx5_cqwq_update_db_record(&cq->wq);
	/* ensure cq space is freed before enabling more cqes */
	wmb();
	sq->cc = sqcc;
	return i == MLX5E_TX_CQ_POLL_BUDGET;
}

/* Frames the device never completed (queue torn down): their pages go back now. */
void mlx5e_free_xdpsq_descs(struct mlx5e_xdpsq *sq)
{
	while (sq->cc != sq->pc) {
		mlx5e_free_xdpsq_desc(sq);
		sq->cc++;
	}
}

/* Redirected frames from other devices are not modelled: none are accepted. */
int mlx5e_xdp_xmit(struct net_device *dev, int n, struct xdp_frame **frames, u32 flags)
{
	return 0;
}

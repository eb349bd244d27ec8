/* SPDX-License-Identifier: MIT */
/*
 * Per-channel state of the modelled mlx5e Ethernet driver: receive queue, completion
 * queue, XDP send queue and channel. Field order follows the fast path: what every
 * completion touches comes first.
 */
#ifndef __MLX5_EN_H__
#define __MLX5_EN_H__

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/cache.h>
#include <linux/bitops.h>
#include <linux/mm.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>
#include <linux/bpf.h>
#include <linux/mlx5/device.h>
#include <linux/mlx5/wq.h>
#include <net/xdp.h>
#include <net/page_pool.h>
#include "en/params.h"

#define MLX5E_PAGECNT_BIAS_MAX		(1 << 14)
#define MLX5E_XDP_TX_MAX_DS		6	/* data segments in one XDP TX WQE */
#define MLX5E_XDP_TX_WQE_LOG_SZ		7	/* 128-byte WQE slots: ctrl + eth + 6 data */

struct mlx5e_rq;
struct mlx5e_channel;
struct xsk_buff_pool;

struct mlx5e_rq_stats {
	u64 packets;
	u64 bytes;
	u64 csum_complete;
	u64 csum_none;
	u64 xdp_drop;
	u64 xdp_tx;
	u64 xdp_tx_err;
	u64 xdp_pass;
	u64 wqe_err;
	u64 mpwqe_filler_cqes;
	u64 mpwqe_filler_strides;
	u64 buff_alloc_err;
	u64 oversize_pkts_sw_drop;
};

struct mlx5e_xdpsq_stats {
	u64 xmit;
	u64 full;
	u64 cqes;
	u64 doorbells;
};

struct mlx5e_cq {
	struct mlx5_cqwq wq;
	u16 event_ctr;
	struct napi_struct *napi;
	struct mlx5e_channel *channel;
	__be32 db_rec;			/* doorbell record memory */
} ____cacheline_aligned_in_smp;

/* A page shared by several fragments; frags counts the ones given away. */
struct mlx5e_frag_page {
	struct page *page;
	u16 frags;
};

struct mlx5e_wqe_frag_info {
	struct mlx5e_frag_page *frag_page;
	u32 offset;
	bool last_in_page;
};

struct mlx5e_rx_wqe_cyc {
	struct mlx5_wqe_data_seg data[1];
};

struct mlx5e_rx_wqe_ll {
	struct mlx5_wqe_srq_next_seg next;
	struct mlx5_wqe_data_seg data[MLX5E_MPWQE_MAX_PAGES];
};

struct mlx5e_mpw_info {
	u16 consumed_strides;
	struct mlx5e_frag_page frag_pages[MLX5E_MPWQE_MAX_PAGES];
};

/* What the device learns when the RQ is created (the RQ context of CREATE_RQ). */
struct mlx5e_rq_hw_ctx {
	u8 wq_type;
	u8 log_stride_sz;
	u16 num_strides;
	u16 headroom;			/* striding RQ: where in a stride a packet starts */
	u16 pages_per_wqe;
	u8 page_shift;
	u8 log_wq_sz;
	u8 log_wqe_stride;
};

struct mlx5e_tx_wqe {
	struct mlx5_wqe_ctrl_seg ctrl;
	struct mlx5_wqe_eth_seg eth;
	struct mlx5_wqe_data_seg data[MLX5E_XDP_TX_MAX_DS];
};

struct mlx5e_xdp_info {
	union {
		u16 num;		/* first entry of a frame: how many pages follow */
		struct page *page;
	};
};

struct mlx5e_xdp_info_fifo {
	struct mlx5e_xdp_info *xi;
	u32 *cc;
	u32 *pc;
	u32 mask;
};

struct mlx5e_xdpsq {
	/* hot: completion path */
	u32 cc;
	u32 xdpi_fifo_cc;
	struct mlx5e_cq cq;

	/* hot: transmit path */
	u32 xdpi_fifo_pc ____cacheline_aligned_in_smp;
	u16 pc;
	struct mlx5_wqe_ctrl_seg *doorbell_cseg;
	struct mlx5e_xdpsq_stats *stats;
	struct mlx5_wq_cyc wq;
	struct {
		struct mlx5e_xdp_info_fifo xdpi_fifo;
	} db;
	__be32 db_rec;

	/* cold */
	u32 sqn ____cacheline_aligned_in_smp;
	struct device *pdev;
	struct mlx5e_channel *channel;
	struct mlx5e_xdpsq_stats stats_store;
} ____cacheline_aligned_in_smp;

typedef void (*mlx5e_fp_handle_rx_cqe)(struct mlx5e_rq *rq, struct mlx5_cqe64 *cqe);
typedef bool (*mlx5e_fp_post_rx_wqes)(struct mlx5e_rq *rq);
typedef struct sk_buff *
(*mlx5e_fp_skb_from_cqe_mpwrq)(struct mlx5e_rq *rq, struct mlx5e_mpw_info *wi,
			       struct mlx5_cqe64 *cqe, u16 cqe_bcnt, u32 head_offset,
			       u32 page_idx);
typedef struct sk_buff *
(*mlx5e_fp_skb_from_cqe)(struct mlx5e_rq *rq, struct mlx5e_wqe_frag_info *wi,
			 struct mlx5_cqe64 *cqe, u32 cqe_bcnt);

enum mlx5e_rq_state {
	MLX5E_RQ_STATE_ENABLED,
};

enum mlx5e_rq_flag {
	MLX5E_RQ_FLAG_XDP_XMIT,		/* TX WQEs posted in this poll: ring the doorbell */
	MLX5E_RQ_FLAG_XDP_TX_HOLD,	/* the last frame went to the XDP SQ: keep its pages */
	MLX5E_NUM_RQ_FLAGS,
};

struct mlx5e_rq {
	/* data path */
	union {
		struct {
			struct mlx5_wq_cyc wq;
			struct mlx5e_wqe_frag_info *frags;
			struct mlx5e_frag_page *alloc_units;
			struct mlx5e_rq_frags_info info;
			mlx5e_fp_skb_from_cqe skb_from_cqe;
		} wqe;
		struct {
			struct mlx5_wq_cyc wq;
			struct mlx5e_mpw_info *info;
			mlx5e_fp_skb_from_cqe_mpwrq skb_from_cqe_mpwrq;
			u16 num_strides;
			u16 actual_wq_head;
			u8 log_stride_sz;
			u8 pages_per_wqe;
			u16 prefetch_dist;	/* strides to look ahead, 0: off */
		} mpwqe;
	};
	struct {
		u16 headroom;
		u32 frame0_sz;
		u8 map_dir;		/* enum dma_data_direction */
		u8 page_shift;		/* this RQ's page size (4K or 64K) */
	} buff;

	struct device *pdev;
	struct net_device *netdev;
	struct mlx5e_rq_stats *stats;
	struct mlx5e_cq cq;
	mlx5e_fp_handle_rx_cqe handle_rx_cqe;
	mlx5e_fp_post_rx_wqes post_wqes;

	unsigned long state;
	int ix;
	unsigned int hw_mtu;

	/* XDP */
	struct bpf_prog __rcu *xdp_prog;
	struct mlx5e_xdpsq *xdpsq;
	DECLARE_BITMAP(flags, MLX5E_NUM_RQ_FLAGS);
	struct page_pool *page_pool;
	struct xsk_buff_pool *xsk_pool;	/* AF_XDP zero-copy: frames come from here instead */

	/* control */
	struct mlx5e_rq_hw_ctx hw;
	__be32 db_rec;
	u8 wq_type;
	u32 rqn;
	struct mlx5e_channel *channel;
	struct mlx5e_rq_stats stats_store;
	struct xdp_rxq_info xdp_rxq;
} ____cacheline_aligned_in_smp;

struct mlx5e_channel {
	/* data path */
	struct mlx5e_rq rq;
	struct mlx5e_xdpsq rq_xdpsq;
	struct napi_struct napi;
	struct device *pdev;
	struct net_device *netdev;
	int ix;
	int cpu;
};

struct mlx5e_priv {
	struct mlx5e_params params;
	struct net_device *netdev;
	struct mlx5e_channel *channel;
	struct device pdev;
};

static inline u32 mlx5e_rq_page_size(const struct mlx5e_rq *rq)
{
	return 1u << rq->buff.page_shift;
}

/* en_rx.c */
bool mlx5e_post_rx_wqes(struct mlx5e_rq *rq);
bool mlx5e_post_rx_mpwqes(struct mlx5e_rq *rq);
void mlx5e_handle_rx_cqe(struct mlx5e_rq *rq, struct mlx5_cqe64 *cqe);
void mlx5e_handle_rx_cqe_mpwrq(struct mlx5e_rq *rq, struct mlx5_cqe64 *cqe);
int mlx5e_poll_rx_cq(struct mlx5e_cq *cq, int budget);
void mlx5e_free_rx_descs(struct mlx5e_rq *rq);
struct sk_buff *mlx5e_skb_from_cqe_linear(struct mlx5e_rq *rq, struct mlx5e_wqe_frag_info *wi,
					  struct mlx5_cqe64 *cqe, u32 cqe_bcnt);
struct sk_buff *mlx5e_skb_from_cqe_nonlinear(struct mlx5e_rq *rq,
					     struct mlx5e_wqe_frag_info *wi,
					     struct mlx5_cqe64 *cqe, u32 cqe_bcnt);
struct sk_buff *mlx5e_skb_from_cqe_mpwrq_linear(struct mlx5e_rq *rq, struct mlx5e_mpw_info *wi,
						struct mlx5_cqe64 *cqe, u16 cqe_bcnt,
						u32 head_offset, u32 page_idx);
struct sk_buff *mlx5e_skb_from_cqe_mpwrq_nonlinear(struct mlx5e_rq *rq,
						   struct mlx5e_mpw_info *wi,
						   struct mlx5_cqe64 *cqe, u16 cqe_bcnt,
						   u32 head_offset, u32 page_idx);

/* en_txrx.c */
int mlx5e_napi_poll(struct napi_struct *napi, int budget);

/* en_main.c */
struct mlx5e_priv *mlx5e_create_netdev(const struct mlx5e_params *params,
				       struct rd_stack *stack);
void mlx5e_destroy_netdev(struct mlx5e_priv *priv);
int mlx5e_open_channel(struct mlx5e_priv *priv, struct bpf_prog *prog);
void mlx5e_close_channel(struct mlx5e_priv *priv);

#endif

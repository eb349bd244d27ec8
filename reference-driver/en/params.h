/* SPDX-License-Identifier: MIT */
#ifndef __MLX5_EN_PARAMS_H__
#define __MLX5_EN_PARAMS_H__

#include <linux/types.h>

#define MLX5E_MAX_RX_FRAGS		8
#define MLX5E_MPWQE_MAX_PAGES		64
#define MLX5E_MPWQE_LOG_WQE_SZ		17	/* 128K of buffer per multi-packet WQE */
#define MLX5E_MPWQE_LOG_STRIDE_SZ_NONLINEAR 11
#define MLX5E_RX_MAX_HEAD		256
#define MLX5E_LOG_RQ_SZ_CYC		9	/* 512 WQEs */
#define MLX5E_LOG_RQ_SZ_MPW		3	/* 8 multi-packet WQEs */
#define MLX5E_LOG_CQ_SZ			10
#define MLX5E_LOG_XDPSQ_SZ		11
#define MLX5E_FRAG_SZ_NONLINEAR		2048
#define MLX5E_XSK_LOG_FRAMES		11	/* umem frames of an AF_XDP pool */

enum mlx5e_wq_type {
	MLX5_WQ_TYPE_CYCLIC,
	MLX5_WQ_TYPE_LINKED_LIST_STRIDING_RQ,
};

struct mlx5e_params {
	u8 rq_wq_type;
	u8 page_shift;		/* RQ page size: 12 or 16 */
	u16 sw_mtu;
	bool xdp;		/* a program will be attached: size buffers for it */
	bool xsk;		/* AF_XDP zero-copy: buffers are umem frames of one page */
	u16 prefetch_dist;	/* striding RQ look-ahead in strides, 0: the driver's choice */
};

struct mlx5e_rq_frag_info {
	u32 frag_size;		/* bytes the device may write into the fragment */
	u32 frag_stride;	/* bytes the fragment takes in its page */
};

struct mlx5e_rq_frags_info {
	struct mlx5e_rq_frag_info arr[MLX5E_MAX_RX_FRAGS];
	u8 num_frags;
	u8 log_num_frags;
	u16 wqe_bulk;
};

/* everything the RQ's buffer layout follows from, computed once when the RQ is opened */
struct mlx5e_rq_param {
	struct mlx5e_rq_frags_info frags_info;
	u16 headroom;
	u32 frame0_sz;
	u8 log_rq_size;
	u8 log_stride_sz;	/* striding RQ */
	u16 num_strides;
	u16 pages_per_wqe;
	bool linear;
};

u32 mlx5e_sw2hw_mtu(const struct mlx5e_params *params);
u16 mlx5e_get_linear_rq_headroom(const struct mlx5e_params *params);
u32 mlx5e_rx_get_linear_sz_skb(const struct mlx5e_params *params);
bool mlx5e_rx_is_linear_skb(const struct mlx5e_params *params);
int mlx5e_build_rq_param(const struct mlx5e_params *params, struct mlx5e_rq_param *param);

#endif

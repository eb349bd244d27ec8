/* SPDX-License-Identifier: MIT */
#ifndef __MLX5_EN_XSK_RX_H__
#define __MLX5_EN_XSK_RX_H__

#include "../../en.h"
#include <net/xsk_buff_pool.h>

int mlx5e_xsk_alloc_rx_mpwqe(struct mlx5e_rq *rq, u16 ix);
int mlx5e_xsk_alloc_rx_wqes(struct mlx5e_rq *rq, u16 ix, int wqe_bulk);
void mlx5e_xsk_free_rx_mpwqe(struct mlx5e_rq *rq, u16 ix);
void mlx5e_xsk_free_rx_wqe(struct mlx5e_rq *rq, u16 ix);
struct sk_buff *mlx5e_xsk_skb_from_cqe_mpwrq_linear(struct mlx5e_rq *rq,
						    struct mlx5e_mpw_info *wi,
						    struct mlx5_cqe64 *cqe, u16 cqe_bcnt,
						    u32 head_offset, u32 page_idx);
struct sk_buff *mlx5e_xsk_skb_from_cqe_linear(struct mlx5e_rq *rq,
					      struct mlx5e_wqe_frag_info *wi,
					      struct mlx5_cqe64 *cqe, u32 cqe_bcnt);

#endif

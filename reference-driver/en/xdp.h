/* SPDX-License-Identifier: MIT */
#ifndef __MLX5_EN_XDP_H__
#define __MLX5_EN_XDP_H__

#include "en.h"	/* through -I of the driver's directory, as mlx5 spells it */

/* The XDP buffer of one received frame, with what the driver's kfuncs need to find. */
struct mlx5e_xdp_buff {
	struct xdp_buff xdp;
	struct mlx5_cqe64 *cqe;
	struct mlx5e_rq *rq;
};

bool mlx5e_xdp_handle(struct mlx5e_rq *rq, struct bpf_prog *prog, struct mlx5e_xdp_buff *mxbuf);
bool mlx5e_xdp_handle_buff(struct mlx5e_rq *rq, struct bpf_prog *prog, struct xdp_buff *xdp);
bool mlx5e_xsk_xmit_xdp_buff(struct mlx5e_xdpsq *sq, struct mlx5e_rq *rq, struct xdp_buff *xdp);
bool mlx5e_xmit_xdp_buff(struct mlx5e_xdpsq *sq, struct mlx5e_rq *rq, struct xdp_buff *xdp);
bool mlx5e_poll_xdpsq_cq(struct mlx5e_cq *cq);
void mlx5e_xmit_xdp_doorbell(struct mlx5e_xdpsq *sq);
void mlx5e_xdp_rx_poll_complete(struct mlx5e_rq *rq);
void mlx5e_free_xdpsq_descs(struct mlx5e_xdpsq *sq);
int mlx5e_xdp_xmit(struct net_device *dev, int n, struct xdp_frame **frames, u32 flags);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef __MLX5_EN_TXRX_H___
#define __MLX5_EN_TXRX_H___

#include "../en.h"

static inline bool mlx5e_wqc_has_room_for(const struct mlx5_wq_cyc *wq, u16 cc, u16 pc, u16 n)
{
	return (u16)(wq->sz - (u16)(pc - cc)) >= n;
}

static inline void mlx5e_cq_arm(struct mlx5e_cq *cq)
{
	cq->event_ctr++;
}

netdev_tx_t mlx5e_xmit(struct sk_buff *skb, struct net_device *dev);

#endif

// SPDX-License-Identifier: MIT
/* Buffer geometry of the RQ: which receive path a packet takes follows from here. */

#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <net/xdp.h>
#include "params.h"

#define VLAN_HLEN	4

u32 mlx5e_sw2hw_mtu(const struct mlx5e_params *params)
{
	return params->sw_mtu + ETH_HLEN + VLAN_HLEN;
}

u16 mlx5e_get_linear_rq_headroom(const struct mlx5e_params *params)
{
	return params->xdp ? XDP_PACKET_HEADROOM : NET_SKB_PAD + NET_IP_ALIGN;
}

u32 mlx5e_rx_get_linear_sz_skb(const struct mlx5e_params *params)
{
	return SKB_DATA_ALIGN(mlx5e_get_linear_rq_headroom(params) + mlx5e_sw2hw_mtu(params)) +
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

static u32 mlx5e_rx_get_linear_stride_sz(const struct mlx5e_params *params)
{
	/* XDP keeps one packet per page, so a program may grow the frame to its end */
	if (params->xdp)
		return 1u << params->page_shift;
	return roundup_pow_of_two(mlx5e_rx_get_linear_sz_skb(params));
}

bool mlx5e_rx_is_linear_skb(const struct mlx5e_params *params)
{
	return mlx5e_rx_get_linear_sz_skb(params) <= (1u << params->page_shift);
}

static unsigned int gcd_u32(unsigned int a, unsigned int b)
{
	while (b) {
		unsigned int t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static void mlx5e_build_rq_frags_info(const struct mlx5e_params *params,
				      struct mlx5e_rq_param *param)
{
	struct mlx5e_rq_frags_info *info = &param->frags_info;
	u32 page_size = 1u << params->page_shift;
	u32 byte_count = mlx5e_sw2hw_mtu(params);
	u32 shinfo = SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
	u32 wqe_bytes = 0;
	int i = 0;

	if (param->linear) {
		info->arr[0].frag_stride = mlx5e_rx_get_linear_stride_sz(params);
		info->arr[0].frag_size = byte_count;
		info->num_frags = 1;
		param->frame0_sz = info->arr[0].frag_stride;
		wqe_bytes = info->arr[0].frag_stride;
	} else {
		u32 stride = params->xdp ? page_size : MLX5E_FRAG_SZ_NONLINEAR;
		u32 left = byte_count;

		/* the first fragment also carries the headroom and the shared info */
		while (left && i < MLX5E_MAX_RX_FRAGS) {
			u32 room = i ? stride : stride - param->headroom - shinfo;
			u32 sz = min(room, left);

			info->arr[i].frag_size = sz;
			info->arr[i].frag_stride = stride;
			left -= sz;
			wqe_bytes += stride;
			i++;
		}
		info->num_frags = i;
		param->frame0_sz = stride;
	}
	info->log_num_frags = ilog2(roundup_pow_of_two(info->num_frags));
	/* refill in groups of WQEs that start and end on page boundaries */
	info->wqe_bulk = max_t(u32, 8, page_size / gcd_u32(wqe_bytes, page_size));
}

int mlx5e_build_rq_param(const struct mlx5e_params *params, struct mlx5e_rq_param *param)
{
	u32 page_size = 1u << params->page_shift;

	if (params->page_shift != 12 && params->page_shift != 16)
		return -22;
	param->headroom = mlx5e_get_linear_rq_headroom(params);
	param->linear = mlx5e_rx_is_linear_skb(params);
	if (params->rq_wq_type == MLX5_WQ_TYPE_CYCLIC) {
		param->log_rq_size = MLX5E_LOG_RQ_SZ_CYC;
		mlx5e_build_rq_frags_info(params, param);
		if (param->frags_info.wqe_bulk > (1u << param->log_rq_size))
			return -22;
		return 0;
	}

	param->log_rq_size = MLX5E_LOG_RQ_SZ_MPW;
	param->log_stride_sz = param->linear ? ilog2(mlx5e_rx_get_linear_stride_sz(params)) :
					       MLX5E_MPWQE_LOG_STRIDE_SZ_NONLINEAR;
	param->pages_per_wqe = max_t(u32, (1u << MLX5E_MPWQE_LOG_WQE_SZ) / page_size, 2);
	param->num_strides = (param->pages_per_wqe * page_size) >> param->log_stride_sz;
	param->frame0_sz = param->linear ? 1u << param->log_stride_sz : page_size;
	if (param->pages_per_wqe > MLX5E_MPWQE_MAX_PAGES || param->num_strides < 2)
		return -22;
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * The simulated NIC's hardware formats: completion queue entries, work queue entries and
 * doorbell records. Multi-byte fields are big endian, as the device writes them.
 */
#ifndef _RD_LINUX_MLX5_DEVICE_H
#define _RD_LINUX_MLX5_DEVICE_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <asm/byteorder.h>

#define MLX5_SEND_WQE_BB	64
#define MLX5_SEND_WQE_DS	16

enum {
	MLX5_CQE_REQ		= 0x0,	/* send completion */
	MLX5_CQE_RESP_SEND	= 0x2,	/* receive completion */
	MLX5_CQE_REQ_ERR	= 0xd,
	MLX5_CQE_RESP_ERR	= 0xe,
	MLX5_CQE_INVALID	= 0xf,
};

/* hds_ip_ext */
#define CQE_L3_OK		(1 << 1)
#define CQE_L4_OK		(1 << 2)
/* l4_l3_hdr_type */
#define CQE_L3_HDR_IPV4		(1 << 2)
#define CQE_L4_HDR_UDP		(2 << 4)
#define CQE_L4_HDR_TCP		(1 << 4)

/* striding RQ: byte_cnt carries the strides a packet consumed and a filler flag */
#define MPWRQ_CQE_BYTE_CNT_MASK		0xffff
#define MPWRQ_CQE_STRIDES_SHIFT		16
#define MPWRQ_CQE_STRIDES_MASK		0x7fff
#define MPWRQ_CQE_FILLER		(1u << 31)

#define MLX5_FLOW_TAG_MASK		0x00ffffff

struct mlx5_cqe64 {
	u8 outer_l3_tunneled;
	u8 rsvd0;
	__be16 wqe_id;			/* striding RQ: which multi-packet WQE */
	u8 rsvd4[4];
	__be32 rss_hash_result;
	u8 rss_hash_type;
	u8 rsvd13[3];
	__be16 stride_index;		/* striding RQ: first stride of the packet */
	__be16 check_sum;		/* ones' complement sum over the L3 payload */
	__be32 flags_rqpn;
	u8 hds_ip_ext;
	u8 l4_l3_hdr_type;
	__be16 vlan_info;
	__be32 srqn;
	__be32 imm_inval_pkey;
	u8 rsvd36[4];
	__be32 byte_cnt;
	__be64 timestamp;
	__be32 sop_drop_qpn;		/* low 24 bits: flow tag */
	__be16 wqe_counter;		/* legacy RQ / SQ: WQE index */
	u8 signature;
	u8 op_own;			/* opcode << 4 | ownership bit */
};

static inline u8 get_cqe_opcode(const struct mlx5_cqe64 *cqe)
{
	return cqe->op_own >> 4;
}

static inline u32 mpwrq_get_cqe_byte_cnt(const struct mlx5_cqe64 *cqe)
{
	return be32_to_cpu(cqe->byte_cnt) & MPWRQ_CQE_BYTE_CNT_MASK;
}

static inline u16 mpwrq_get_cqe_consumed_strides(const struct mlx5_cqe64 *cqe)
{
	return (be32_to_cpu(cqe->byte_cnt) >> MPWRQ_CQE_STRIDES_SHIFT) & MPWRQ_CQE_STRIDES_MASK;
}

static inline bool mpwrq_is_filler_cqe(const struct mlx5_cqe64 *cqe)
{
	return !!(be32_to_cpu(cqe->byte_cnt) & MPWRQ_CQE_FILLER);
}

static inline u16 mpwrq_get_cqe_stride_index(const struct mlx5_cqe64 *cqe)
{
	return be16_to_cpu(cqe->stride_index);
}

struct mlx5_wqe_data_seg {
	__be32 byte_count;
	__be32 lkey;
	__be64 addr;
};

struct mlx5_wqe_ctrl_seg {
	__be32 opmod_idx_opcode;	/* WQE index << 8 | opcode */
	__be32 qpn_ds;			/* SQ number << 8 | number of 16-byte segments */
	u8 signature;
	u8 rsvd[2];
	u8 fm_ce_se;
	__be32 general_id;
};

#define MLX5_OPCODE_SEND	0x0a
#define MLX5_WQE_CTRL_CQ_UPDATE	(2 << 2)

struct mlx5_wqe_eth_seg {
	u8 swp_outer_l4_offset;
	u8 swp_outer_l3_offset;
	u8 swp_inner_l4_offset;
	u8 swp_inner_l3_offset;
	u8 cs_flags;
	u8 swp_flags;
	__be16 mss;
	__be32 flow_table_metadata;
	__be16 inline_hdr_sz;
	u8 inline_hdr_start[2];
};

/* striding RQ WQE: one data segment per page of the multi-packet buffer */
struct mlx5_wqe_srq_next_seg {
	u8 rsvd0[2];
	__be16 next_wqe_index;
	u8 signature;
	u8 rsvd1[11];
};

static inline void mlx5_cqe_layout_check(void)
{
	BUILD_BUG_ON(sizeof(struct mlx5_cqe64) != 64);
	BUILD_BUG_ON(sizeof(struct mlx5_wqe_data_seg) != 16);
	BUILD_BUG_ON(sizeof(struct mlx5_wqe_ctrl_seg) != 16);
	BUILD_BUG_ON(sizeof(struct mlx5_wqe_eth_seg) != 16);
}

#endif

/* SPDX-License-Identifier: MIT */
/* Cyclic work queues and completion queues shared with the device through memory. */
#ifndef _RD_LINUX_MLX5_WQ_H
#define _RD_LINUX_MLX5_WQ_H

#include <linux/mlx5/device.h>
#include <linux/compiler.h>

struct mlx5_wq_cyc {
	void *buf;
	__be32 *db;		/* doorbell record: producer counter, read by the device */
	u16 sz;
	u16 wqe_ctr;
	u16 cur_sz;
	u8 log_stride;
	u8 log_sz;
};

struct mlx5_cqwq {
	struct mlx5_cqe64 *buf;
	__be32 *db;		/* doorbell record: consumer counter, read by the device */
	u32 cc;
	u32 sz_m1;
	u8 log_sz;
};

static inline u16 mlx5_wq_cyc_ctr2ix(const struct mlx5_wq_cyc *wq, u16 ctr)
{
	return ctr & (wq->sz - 1);
}

static inline u16 mlx5_wq_cyc_get_head(const struct mlx5_wq_cyc *wq)
{
	return mlx5_wq_cyc_ctr2ix(wq, wq->wqe_ctr);
}

static inline u16 mlx5_wq_cyc_get_tail(const struct mlx5_wq_cyc *wq)
{
	return mlx5_wq_cyc_ctr2ix(wq, (u16)(wq->wqe_ctr - wq->cur_sz));
}

static inline void *mlx5_wq_cyc_get_wqe(const struct mlx5_wq_cyc *wq, u16 ix)
{
	return (char *)wq->buf + ((unsigned long)ix << wq->log_stride);
}

static inline u16 mlx5_wq_cyc_missing(const struct mlx5_wq_cyc *wq)
{
	return wq->sz - wq->cur_sz;
}

static inline bool mlx5_wq_cyc_is_empty(const struct mlx5_wq_cyc *wq)
{
	return !wq->cur_sz;
}

static inline void mlx5_wq_cyc_push_n(struct mlx5_wq_cyc *wq, u16 n)
{
	wq->wqe_ctr += n;
	wq->cur_sz += n;
}

static inline void mlx5_wq_cyc_pop(struct mlx5_wq_cyc *wq)
{
	wq->cur_sz--;
}

static inline void mlx5_wq_cyc_update_db_record(struct mlx5_wq_cyc *wq)
{
	*wq->db = cpu_to_be32(wq->wqe_ctr);
}

static inline struct mlx5_cqe64 *mlx5_cqwq_get_wqe(const struct mlx5_cqwq *wq, u32 ix)
{
	return &wq->buf[ix];
}

/* A CQE belongs to software when its ownership bit matches the lap of the consumer. */
static inline struct mlx5_cqe64 *mlx5_cqwq_get_cqe(const struct mlx5_cqwq *wq)
{
	struct mlx5_cqe64 *cqe = mlx5_cqwq_get_wqe(wq, wq->cc & wq->sz_m1);
	u8 cqe_ownership_bit = READ_ONCE(cqe->op_own) & 1;
	u8 sw_ownership_val = (wq->cc >> wq->log_sz) & 1;

	if (cqe_ownership_bit != sw_ownership_val)
		return NULL;
	/* read the rest of the CQE only after the ownership bit */
	dma_rmb();
	return cqe;
}

static inline void mlx5_cqwq_pop(struct mlx5_cqwq *wq)
{
	wq->cc++;
}

static inline void mlx5_cqwq_update_db_record(struct mlx5_cqwq *wq)
{
	*wq->db = cpu_to_be32(wq->cc & 0xffffff);
}

#endif

// SPDX-License-Identifier: MIT
/*
 * The simulated NIC. It reads the WQEs the driver posted and the doorbell records, writes
 * packets into the posted buffers and completions into the CQs the way the hardware
 * does: strides in order, a filler completion when a packet does not fit in what is
 * left of a multi-packet WQE, the ownership bit flipping every lap, byte count, stride
 * index, checksum and flow tag. It runs outside the driver's timed section.
 */

#include <linux/string.h>
#include "sim.h"
#include "../bench/rd_profiles.h"

u32 rd_hash_bytes(u64 *h, const void *p, u32 len)
{
	const u8 *b = p;
	u64 x = *h;
	u32 i;

	/* FNV-1a, 64 bit */
	for (i = 0; i < len; i++) {
		x ^= b[i];
		x *= 0x100000001b3ULL;
	}
	*h = x;
	return (u32)(x >> 32);
}

u32 rd_sim_profile_mtu(int profile)
{
	return rd_profile_mtu(profile);
}

void rd_sim_init(struct rd_sim *sim, struct mlx5e_priv *priv, int profile, bool cold)
{
	memset(sim, 0, sizeof(*sim));
	sim->priv = priv;
	sim->profile = profile;
	sim->cold = cold;
}

u64 rd_rng(u64 *s)
{
	u64 x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*s = x;
	return x;
}

static u16 csum_fold32(u32 sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)sum;
}

static u32 csum_add_bytes(u32 sum, const u8 *p, u32 len)
{
	u32 i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (u32)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (u32)p[len - 1] << 8;
	return csum_fold32(sum);
}

/* Builds frame number @seq: Ethernet, IPv4, UDP or TCP, pseudo-random payload. */
u32 rd_sim_build_frame(struct rd_sim *sim, u8 *f, u32 seq, u32 *flow)
{
	u32 len = rd_profile_frame_len(sim->profile, seq);
	bool tcp = rd_profile_is_tcp(sim->profile, seq);
	u32 l4 = ETH_HLEN + 20, i, ipsum;
	u16 sport = 1024 + (seq % 61), dport = tcp ? 5001 : 9;
	u64 rng = 0x9e3779b97f4a7c15ULL ^ ((u64)seq << 17) ^ seq;

	memcpy(f, sim->priv->netdev->dev_addr, ETH_ALEN);
	f[6] = 0x02; f[7] = 0x11; f[8] = 0x22; f[9] = 0x33; f[10] = 0x44; f[11] = seq & 0xff;
	f[12] = 0x08; f[13] = 0x00;
	/* IPv4 */
	f[14] = 0x45; f[15] = 0;
	f[16] = (len - ETH_HLEN) >> 8; f[17] = (len - ETH_HLEN) & 0xff;
	f[18] = seq >> 8; f[19] = seq & 0xff;
	f[20] = 0x40; f[21] = 0;
	f[22] = 64; f[23] = tcp ? 6 : 17;
	f[24] = 0; f[25] = 0;
	f[26] = 10; f[27] = 0; f[28] = 0; f[29] = 1 + (seq % 7);
	f[30] = 10; f[31] = 0; f[32] = 1; f[33] = 1;
	ipsum = ~csum_add_bytes(0, f + 14, 20) & 0xffff;
	f[24] = ipsum >> 8; f[25] = ipsum & 0xff;
	/* L4 */
	f[l4] = sport >> 8; f[l4 + 1] = sport & 0xff;
	f[l4 + 2] = dport >> 8; f[l4 + 3] = dport & 0xff;
	if (tcp) {
		for (i = 4; i < 20; i++)
			f[l4 + i] = 0;
		f[l4 + 4] = seq >> 24; f[l4 + 5] = seq >> 16; f[l4 + 6] = seq >> 8; f[l4 + 7] = seq;
		f[l4 + 12] = 5 << 4; f[l4 + 13] = 0x10;	/* ACK */
		f[l4 + 14] = 0xff; f[l4 + 15] = 0xff;
		i = l4 + 20;
	} else {
		f[l4 + 4] = (len - l4) >> 8; f[l4 + 5] = (len - l4) & 0xff;
		f[l4 + 6] = 0; f[l4 + 7] = 0;
		i = l4 + 8;
	}
	/* eight payload bytes per step: the device's own time, but a bench waits for it */
	for (; i < len; i += 8) {
		u64 x = rd_rng(&rng);
		u32 k;

		for (k = 0; k < 8 && i + k < len; k++)
			f[i + k] = (u8)(x >> (8 * k));
	}
	*flow = (u32)sport << 16 | dport;
	return len;
}

static void rd_sim_write_cqe(struct rd_sim *sim, struct mlx5e_cq *cq, u32 *pc,
			     const struct mlx5_cqe64 *tmpl, u8 opcode)
{
	struct mlx5_cqe64 *cqe = &cq->wq.buf[*pc & cq->wq.sz_m1];
	u8 owner = (*pc >> cq->wq.log_sz) & 1;

	memcpy(cqe, tmpl, offsetof(struct mlx5_cqe64, op_own));
	/* ownership last: software must not see a half-written completion */
	barrier();
	WRITE_ONCE(cqe->op_own, (u8)(opcode << 4 | owner));
	(*pc)++;
	if (sim->cold)
		rd_host_clflush(cqe, sizeof(*cqe));
}

static bool rd_sim_cq_full(const struct mlx5e_cq *cq, u32 pc)
{
	u32 cc = be32_to_cpu(READ_ONCE(*cq->wq.db));

	return ((pc - cc) & 0xffffff) >= cq->wq.sz_m1 + 1;
}

static void rd_sim_fill_rx_cqe(struct mlx5_cqe64 *t, const u8 *frame, u32 len, u32 flow)
{
	u16 sum = csum_add_bytes(0, frame + ETH_HLEN, len - ETH_HLEN);

	memset(t, 0, sizeof(*t));
	t->check_sum = cpu_to_be16(sum);
	t->hds_ip_ext = CQE_L3_OK | CQE_L4_OK;
	t->l4_l3_hdr_type = CQE_L3_HDR_IPV4 | (frame[23] == 6 ? CQE_L4_HDR_TCP : CQE_L4_HDR_UDP);
	t->rss_hash_result = cpu_to_be32(flow * 0x9e3779b1u);
	t->sop_drop_qpn = cpu_to_be32(flow & MLX5_FLOW_TAG_MASK & 0xfff);
}

/* DMA write of a frame into the buffers of a scatter list. */
static void rd_sim_dma_write(struct rd_sim *sim, u64 addr, const u8 *src, u32 len)
{
	memcpy((void *)(uintptr_t)addr, src, len);
	if (sim->cold)
		rd_host_clflush((void *)(uintptr_t)addr, len);
}

static bool rd_sim_rx_legacy(struct rd_sim *sim, struct mlx5e_rq *rq, u32 len, u32 flow)
{
	struct mlx5_wq_cyc *wq = &rq->wqe.wq;
	u16 posted = (u16)be32_to_cpu(READ_ONCE(rq->db_rec));
	struct mlx5_wqe_data_seg *dseg;
	struct mlx5_cqe64 t;
	u32 done = 0, nseg = 1u << (rq->hw.log_wqe_stride - 4), i;

	if (posted == sim->rq_ci || rd_sim_cq_full(&rq->cq, sim->cq_pc))
		return false;
	dseg = (struct mlx5_wqe_data_seg *)((char *)wq->buf +
		((u32)(sim->rq_ci & (wq->sz - 1)) << rq->hw.log_wqe_stride));
	for (i = 0; i < nseg && done < len; i++) {
		u32 cap = be32_to_cpu(dseg[i].byte_count);
		u32 n = min(cap, len - done);

		if (!cap)
			break;
		rd_sim_dma_write(sim, be64_to_cpu(dseg[i].addr), sim->frame + done, n);
		done += n;
	}
	if (done && sim->n_heads < RD_SIM_HEADS)
		sim->heads[sim->n_heads++] = (char *)(uintptr_t)be64_to_cpu(dseg[0].addr);
	rd_sim_fill_rx_cqe(&t, sim->frame, len, flow);
	t.byte_cnt = cpu_to_be32(done);
	t.wqe_counter = cpu_to_be16(sim->rq_ci);
	rd_sim_write_cqe(sim, &rq->cq, &sim->cq_pc, &t, MLX5_CQE_RESP_SEND);
	sim->rq_ci++;
	return true;
}

static bool rd_sim_rx_striding(struct rd_sim *sim, struct mlx5e_rq *rq, u32 len, u32 flow)
{
	struct mlx5_wq_cyc *wq = &rq->mpwqe.wq;
	u32 stride_sz = 1u << rq->hw.log_stride_sz, page_shift = rq->hw.page_shift;
	u32 need = DIV_ROUND_UP(len + rq->hw.headroom, stride_sz);
	struct mlx5_wqe_data_seg *dseg;
	struct mlx5_cqe64 t;
	u32 off, done;

	for (;;) {
		u16 posted = (u16)be32_to_cpu(READ_ONCE(rq->db_rec));

		if (posted == sim->mpwqe_ci || rd_sim_cq_full(&rq->cq, sim->cq_pc))
			return false;
		if (sim->stride + need <= rq->hw.num_strides)
			break;
		/* does not fit: the rest of this WQE is consumed by a filler completion */
		memset(&t, 0, sizeof(t));
		t.wqe_id = cpu_to_be16(sim->mpwqe_ci & (wq->sz - 1));
		t.stride_index = cpu_to_be16(sim->stride);
		t.byte_cnt = cpu_to_be32(MPWRQ_CQE_FILLER |
			(u32)(rq->hw.num_strides - sim->stride) << MPWRQ_CQE_STRIDES_SHIFT);
		rd_sim_write_cqe(sim, &rq->cq, &sim->cq_pc, &t, MLX5_CQE_RESP_SEND);
		sim->mpwqe_ci++;
		sim->stride = 0;
	}

	dseg = ((struct mlx5e_rx_wqe_ll *)((char *)wq->buf +
		((u32)(sim->mpwqe_ci & (wq->sz - 1)) << rq->hw.log_wqe_stride)))->data;
	off = ((u32)sim->stride << rq->hw.log_stride_sz) + rq->hw.headroom;
	if (sim->n_heads < RD_SIM_HEADS)
		sim->heads[sim->n_heads++] = (char *)(uintptr_t)be64_to_cpu(
			dseg[off >> page_shift].addr) + (off & ((1u << page_shift) - 1));
	for (done = 0; done < len;) {
		u32 pg = off >> page_shift, po = off & ((1u << page_shift) - 1);
		u32 n = min((1u << page_shift) - po, len - done);

		rd_sim_dma_write(sim, be64_to_cpu(dseg[pg].addr) + po, sim->frame + done, n);
		done += n;
		off += n;
	}
	rd_sim_fill_rx_cqe(&t, sim->frame, len, flow);
	t.wqe_id = cpu_to_be16(sim->mpwqe_ci & (wq->sz - 1));
	t.stride_index = cpu_to_be16(sim->stride);
	t.byte_cnt = cpu_to_be32(len | need << MPWRQ_CQE_STRIDES_SHIFT);
	rd_sim_write_cqe(sim, &rq->cq, &sim->cq_pc, &t, MLX5_CQE_RESP_SEND);
	sim->stride += need;
	if (sim->stride == rq->hw.num_strides) {
		sim->mpwqe_ci++;
		sim->stride = 0;
	}
	return true;
}

unsigned int rd_sim_rx(struct rd_sim *sim, unsigned int max)
{
	struct mlx5e_rq *rq = &sim->priv->channel->rq;
	unsigned int n;

	sim->n_heads = 0;
	for (n = 0; n < max; n++) {
		u32 flow, len = rd_sim_build_frame(sim, sim->frame, sim->seq, &flow);
		bool ok = rq->hw.wq_type == MLX5_WQ_TYPE_CYCLIC ?
			  rd_sim_rx_legacy(sim, rq, len, flow) :
			  rd_sim_rx_striding(sim, rq, len, flow);

		if (!ok)
			break;
		sim->seq++;
		sim->dev_rx++;
	}
	if (sim->cold)
		rd_host_fence();
	return n;
}

static const char hexd[] = "0123456789abcdef";

/* Sends what the driver queued on the XDP SQ; one completion for the batch. */
unsigned int rd_sim_tx(struct rd_sim *sim)
{
	struct mlx5e_xdpsq *sq = &sim->priv->channel->rq_xdpsq;
	u16 prod = (u16)be32_to_cpu(READ_ONCE(sq->db_rec));
	unsigned int n = 0;
	struct mlx5_cqe64 t;

	while (sim->sq_ci != prod && !rd_sim_cq_full(&sq->cq, sim->txcq_pc)) {
		struct mlx5e_tx_wqe *wqe = mlx5_wq_cyc_get_wqe(&sq->wq,
			mlx5_wq_cyc_ctr2ix(&sq->wq, sim->sq_ci));
		u32 ds = be32_to_cpu(wqe->ctrl.qpn_ds) & 0x3f, i, len = 0;

		for (i = 0; i + 2 < ds && i < MLX5E_XDP_TX_MAX_DS; i++) {
			u32 n2 = be32_to_cpu(wqe->data[i].byte_count);

			if (len + n2 > sizeof(sim->frame))
				break;
			memcpy(sim->frame + len, (void *)(uintptr_t)be64_to_cpu(wqe->data[i].addr), n2);
			len += n2;
		}
		if (sim->trace) {
			/* "tx <len> <hex>" */
			static const char pfx[] = "tx ";
			char line[16 + 2 * sizeof(sim->frame)];
			int p = snprintf(line, sizeof(line), "%s%u ", pfx, len);

			for (i = 0; i < len; i++) {
				line[p++] = hexd[sim->frame[i] >> 4];
				line[p++] = hexd[sim->frame[i] & 15];
			}
			line[p] = 0;
			sim->trace(sim->trace_arg, line);
		}
		sim->sq_ci++;
		sim->tx_frames++;
		n++;
	}
	if (n) {
		memset(&t, 0, sizeof(t));
		t.wqe_counter = cpu_to_be16((u16)(sim->sq_ci - 1));
		rd_sim_write_cqe(sim, &sq->cq, &sim->txcq_pc, &t, MLX5_CQE_REQ);
	}
	return n;
}

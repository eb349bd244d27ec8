/* SPDX-License-Identifier: MIT */
/* The simulated NIC and the protocol stack model around the driver. */
#ifndef RD_SIM_H
#define RD_SIM_H

#include "../en.h"

typedef void (*rd_sim_emit_fn)(void *arg, const char *line);

struct rd_stack {
	u64 skbs;
	u64 bytes;
	u64 bad_hdr;
	u64 csum_complete;
	rd_sim_emit_fn trace;
	void *trace_arg;
};

#define RD_SIM_HEADS	256	/* packets of one fill whose first line is recorded */

struct rd_sim {
	struct mlx5e_priv *priv;
	int profile;
	bool cold;
	u32 seq;			/* packets generated so far */
	/* receive side */
	u16 rq_ci;			/* legacy: next WQE the device fills */
	u16 mpwqe_ci;			/* striding: WQE being filled */
	u16 stride;			/* striding: next free stride in it */
	u32 cq_pc;
	/* send side */
	u16 sq_ci;
	u32 txcq_pc;
	u64 dev_rx;
	u64 tx_frames;
	rd_sim_emit_fn trace;
	void *trace_arg;
	/* where the last rd_sim_rx() wrote each packet's first byte: the cold calibration */
	unsigned int n_heads;
	char *heads[RD_SIM_HEADS];
	u8 frame[16384];
};

void rd_sim_init(struct rd_sim *sim, struct mlx5e_priv *priv, int profile, bool cold);
unsigned int rd_sim_rx(struct rd_sim *sim, unsigned int max);
unsigned int rd_sim_tx(struct rd_sim *sim);
u32 rd_sim_build_frame(struct rd_sim *sim, u8 *f, u32 seq, u32 *flow);
u32 rd_sim_profile_mtu(int profile);
u32 rd_hash_bytes(u64 *h, const void *p, u32 len);
u64 rd_rng(u64 *s);

void rd_stack_receive(struct rd_stack *stack, struct sk_buff *skb);

/* sim/xdp_progs.c */
void rd_xdp_prog_init(struct bpf_prog *prog, struct bpf_prog_aux *aux, int mode);

/* sim/host.c: the host environment (C library) */
void rd_host_clflush(const void *p, size_t len);
void rd_host_fence(void);
u64 rd_host_chase_ps(char *const *lines, unsigned int n);

#endif

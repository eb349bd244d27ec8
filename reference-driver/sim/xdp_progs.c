// SPDX-License-Identifier: MIT
/* C stand-ins for the XDP programs the benchmarks attach. */

#include <linux/string.h>
#include "sim.h"
#include "../bench/rd_ops_modes.h"

static unsigned int xdp_prog_pass(const void *ctx, const struct bpf_prog *prog)
{
	return XDP_PASS;
}

static unsigned int xdp_prog_drop(const void *ctx, const struct bpf_prog *prog)
{
	return XDP_DROP;
}

/* Drop after reading Ethernet, IP and L4 headers, like a filter would. */
static unsigned int xdp_prog_drop_read(const void *ctx, const struct bpf_prog *prog)
{
	const struct xdp_buff *xdp = ctx;
	const u8 *d = xdp->data, *end = xdp->data_end;
	u64 acc;

	if (d + ETH_HLEN + 20 + 8 > end)
		return XDP_ABORTED;
	acc = (u64)d[12] << 8 | d[13];
	acc += (u64)d[ETH_HLEN + 9] << 16;
	acc += (u64)d[ETH_HLEN + 12] << 24 | (u64)d[ETH_HLEN + 15];
	acc += (u64)d[ETH_HLEN + 20] << 8 | d[ETH_HLEN + 23];
	prog->aux->scratch += acc;
	return XDP_DROP;
}

/* Bounce the frame: swap source and destination MAC. */
static unsigned int xdp_prog_tx(const void *ctx, const struct bpf_prog *prog)
{
	const struct xdp_buff *xdp = ctx;
	u8 *d = xdp->data, tmp[ETH_ALEN];

	if (d + ETH_HLEN > (u8 *)xdp->data_end)
		return XDP_ABORTED;
	memcpy(tmp, d, ETH_ALEN);
	memcpy(d, d + ETH_ALEN, ETH_ALEN);
	memcpy(d + ETH_ALEN, tmp, ETH_ALEN);
	return XDP_TX;
}

void rd_xdp_prog_init(struct bpf_prog *prog, struct bpf_prog_aux *aux, int mode)
{
	memset(prog, 0, sizeof(*prog));
	aux->scratch = 0;
	prog->aux = aux;
	prog->jited = 1;
	prog->xdp_has_frags = 1;
	switch (mode) {
	case RD_MODE_PASS:
		prog->bpf_func = xdp_prog_pass;
		prog->name = "xdp_pass";
		break;
	case RD_MODE_DROP:
		prog->bpf_func = xdp_prog_drop;
		prog->name = "xdp_drop";
		break;
	case RD_MODE_DROP_READ:
		prog->bpf_func = xdp_prog_drop_read;
		prog->name = "xdp_drop_read";
		break;
	default:
		prog->bpf_func = xdp_prog_tx;
		prog->name = "xdp_tx";
		break;
	}
}

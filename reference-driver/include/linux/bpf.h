/* SPDX-License-Identifier: MIT */
/*
 * XDP programs are C stand-ins (sim/xdp_progs.c) behind the same pointer the kernel
 * would jump through after JIT.
 */
#ifndef _RD_LINUX_BPF_H
#define _RD_LINUX_BPF_H

#include <linux/types.h>
#include <net/xdp.h>

struct bpf_prog;

struct bpf_prog_aux {
	u64 scratch;	/* what a program reading the packet folds its reads into */
};

struct bpf_prog {
	u16 pages;
	u16 jited:1, xdp_has_frags:1;
	u32 type;
	u32 len;
	const char *name;
	struct bpf_prog_aux *aux;
	unsigned int (*bpf_func)(const void *ctx, const struct bpf_prog *prog);
};

static __always_inline u32 bpf_prog_run_xdp(const struct bpf_prog *prog, struct xdp_buff *xdp)
{
	return prog->bpf_func(xdp, prog);
}

#endif

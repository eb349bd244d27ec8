/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A context lent to the task for the length of a call: the poll keeps it on
 * its stack, publishes its address, and every reader through the task
 * initializes each part the first time it asks for it, under a flag bit the
 * publish clears. Our own small model of the kernel's BPF redirect context
 * (its names, so that rules/init-helpers.conf's facts apply).
 */
#ifndef CORPUS_LENT_H
#define CORPUS_LENT_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

#define L_RI_INIT 0x1u
#define L_LIST_INIT 0x2u

struct napi_struct {
	int weight;
};

struct l_ring {
	unsigned int index;
	char *slots[8];
};

struct l_vector {
	struct napi_struct napi;
	struct l_ring ring;
};

struct bpf_redirect_info {
	unsigned long tgt_index;
	const void *tgt_value;
	unsigned int kern_flags;
};

struct bpf_net_context {
	struct bpf_redirect_info ri;
	const void *flush[4];
	unsigned int flushed;
};

/* the task's context: only the readers below read through it */
extern struct bpf_net_context *l_task_ctx;

/* the publish (a fact of rules/init-helpers.conf) and its undo */
static inline struct bpf_net_context *bpf_net_ctx_set(struct bpf_net_context *ctx)
{
	if (l_task_ctx)
		return NULL;
	ctx->ri.kern_flags = 0;
	l_task_ctx = ctx;
	return ctx;
}

static inline void bpf_net_ctx_clear(struct bpf_net_context *ctx)
{
	if (ctx)
		l_task_ctx = NULL;
}
/* the readers: each part written before it is first read */
struct bpf_redirect_info *l_redirect_info(void);
void l_flush_add(const void *frame);
void l_flush(struct l_ring *ring);

void l_record(struct l_ring *ring, const char *what, const void *frame);

int l_poll(struct napi_struct *napi, int budget);

#endif

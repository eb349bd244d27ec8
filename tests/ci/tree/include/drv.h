/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A made-up network driver for the CI tests: a NAPI poll loop in one file,
 * the per-packet receive work in another, a transmit root in a third, so the
 * hot chains cross translation units the way a real driver's do.
 */
#ifndef CI_DRV_H
#define CI_DRV_H

#include <stddef.h>

#define unlikely(x)	__builtin_expect(!!(x), 0)

typedef unsigned int u32;
typedef unsigned long long u64;

struct net_device;
struct sk_buff { void *data; u32 len; };
struct napi_struct { int weight; struct net_device *dev; };

struct pkt_desc { u32 op, len; u64 ts; };

/* 64 bytes of per-packet scratch state. */
struct rx_ctx {
	void *data, *data_end, *head, *meta;
	struct pkt_desc *desc;
	void *queue;
	u64 csum, hash;
};

struct drv_rq {
	struct napi_struct napi;
	struct pkt_desc *ring;
	u32 head, mask;
	u64 packets;
};

typedef int netdev_tx_t;

struct net_device_ops {
	netdev_tx_t (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
};

void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		    int (*poll)(struct napi_struct *napi, int budget));
int run_prog(struct rx_ctx *ctx);
struct sk_buff *make_skb(struct rx_ctx *ctx);
void deliver(struct napi_struct *napi, struct sk_buff *skb);
void fill_stats(void *p, size_t len);

int drv_rx_one(struct drv_rq *rq, struct pkt_desc *desc);

/* Inlined into every caller: its local is zeroed in the caller's frame. */
static inline void drv_account(struct drv_rq *rq)
{
	u64 scratch[8];

	fill_stats(scratch, sizeof(scratch));
	rq->packets += scratch[0];
}

#endif /* CI_DRV_H */

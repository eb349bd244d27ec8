/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A tiny kernel-like environment for the stack-autoinit corpus: just enough
 * of the NAPI and net_device_ops shapes for the checker to find hot roots.
 */
#ifndef CORPUS_NETDEV_H
#define CORPUS_NETDEV_H

#include <stddef.h>

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define __cold		__attribute__((__cold__))
/* a header's macro, as the kernel's: the attribute's tokens are not where it is used */
#define __uninitialized	__attribute__((__uninitialized__))
/* a store the compiler may not tear or repeat (the kernel's own shape) */
#define WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)
#define smp_store_release(p, v) do { WRITE_ONCE(*(p), (v)); } while (0)
#define NAPI_POLL_WEIGHT 64

typedef unsigned int u32;
typedef unsigned long long u64;

struct net_device;
struct sk_buff { void *data; u32 len; };
struct napi_struct { int weight; struct net_device *dev; };

struct xdp_buff {
	void *data, *data_end, *data_meta, *data_hard_start;
	void *rxq, *txq;
	u32 frame_sz, flags;
};

/* 72 bytes, like mlx5e's: the struct the corpus is about. */
struct rx_xdp_buff {
	struct xdp_buff xdp;
	void *cqe;
	void *rq;
};

struct cqe64 { u32 op, bcnt; u64 ts; };

struct rx_queue {
	struct napi_struct napi;
	void (*handle_rx_cqe)(struct rx_queue *rq, struct cqe64 *cqe);
	struct cqe64 *cq;
	u32 cc;
	u64 packets, bytes;
};

typedef int netdev_tx_t;

struct net_device_ops {
	int (*ndo_open)(struct net_device *dev);
	netdev_tx_t (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
	int (*ndo_xdp_xmit)(struct net_device *dev, int n, struct xdp_buff **frames, u32 flags);
};

/* The kernel's shape: a statement expression around a cast of the member's address. */
#define container_of(ptr, type, member) ({				\
	void *__mptr = (void *)(ptr);					\
	((type *)((char *)__mptr - offsetof(type, member))); })

void *netdev_priv(const struct net_device *dev);
void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		    int (*poll)(struct napi_struct *napi, int budget));
int bpf_prog_run_xdp(struct xdp_buff *xdp);
struct sk_buff *build_skb(struct xdp_buff *xdp);
void napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb);
void consume(const void *p, size_t len);
void log_error(const char *what, u32 code);

/* Error handling as the kernel spells it: errnos, rate-limited logging, WARN*(). */
#define EINVAL 22
#define ENOMEM 12
int net_ratelimit(void);
void netdev_err(const struct net_device *dev, const char *fmt, ...);
void __warn_printk(const char *fmt, ...);
#define WARN_ONCE(condition, fmt...) ({				\
	int __ret_warn_once = !!(condition);			\
	if (unlikely(__ret_warn_once))				\
		__warn_printk(fmt);				\
	unlikely(__ret_warn_once);				\
})

#endif /* CORPUS_NETDEV_H */

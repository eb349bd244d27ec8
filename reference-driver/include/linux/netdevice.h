/* SPDX-License-Identifier: MIT */
#ifndef _RD_LINUX_NETDEVICE_H
#define _RD_LINUX_NETDEVICE_H

#include <linux/types.h>
#include <linux/skbuff.h>

#define NAPI_POLL_WEIGHT	64
#define ETH_ALEN		6
#define ETH_HLEN		14
#define ETH_P_IP		0x0800

typedef int netdev_tx_t;
#define NETDEV_TX_OK		0

struct xdp_frame;
struct rd_stack;

struct napi_struct {
	int (*poll)(struct napi_struct *napi, int budget);
	int weight;
	unsigned long state;
	struct net_device *dev;
};

struct net_device_ops {
	int (*ndo_open)(struct net_device *dev);
	int (*ndo_stop)(struct net_device *dev);
	netdev_tx_t (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
	int (*ndo_xdp_xmit)(struct net_device *dev, int n, struct xdp_frame **frames,
			    u32 flags);
};

struct net_device {
	const struct net_device_ops *netdev_ops;
	unsigned int mtu;
	u8 dev_addr[ETH_ALEN];
	void *priv;
	struct rd_stack *stack;		/* where received skbs go (sim/stack.c) */
	struct napi_struct *napi;
};

static inline void *netdev_priv(const struct net_device *dev)
{
	return dev->priv;
}

static inline void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
				  int (*poll)(struct napi_struct *, int))
{
	napi->poll = poll;
	napi->weight = NAPI_POLL_WEIGHT;
	napi->dev = dev;
	napi->state = 0;
	dev->napi = napi;
}

static inline bool napi_complete_done(struct napi_struct *n, int work_done)
{
	n->state = 0;
	return true;
}

struct ethhdr {
	u8 h_dest[ETH_ALEN];
	u8 h_source[ETH_ALEN];
	__be16 h_proto;
} __packed;

/* Sets the protocol from the Ethernet header and pulls the header. */
static inline __be16 eth_type_trans(struct sk_buff *skb, struct net_device *dev)
{
	const struct ethhdr *eth = (const struct ethhdr *)skb->data;

	skb->dev = dev;
	skb->mac_header = (u16)(skb->data - skb->head);
	skb_pull_inline(skb, ETH_HLEN);
	return eth->h_proto;
}

/* lib/dev.c: hands the skb to the protocol stack model */
void napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb);

#endif

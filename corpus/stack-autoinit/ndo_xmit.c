// SPDX-License-Identifier: GPL-2.0-only
/* Transmit roots: .ndo_start_xmit and .ndo_xdp_xmit in a net_device_ops table. */
#include "netdev.h"

struct tx_desc { u64 addr[6]; u32 len, flags; };	/* 56 bytes */

static int nx_open(struct net_device *dev)
{
	struct tx_desc init_desc;	/* .ndo_open is not hot: no finding */

	init_desc.len = 0;
	consume(&init_desc, sizeof(init_desc));
	return 0;
}

static netdev_tx_t nx_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct tx_desc desc;	/* zt-expect: stack-autoinit */

	desc.addr[0] = (u64)(size_t)skb->data;
	desc.len = skb->len;
	consume(&desc, sizeof(desc));
	return 0;
}

static int nx_xdp_xmit(struct net_device *dev, int n, struct xdp_buff **frames, u32 flags)
{
	int sent = 0;

	for (int i = 0; i < n; i++) {
		struct tx_desc d;	/* zt-expect: stack-autoinit */

		d.addr[0] = (u64)(size_t)frames[i]->data;
		d.flags = flags;
		consume(&d, sizeof(d));
		sent++;
	}
	return sent;
}

const struct net_device_ops nx_netdev_ops = {
	.ndo_open = nx_open,
	.ndo_start_xmit = nx_start_xmit,
	.ndo_xdp_xmit = nx_xdp_xmit,
};

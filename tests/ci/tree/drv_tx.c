// SPDX-License-Identifier: GPL-2.0-only
/* The transmit root: .ndo_start_xmit runs once per packet. */
#include "tx_hw.h"

static netdev_tx_t drv_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct tx_wqe wqe;

	wqe.ctrl[0] = skb->len;
	wqe.data[0] = (u64)(size_t)skb->data;
	post_wqe(dev, &wqe);
	return 0;
}

const struct net_device_ops drv_netdev_ops = {
	.ndo_start_xmit = drv_xmit,
};

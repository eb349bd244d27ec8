// SPDX-License-Identifier: MIT
/* Receive side of the core: skbs from NAPI go to the protocol stack model. */

#include <linux/netdevice.h>

void rd_stack_receive(struct rd_stack *stack, struct sk_buff *skb);

void napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb)
{
	rd_stack_receive(skb->dev->stack, skb);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Small locals add up: three 16-24-byte structs zeroed in one per-packet
 * function (an AF_XDP transmit path) cost 56 bytes per packet although each
 * is under --min-size. The function is reported once, listing its locals,
 * on the line of its name. Two that stay under --min-size together are not.
 */
#include "netdev.h"

struct ft_desc {
	u64 addr;
	u32 len, options;	/* 16 bytes */
};

struct ft_dma {
	u64 dma, page;
	u32 len, flags;		/* 24 bytes */
};

struct ft_meta {
	u64 ts;
	u32 csum, vlan;		/* 16 bytes */
};

int ft_xsk_peek(struct rx_queue *sq, struct ft_desc *desc);
void ft_map(struct rx_queue *sq, const struct ft_desc *desc, struct ft_dma *dma);
void ft_fill_meta(struct rx_queue *sq, const struct ft_desc *desc, struct ft_meta *meta);
void ft_post(struct rx_queue *sq, const struct ft_dma *dma, const struct ft_meta *meta);

static int ft_xsk_xmit_one(struct rx_queue *sq)	/* zt-expect: stack-frame-total per-packet */
{
	struct ft_desc desc;
	struct ft_dma dma;
	struct ft_meta meta;

	if (!ft_xsk_peek(sq, &desc))
		return 0;
	ft_map(sq, &desc, &dma);
	ft_fill_meta(sq, &desc, &meta);
	ft_post(sq, &dma, &meta);
	return 1;
}

static int ft_xsk_xmit_lite(struct rx_queue *sq)	/* 16 + 8 bytes: under 32, no finding */
{
	struct ft_desc desc;
	struct { u32 lo, hi; } cookie;

	if (!ft_xsk_peek(sq, &desc))
		return 0;
	consume(&cookie, sizeof(cookie));
	return 1;
}

static int ft_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *sq = (struct rx_queue *)napi;
	int sent = 0;

	while (sent < budget && ft_xsk_xmit_one(sq))
		sent++;
	if (sq->cc)
		ft_xsk_xmit_lite(sq);
	return sent;
}

void ft_setup(struct net_device *dev, struct rx_queue *sq)
{
	netif_napi_add(dev, &sq->napi, ft_poll);
}

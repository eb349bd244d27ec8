/* SPDX-License-Identifier: MIT */
#ifndef _RD_NET_XDP_H
#define _RD_NET_XDP_H

#include <linux/types.h>
#include <linux/cache.h>
#include <linux/skbuff.h>

#define XDP_PACKET_HEADROOM	256

enum xdp_action {
	XDP_ABORTED = 0,
	XDP_DROP,
	XDP_PASS,
	XDP_TX,
	XDP_REDIRECT,
};

enum xdp_buff_flags {
	XDP_FLAGS_HAS_FRAGS = 1U << 0,
	XDP_FLAGS_FRAGS_PF_MEMALLOC = 1U << 1,
};

struct net_device;

struct xdp_rxq_info {
	struct net_device *dev;
	u32 queue_index;
	u32 reg_state;
	unsigned int napi_id;
	u32 frag_size;
} ____cacheline_aligned;

struct xdp_txq_info {
	struct net_device *dev;
};

struct xdp_buff {
	void *data;
	void *data_end;
	void *data_meta;
	void *data_hard_start;
	struct xdp_rxq_info *rxq;
	struct xdp_txq_info *txq;
	u32 frame_sz;
	u32 flags;
};

static __always_inline void xdp_init_buff(struct xdp_buff *xdp, u32 frame_sz,
					  struct xdp_rxq_info *rxq)
{
	xdp->frame_sz = frame_sz;
	xdp->rxq = rxq;
	xdp->flags = 0;
}

static __always_inline void xdp_prepare_buff(struct xdp_buff *xdp, unsigned char *hard_start,
					     int headroom, int data_len, const bool meta_valid)
{
	unsigned char *data = hard_start + headroom;

	xdp->data_hard_start = hard_start;
	xdp->data = data;
	xdp->data_end = data + data_len;
	/* data_meta one past data means "no metadata" */
	xdp->data_meta = meta_valid ? data : data + 1;
}

static __always_inline bool xdp_buff_has_frags(const struct xdp_buff *xdp)
{
	return !!(xdp->flags & XDP_FLAGS_HAS_FRAGS);
}

static __always_inline void xdp_buff_set_frags_flag(struct xdp_buff *xdp)
{
	xdp->flags |= XDP_FLAGS_HAS_FRAGS;
}

static __always_inline void xdp_buff_clear_frags_flag(struct xdp_buff *xdp)
{
	xdp->flags &= ~XDP_FLAGS_HAS_FRAGS;
}

static __always_inline struct skb_shared_info *
xdp_get_shared_info_from_buff(const struct xdp_buff *xdp)
{
	return (struct skb_shared_info *)((char *)xdp->data_hard_start + xdp->frame_sz -
					  SKB_DATA_ALIGN(sizeof(struct skb_shared_info)));
}

static __always_inline unsigned int xdp_get_buff_len(const struct xdp_buff *xdp)
{
	unsigned int len = (unsigned int)((char *)xdp->data_end - (char *)xdp->data);

	if (unlikely(xdp_buff_has_frags(xdp)))
		len += xdp_get_shared_info_from_buff(xdp)->xdp_frags_size;
	return len;
}

/* An skb built around an XDP buffer takes over the fragments collected in its shared info. */
static inline void xdp_update_skb_shared_info(struct sk_buff *skb, u8 nr_frags,
					      unsigned int size, unsigned int truesize)
{
	skb_shinfo(skb)->nr_frags = nr_frags;
	skb->len += size;
	skb->data_len += size;
	skb->truesize += truesize;
}

static inline int xdp_rxq_info_reg(struct xdp_rxq_info *rxq, struct net_device *dev,
				   u32 queue_index, unsigned int napi_id)
{
	rxq->dev = dev;
	rxq->queue_index = queue_index;
	rxq->napi_id = napi_id;
	rxq->reg_state = 1;
	rxq->frag_size = 0;
	return 0;
}

#endif

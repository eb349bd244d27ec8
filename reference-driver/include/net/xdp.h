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

/* Who owns the memory behind an XDP buffer, so that a frame can be returned to it. */
enum xdp_mem_type {
	MEM_TYPE_PAGE_SHARED = 0,
	MEM_TYPE_PAGE_ORDER0,
	MEM_TYPE_PAGE_POOL,
	MEM_TYPE_XSK_BUFF_POOL,
};

struct xdp_mem_info {
	u32 type;		/* enum xdp_mem_type */
	u32 id;
};

struct xdp_rxq_info {
	struct net_device *dev;
	u32 queue_index;
	u32 reg_state;
	struct xdp_mem_info mem;
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

/*
 * A packet that leaves the receive path as XDP_TX or XDP_REDIRECT is described by a
 * struct xdp_frame written into its own headroom, at data_hard_start: the frame must
 * outlive the xdp_buff, which lives on the stack (or in the RQ) only while the program
 * runs. 40 bytes, the first line of the buffer.
 */
struct xdp_frame {
	void *data;
	u16 len;
	u16 headroom;		/* between the frame descriptor and data_meta/data */
	u32 metasize;
	struct xdp_mem_info mem;
	struct net_device *dev_rx;
	u32 frame_sz;
	u32 flags;		/* enum xdp_buff_flags */
};

static __always_inline bool xdp_frame_has_frags(const struct xdp_frame *frame)
{
	return !!(frame->flags & XDP_FLAGS_HAS_FRAGS);
}

static __always_inline struct skb_shared_info *
xdp_get_shared_info_from_frame(const struct xdp_frame *frame)
{
	/* the frame sits at data_hard_start */
	return (struct skb_shared_info *)((char *)frame + frame->frame_sz -
					  SKB_DATA_ALIGN(sizeof(struct skb_shared_info)));
}

/*
 * The buffer's description moves into its headroom: the headroom must hold the
 * descriptor in front of any metadata, and the data must end before the shared info.
 * NULL when it does not fit. (A umem buffer would be copied out first; the AF_XDP
 * path transmits its frames in place instead and never comes here.)
 */
static inline struct xdp_frame *xdp_convert_buff_to_frame(struct xdp_buff *xdp)
{
	struct xdp_frame *frame = xdp->data_hard_start;
	long headroom = (char *)xdp->data - (char *)xdp->data_hard_start;
	long metasize = (char *)xdp->data - (char *)xdp->data_meta;
	char *hard_end;

	if (metasize < 0)
		metasize = 0;
	if (unlikely(headroom - metasize < (long)sizeof(*frame)))
		return NULL;
	hard_end = (char *)xdp->data_hard_start + xdp->frame_sz -
		   SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
	if (unlikely((char *)xdp->data_end > hard_end))
		return NULL;

	frame->data = xdp->data;
	frame->len = (char *)xdp->data_end - (char *)xdp->data;
	frame->headroom = headroom - sizeof(*frame);
	frame->metasize = metasize;
	frame->frame_sz = xdp->frame_sz;
	frame->flags = xdp->flags;
	frame->mem = xdp->rxq->mem;
	return frame;
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
	rxq->mem.type = MEM_TYPE_PAGE_SHARED;
	rxq->mem.id = 0;
	return 0;
}

/* The memory model frames of this queue return to (the id is the model's pool number). */
static inline int xdp_rxq_info_reg_mem_model(struct xdp_rxq_info *rxq, enum xdp_mem_type type,
					     u32 id)
{
	rxq->mem.type = type;
	rxq->mem.id = id;
	return 0;
}

#endif

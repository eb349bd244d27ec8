/* SPDX-License-Identifier: MIT */
#ifndef _RD_LINUX_SKBUFF_H
#define _RD_LINUX_SKBUFF_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/cache.h>
#include <linux/mm.h>

#define MAX_SKB_FRAGS	17
#define NET_SKB_PAD	64
#define NET_IP_ALIGN	0

#define SKB_DATA_ALIGN(x)	ALIGN((x), SMP_CACHE_BYTES)

#define CHECKSUM_NONE		0
#define CHECKSUM_UNNECESSARY	1
#define CHECKSUM_COMPLETE	2

struct net_device;
struct napi_struct;

typedef struct skb_frag {
	struct page *netmem;
	unsigned int len;
	unsigned int offset;
} skb_frag_t;

struct skb_shared_info {
	u8 flags;
	u8 meta_len;
	u8 nr_frags;
	u8 tx_flags;
	unsigned short gso_size;
	unsigned short gso_segs;
	struct sk_buff *frag_list;
	u64 hwtstamp;
	unsigned int gso_type;
	u32 tskey;
	/* everything above is cleared when an skb is built around a buffer */
	atomic_t dataref;
	unsigned int xdp_frags_size;
	void *destructor_arg;
	skb_frag_t frags[MAX_SKB_FRAGS];
};

struct sk_buff {
	struct sk_buff *next;
	struct sk_buff *prev;
	struct net_device *dev;
	unsigned int len;
	unsigned int data_len;
	u16 mac_len;
	u16 queue_mapping;
	u8 pp_recycle:1, head_frag:1;
	u8 ip_summed;
	__be16 protocol;
	u16 mac_header;
	u16 network_header;
	u16 transport_header;
	u32 mark;
	u32 hash;
	__wsum csum;
	u32 truesize;
	unsigned int tail;
	unsigned int end;
	unsigned char *head;
	unsigned char *data;
	atomic_t users;
};

static inline struct skb_shared_info *skb_shinfo(const struct sk_buff *skb)
{
	return (struct skb_shared_info *)(skb->head + skb->end);
}

static inline unsigned int skb_headroom(const struct sk_buff *skb)
{
	return (unsigned int)(skb->data - skb->head);
}

static inline unsigned int skb_headlen(const struct sk_buff *skb)
{
	return skb->len - skb->data_len;
}

static inline void skb_reserve(struct sk_buff *skb, int len)
{
	skb->data += len;
	skb->tail += len;
}

static inline void *skb_put(struct sk_buff *skb, unsigned int len)
{
	void *old = skb->head + skb->tail;

	skb->tail += len;
	skb->len += len;
	return old;
}

static inline void skb_mark_for_recycle(struct sk_buff *skb)
{
	skb->pp_recycle = 1;
}

static inline void skb_metadata_set(struct sk_buff *skb, u8 meta_len)
{
	skb_shinfo(skb)->meta_len = meta_len;
}

static inline void skb_frag_fill_page_desc(skb_frag_t *frag, struct page *page,
					   int off, int size)
{
	frag->netmem = page;
	frag->offset = off;
	frag->len = size;
}

static inline void *skb_frag_address(const skb_frag_t *frag)
{
	return (char *)page_address(frag->netmem) + frag->offset;
}

static inline void skb_add_rx_frag(struct sk_buff *skb, int i, struct page *page,
				   int off, int size, unsigned int truesize)
{
	struct skb_shared_info *sinfo = skb_shinfo(skb);

	skb_frag_fill_page_desc(&sinfo->frags[i], page, off, size);
	sinfo->nr_frags = i + 1;
	skb->len += size;
	skb->data_len += size;
	skb->truesize += truesize;
}

static inline void skb_pull_inline(struct sk_buff *skb, unsigned int len)
{
	skb->len -= len;
	skb->data += len;
}

/* lib/skbuff.c: skb heads come from a per-CPU cache, as with the kernel's NAPI cache */
struct sk_buff *napi_build_skb(void *data, unsigned int frag_size);
void napi_consume_skb(struct sk_buff *skb, int budget);
unsigned long skb_cache_in_use(void);
void skb_cache_shrink(void);

#endif

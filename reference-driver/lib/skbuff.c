// SPDX-License-Identifier: MIT
/*
 * skb heads: a per-CPU cache of struct sk_buff, refilled from the host in chunks, and
 * the release of what an skb holds (its page-pool head and fragments).
 */

#include <linux/slab.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <net/page_pool.h>

#define SKB_CACHE_CHUNK	64

struct napi_skb_cache {
	unsigned int count;
	unsigned long in_use;
	struct sk_buff *free[SKB_CACHE_CHUNK * 4];
};

/* per-CPU in the kernel; the model runs NAPI on one thread */
static struct napi_skb_cache skb_cache;

static struct sk_buff *napi_skb_cache_get(void)
{
	struct napi_skb_cache *nc = &skb_cache;

	if (unlikely(!nc->count)) {
		while (nc->count < SKB_CACHE_CHUNK) {
			struct sk_buff *skb = kzalloc(sizeof(*skb), GFP_ATOMIC);

			if (!skb)
				break;
			nc->free[nc->count++] = skb;
		}
		if (!nc->count)
			return NULL;
	}
	nc->in_use++;
	return nc->free[--nc->count];
}

static void napi_skb_cache_put(struct sk_buff *skb)
{
	struct napi_skb_cache *nc = &skb_cache;

	nc->in_use--;
	if (unlikely(nc->count == ARRAY_SIZE(nc->free))) {
		kfree(skb);
		return;
	}
	nc->free[nc->count++] = skb;
}

struct sk_buff *napi_build_skb(void *data, unsigned int frag_size)
{
	struct skb_shared_info *shinfo;
	struct sk_buff *skb = napi_skb_cache_get();

	if (unlikely(!skb))
		return NULL;
	memset(skb, 0, offsetof(struct sk_buff, tail));
	skb->truesize = SKB_DATA_ALIGN(sizeof(struct sk_buff)) + frag_size;
	skb->head = data;
	skb->data = data;
	skb->tail = 0;
	skb->end = frag_size - SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
	skb->head_frag = 1;
	skb->users.counter = 1;

	shinfo = skb_shinfo(skb);
	memset(shinfo, 0, offsetof(struct skb_shared_info, dataref));
	shinfo->dataref.counter = 1;
	return skb;
}

static void skb_free_netmem(struct page *page)
{
	page_pool_put_full_page(page->pp, page, true);
}

void napi_consume_skb(struct sk_buff *skb, int budget)
{
	struct skb_shared_info *shinfo = skb_shinfo(skb);
	int i;

	for (i = 0; i < shinfo->nr_frags; i++)
		skb_free_netmem(shinfo->frags[i].netmem);
	skb_free_netmem(virt_to_head_page(skb->head));
	napi_skb_cache_put(skb);
}

unsigned long skb_cache_in_use(void)
{
	return skb_cache.in_use;
}

void skb_cache_shrink(void)
{
	while (skb_cache.count)
		kfree(skb_cache.free[--skb_cache.count]);
}

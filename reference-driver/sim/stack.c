// SPDX-License-Identifier: MIT
/*
 * The protocol stack model: reads the headers of every skb as IP and UDP/TCP receive
 * would, checks them against what the device wrote and frees it. In NAPI context the
 * kernel touches headers, not payload (the copy to user space happens later, in the
 * receiver's recvmsg()), so the bytes are hashed only when a trace is taken: a
 * benchmark that read every payload byte would mostly measure that loop.
 */

#include <linux/string.h>
#include "sim.h"

void rd_stack_receive(struct rd_stack *stack, struct sk_buff *skb)
{
	struct skb_shared_info *sinfo = skb_shinfo(skb);
	const u8 *mac = skb->head + skb->mac_header;
	const u8 *ip = skb->data;
	u32 hdr_len = skb->len + ETH_HLEN;
	u64 h = 0xcbf29ce484222325ULL;
	int i;

	stack->skbs++;
	stack->bytes += skb->len;
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		stack->csum_complete++;
	/* IPv4 header in the linear part, total length matching the skb, an L4 port */
	if (skb->protocol != cpu_to_be16(ETH_P_IP) || skb_headlen(skb) < 28 ||
	    (ip[0] >> 4) != 4 || ((u32)ip[2] << 8 | ip[3]) != skb->len ||
	    (ip[9] != 17 && ip[9] != 6) || !(ip[22] | ip[23]))	/* socket lookup: the port */
		stack->bad_hdr++;

	if (stack->trace) {
		char line[192];

		rd_hash_bytes(&h, mac, ETH_HLEN + skb_headlen(skb));
		for (i = 0; i < sinfo->nr_frags; i++)
			rd_hash_bytes(&h, skb_frag_address(&sinfo->frags[i]),
				      sinfo->frags[i].len);

		snprintf(line, sizeof(line),
			 "skb len=%u hdrlen=%u headroom=%u nr_frags=%u proto=%04x csum=%s:%08x mark=%u hash=%08x data=%016llx",
			 hdr_len, skb_headlen(skb) + ETH_HLEN,
			 skb_headroom(skb) - ETH_HLEN, sinfo->nr_frags, be16_to_cpu(skb->protocol),
			 skb->ip_summed == CHECKSUM_COMPLETE ? "complete" : "none",
			 (u32)(__force u32)skb->csum, skb->mark, skb->hash,
			 (unsigned long long)h);
		stack->trace(stack->trace_arg, line);
	}
	napi_consume_skb(skb, 64);
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A per-frame zero-copy descriptor kept in a pool, in three cache lines
 * with cold fields in the way, and a receive queue whose per-packet fields
 * are scattered among cold ones. Hot fields: xsk.hot, rq.hot.
 */
#include <stdint.h>

struct list_node {
	struct list_node *next, *prev;
};

struct frame_base {
	void *data;
	void *data_end;
	void *data_meta;
	void *data_hard_start;
	void *rxq;
	uint32_t frame_sz;
	uint32_t flags;
};

struct frame_xsk {
	struct frame_base xdp;
	uint8_t cb[24];
	uint64_t dma;
	uint64_t frame_dma;
	void *pool;
	uint64_t orig_addr;
	struct list_node free_list_node;
	struct list_node xskb_list_node;
	uint8_t valid;
};

struct queue_stats {
	uint64_t packets, bytes, drops, errors;
};

struct demo_queue {
	uint32_t flags;
	void *mdev;
	char name[32];
	uint32_t cqn;
	void *cq;
	uint16_t wqe_cc;
	uint64_t create_time;
	void *wq;
	struct queue_stats stats;
	uint32_t hw_mtu;
	void *netdev;
	uint8_t hot_state;
	void *icosq;
	uint64_t watchdog;
	void *page_pool;
	void *dim;
	uint32_t ix;
	void *xdp_prog;
	uint64_t last_err;
	void *buff_frag;
	uint16_t headroom;
	void *ptp;
	uint32_t mkey;
};

struct frame_xsk fx[4];
struct demo_queue q;

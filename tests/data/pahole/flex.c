/* SPDX-License-Identifier: GPL-2.0-only */
/* Flexible and zero-length arrays, cache-line group markers. */
#include <stdint.h>

struct flexible {
	uint32_t n;
	uint16_t kind;
	uint8_t data[];
};

struct zero_len {
	uint64_t hdr;
	char mark[0];
	uint8_t after;
	uint32_t words[0];
};

struct grouped {
	uint8_t __cacheline_group_begin__read_mostly[0];
	void *ops;
	void *priv;
	uint32_t mtu;
	uint8_t __cacheline_group_end__read_mostly[0];
	uint64_t cold0[6];
	uint8_t __cacheline_group_begin__hot_rx[0];
	void *rx_ring;
	uint32_t rx_head;
	uint32_t rx_tail;
	uint64_t rx_bytes;
	uint64_t rx_packets;
	uint8_t __cacheline_group_end__hot_rx[0];
	uint64_t cold1[9];
	uint32_t rx_hot_outside;
};

struct flexible fl;
struct zero_len z;
struct grouped g;

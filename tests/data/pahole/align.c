/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Forced alignment: __aligned__ on members and on the struct, a
 * ____cacheline_aligned-style member, and an embedded aligned struct.
 */
#include <stdint.h>

#define cacheline_aligned __attribute__((__aligned__(64)))

struct small_aligned {
	int a;
} __attribute__((__aligned__(16)));

struct forced {
	char c;
	int cold cacheline_aligned;
	struct small_aligned sa;
	char d;
	uint64_t after __attribute__((__aligned__(32)));
};

struct whole_aligned {
	void *p;
	uint32_t n;
} cacheline_aligned;

struct demo_rq {
	uint8_t __cacheline_group_begin__hot[0];
	void *desc;
	uint32_t head;
	uint16_t flags:3;
	uint16_t mode:5;
	uint8_t state;
	union {
		struct {
			uint64_t dma;
			uint32_t len;
		} page;
		void *xsk;
	};
	struct inner_pad {
		uint64_t a;
		uint8_t b;
	} in;
	uint8_t __cacheline_group_end__hot[0];
	uint64_t stats[5];
	void (*cb)(struct demo_rq *, int);
	int cold cacheline_aligned;
	char name[];
} cacheline_aligned;

struct forced f;
struct whole_aligned w;
struct demo_rq d;

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shapes pahole 1.24 prints for real kernel structs built with clang-19
 * (DWARF 5), written for the tests: anonymous aggregates aligned to a cache
 * line (re-printed with their own summary and a bare "};"), tail padding
 * shown as "Force padding:" nameless bitfields, cache-line groups, enums,
 * typedefs, function pointers, arrays of structs, bitfields of many widths.
 */
#include <stdint.h>

#define LINE_ALIGNED __attribute__((__aligned__(64)))
#define GROUP_BEGIN(g) uint8_t __cacheline_group_begin__##g[0]
#define GROUP_END(g) uint8_t __cacheline_group_end__##g[0]

struct lock_like {
	long owner;
	int wait;
	void *head, *tail;
};

enum ring_state { RING_IDLE, RING_BUSY, RING_FULL = 1 << 20 };
typedef uint64_t bus_addr_t;
typedef struct { uint32_t lo, hi; } pair_t;

struct desc {
	bus_addr_t addr;
	uint32_t len;
	uint16_t flags;
};

/* An anonymous struct and an anonymous union, both aligned to a line. */
struct ring_like {
	int id;
	struct {
		uint16_t head;
		uint32_t tail;
		void *base;
	} LINE_ALIGNED;
	union {
		struct desc *ring;
		uint64_t cookie;
	} LINE_ALIGNED;
	struct {
		char tag;
	};
	enum ring_state state;
};

/* A line-aligned embedded struct last: "Force padding: struct lock_like :256;". */
struct chan_like {
	int ix;
	struct lock_like lock LINE_ALIGNED;
};

/* Tail padding after an anonymous struct: pahole repeats its body as padding. */
struct tail_anon {
	int a;
	struct {
		char e;
	} LINE_ALIGNED;
};

/* Groups, a line-aligned member, bitfields of many widths, callbacks, arrays. */
struct queue_like {
	GROUP_BEGIN(hot);
	struct desc *descs;
	uint32_t pc;
	uint32_t cc;
	GROUP_END(hot);
	unsigned int b1 : 1;
	unsigned int b7 : 7;
	unsigned int b13 : 13;
	unsigned int b11 : 11;
	uint64_t b33 : 33;
	uint64_t b31 : 31;
	uint8_t b2 : 2;
	pair_t pair;
	bus_addr_t dma;
	enum ring_state state;
	int (*poll)(struct queue_like *q, int budget);
	void (*ops[3])(void *);
	struct desc cache[4];
	struct lock_like lock LINE_ALIGNED;
	uint16_t nr;
	uint8_t data[];
};

/* Inline anonymous enums (one a bitfield), a pointer to an anonymous struct, a const one. */
struct misc_like {
	unsigned char reg;
	enum { MODE_A, MODE_B } mode : 16;
	enum { PLAIN_A = 3 } plain;
	struct {
		int x;
		long y;
	} *ptr;
	const struct {
		int a;
		long b;
	} fixed;
};

struct ring_like ring_v;
struct misc_like misc_v;
struct chan_like chan_v;
struct tail_anon tail_v;
struct queue_like queue_v;

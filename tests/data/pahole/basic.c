/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Structs whose pahole output the parser tests read: holes, padding,
 * bitfields and bit holes, nested anonymous and named unions/structs,
 * function pointers and long declarations. Written here for the tests.
 */
#include <stdint.h>

struct inner {
	uint64_t a;
	uint8_t b;
};

struct holes {
	char c;
	long l;
	short s;
	int i;
	char tail;
};

struct bits {
	unsigned int flags:3;
	unsigned int mode:5;
	unsigned int :4;
	unsigned int late:2;
	unsigned char byte;
	uint16_t small:1;
	uint64_t big;
};

struct nested {
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
	struct inner in;
	struct {
		int x;
		union {
			short s;
			char c[3];
		} u;
	} named;
	union {
		uint32_t word;
		struct {
			uint16_t lo;
			uint16_t hi;
		};
	};
};

struct very_long_type_name_to_squeeze_the_columns_of_pahole_output {
	int x;
};

struct callbacks {
	void (*cb)(struct callbacks *, int);
	int (*rx)(void *ctx, const unsigned char *data, unsigned long len, unsigned int flags);
	struct very_long_type_name_to_squeeze_the_columns_of_pahole_output *very_long_member_name_too;
	const volatile unsigned long long *const pointer_to_const_volatile_long_long;
	char name[16];
	unsigned int (*table[4])(int);
};

struct holes h;
struct bits b;
struct nested n;
struct callbacks cbs;

typedef uint64_t dma_addr_t;
typedef struct {
	int counter;
	char tag;
} counter_t;

struct uses_typedefs {
	dma_addr_t addr;
	counter_t cnt;
	_Bool flag;
};

struct uses_typedefs ut;

/* pahole 1.24 prints unions without a summary block */
union top_union {
	int i;
	char c[12];
};

typedef union {
	long l;
	short s;
} tunion_t;

/* pahole 1.24 cannot print an _Atomic member: "<ERROR(...)>" in its place */
struct atomics {
	int a;
	_Atomic long counter;
	char c;
};

union top_union tu;
tunion_t tut;
struct atomics at;

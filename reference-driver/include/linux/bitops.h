/* SPDX-License-Identifier: MIT */
#ifndef _RD_LINUX_BITOPS_H
#define _RD_LINUX_BITOPS_H

#include <linux/kernel.h>

#define BITS_PER_LONG		64
#define BITS_TO_LONGS(n)	DIV_ROUND_UP(n, BITS_PER_LONG)
#define DECLARE_BITMAP(name, bits)	unsigned long name[BITS_TO_LONGS(bits)]
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))

/* Non-atomic variants: the RQ is owned by one NAPI context. */
static inline void __set_bit(unsigned int nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

static inline void __clear_bit(unsigned int nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

static inline bool test_bit(unsigned int nr, const unsigned long *addr)
{
	return (addr[BIT_WORD(nr)] & BIT_MASK(nr)) != 0;
}

static inline bool __test_and_clear_bit(unsigned int nr, unsigned long *addr)
{
	bool old = test_bit(nr, addr);

	__clear_bit(nr, addr);
	return old;
}

#define set_bit(nr, addr)	__set_bit(nr, addr)
#define clear_bit(nr, addr)	__clear_bit(nr, addr)

static inline void bitmap_zero(unsigned long *map, unsigned int bits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(bits); i++)
		map[i] = 0;
}

#endif

/* SPDX-License-Identifier: MIT */
#ifndef _RD_LINUX_KERNEL_H
#define _RD_LINUX_KERNEL_H

#include <linux/types.h>

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - __builtin_offsetof(type, member)))
#ifndef offsetof
#define offsetof(type, member)	__builtin_offsetof(type, member)
#endif

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define ALIGN(x, a)		(((x) + ((__typeof__(x))(a) - 1)) & ~((__typeof__(x))(a) - 1))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define BIT(n)			(1UL << (n))

#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON: " #cond)

#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b)		((t)(a) > (t)(b) ? (t)(a) : (t)(b))

/* the C library's, with the kernel's format semantics for what the model prints */
int snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static inline unsigned int ilog2(unsigned long v)
{
	return (unsigned int)(63 - __builtin_clzl(v));
}

static inline unsigned long roundup_pow_of_two(unsigned long v)
{
	return v <= 1 ? 1 : 1UL << (64 - __builtin_clzl(v - 1));
}

#endif

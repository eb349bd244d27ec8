/* SPDX-License-Identifier: MIT */
/* Compiler annotations the driver is written with, kernel spelling. */
#ifndef _RD_LINUX_COMPILER_H
#define _RD_LINUX_COMPILER_H

#ifdef __CHECKER__
#define __bitwise	__attribute__((bitwise))
#define __force		__attribute__((force))
#define __rcu		__attribute__((noderef, address_space(__rcu)))
#define __iomem		__attribute__((noderef, address_space(__iomem)))
#else
#define __bitwise
#define __force
#define __rcu
#define __iomem
#endif

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#undef __always_inline	/* glibc's sys/cdefs.h has one too */
#define __always_inline	inline __attribute__((__always_inline__))
#define noinline	__attribute__((__noinline__))
#define __cold		__attribute__((__cold__))
#define __aligned(x)	__attribute__((__aligned__(x)))
#define __packed	__attribute__((__packed__))
#define __maybe_unused	__attribute__((__unused__))
#define __must_check	__attribute__((__warn_unused_result__))
#define __visible	__attribute__((__visibility__("default")))

#define barrier()	__asm__ __volatile__("" : : : "memory")

/* x86-64 is strongly ordered: the kernel's smp barriers are compiler barriers there. */
#define smp_wmb()	barrier()
#define smp_rmb()	barrier()
#define dma_wmb()	barrier()
#define dma_rmb()	barrier()
#define wmb()		__asm__ __volatile__("sfence" : : : "memory")

#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)	do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)

#endif

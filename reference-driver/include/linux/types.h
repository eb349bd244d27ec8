/* SPDX-License-Identifier: MIT */
/* Kernel integer and endian types for the userspace model (no libc). */
#ifndef _RD_LINUX_TYPES_H
#define _RD_LINUX_TYPES_H

#include <linux/compiler.h>

typedef __UINT8_TYPE__ u8;
typedef __UINT16_TYPE__ u16;
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;
typedef __INT8_TYPE__ s8;
typedef __INT16_TYPE__ s16;
typedef __INT32_TYPE__ s32;
typedef __INT64_TYPE__ s64;

/* Wire-order types are distinct to sparse: mixing them with CPU order is a warning. */
typedef u16 __bitwise __be16;
typedef u32 __bitwise __be32;
typedef u64 __bitwise __be64;
typedef u16 __bitwise __le16;
typedef u32 __bitwise __le32;
typedef u16 __bitwise __sum16;
typedef u32 __bitwise __wsum;

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ssize_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef u64 dma_addr_t;
typedef unsigned int gfp_t;

#ifndef __cplusplus
typedef _Bool bool;
#define true 1
#define false 0
#endif

#ifndef NULL
#define NULL ((void *)0)
#endif

typedef struct {
	int counter;
} atomic_t;

typedef struct {
	long counter;
} atomic_long_t;

#define GFP_KERNEL 0u
#define GFP_ATOMIC 1u

#endif

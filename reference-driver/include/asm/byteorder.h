/* SPDX-License-Identifier: MIT */
/* x86-64 is little endian: wire order is a byte swap away. */
#ifndef _RD_ASM_BYTEORDER_H
#define _RD_ASM_BYTEORDER_H

#include <linux/types.h>

#define cpu_to_be16(x)	((__force __be16)__builtin_bswap16(x))
#define cpu_to_be32(x)	((__force __be32)__builtin_bswap32(x))
#define cpu_to_be64(x)	((__force __be64)__builtin_bswap64(x))
#define be16_to_cpu(x)	__builtin_bswap16((__force u16)(__be16)(x))
#define be32_to_cpu(x)	__builtin_bswap32((__force u32)(__be32)(x))
#define be64_to_cpu(x)	__builtin_bswap64((__force u64)(__be64)(x))
#define htons(x)	cpu_to_be16(x)
#define ntohs(x)	be16_to_cpu(x)

#endif

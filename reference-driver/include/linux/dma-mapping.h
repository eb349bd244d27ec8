/* SPDX-License-Identifier: MIT */
/*
 * DMA model: identity IOMMU (bus address == virtual address) on a cache-coherent
 * platform, so syncs are no-ops, as they are on x86-64 without swiotlb bouncing.
 */
#ifndef _RD_LINUX_DMA_MAPPING_H
#define _RD_LINUX_DMA_MAPPING_H

#include <linux/types.h>
#include <linux/compiler.h>

struct device {
	const char *name;
};

enum dma_data_direction {
	DMA_BIDIRECTIONAL = 0,
	DMA_TO_DEVICE = 1,
	DMA_FROM_DEVICE = 2,
};

static inline void dma_sync_single_for_cpu(struct device *dev, dma_addr_t addr,
					   size_t size, enum dma_data_direction dir)
{
	barrier();
}

static inline void dma_sync_single_for_device(struct device *dev, dma_addr_t addr,
					      size_t size, enum dma_data_direction dir)
{
	barrier();
}

static inline void dma_sync_single_range_for_cpu(struct device *dev, dma_addr_t addr,
						 unsigned long off, size_t size,
						 enum dma_data_direction dir)
{
	barrier();
}

#endif

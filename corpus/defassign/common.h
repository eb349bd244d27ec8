/* SPDX-License-Identifier: GPL-2.0-only */
/* What the definite-assignment cases share: a small descriptor and its ring. */
#ifndef DA_COMMON_H
#define DA_COMMON_H

#include <stddef.h>

struct da_desc {
	void *data;
	unsigned int len;
	unsigned int flags;
	unsigned short tag;
};

struct da_ring {
	struct da_desc saved;
	unsigned int count;
	void *slot[8];
};

void da_consume(const void *p, unsigned int n);
void da_opaque(struct da_desc *d);	/* no body anywhere: zerotax cannot see into it */

#define da_container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#endif /* DA_COMMON_H */

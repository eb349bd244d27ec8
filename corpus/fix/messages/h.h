/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The owner is written on one line, as small drivers and generated code
 * write structs: the member goes in before its '}'.
 */
#ifndef CORPUS_MESSAGES_H
#define CORPUS_MESSAGES_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct { int weight; };
struct m_ring { unsigned int index; unsigned int seen; void *desc; };
struct m_vector { struct napi_struct napi; struct m_ring ring; };

struct m_desc {
	unsigned long addr;
	unsigned long len;
	unsigned long csum;
	unsigned long vlan;
	unsigned long mark;
	unsigned long stamp;
	unsigned long queue;
	unsigned long cookie;
};

void m_record(struct m_ring *ring, const char *what, unsigned long v);
int m_poll(struct napi_struct *napi, int budget);
int netif_napi_add(struct napi_struct *napi, int (*poll)(struct napi_struct *, int));

static inline void m_put(struct m_desc **d)
{
	(void)d;
}

/* a local made by a macro, as DECLARE_BITMAP() makes one */
#define DECLARE_DESC(n) struct m_desc n

#endif

/* written for the zerotax tests: the shape of the kernel's group markers */
#ifndef TEST_CACHE_H
#define TEST_CACHE_H
#include <stddef.h>
#include <assert.h>
#define ____cacheline_aligned __attribute__((__aligned__(64)))
#define __cacheline_group_begin(G) unsigned char __cacheline_group_begin__##G[0]
#define __cacheline_group_end(G) unsigned char __cacheline_group_end__##G[0]
#define offsetofend(T, M) (offsetof(T, M) + sizeof(((T *)0)->M))
#endif

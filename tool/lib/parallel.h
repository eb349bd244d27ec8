/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef ZT_PARALLEL_H
#define ZT_PARALLEL_H

#include <stddef.h>

/*
 * Run fn(i, arg) for i in [0, n) on @jobs threads (here, when @jobs is 1 or
 * no thread can start); fn must not share mutable state.
 */
int zt_parallel_for(size_t n, int jobs, void (*fn)(size_t i, void *arg), void *arg);

#endif /* ZT_PARALLEL_H */

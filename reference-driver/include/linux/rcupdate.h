/* SPDX-License-Identifier: MIT */
/*
 * RCU pointer accessors. The model has one NAPI context per RQ and swaps programs
 * only while the channel is stopped, so there are no grace periods to wait for; what
 * matters is that sparse sees every __rcu pointer cross the address space explicitly.
 */
#ifndef _RD_LINUX_RCUPDATE_H
#define _RD_LINUX_RCUPDATE_H

#include <linux/compiler.h>

#define rcu_dereference(p)	((__typeof__(*(p)) __force *)READ_ONCE(p))
#define rcu_access_pointer(p)	((__typeof__(*(p)) __force *)READ_ONCE(p))
#define rcu_dereference_protected(p, c)	((__typeof__(*(p)) __force *)(p))
#define rcu_assign_pointer(p, v) \
	do { smp_wmb(); WRITE_ONCE(p, (__typeof__(*(p)) __force __rcu *)(v)); } while (0)
#define RCU_INIT_POINTER(p, v)	WRITE_ONCE(p, (__typeof__(*(p)) __force __rcu *)(v))

static inline void rcu_read_lock(void) { barrier(); }
static inline void rcu_read_unlock(void) { barrier(); }

#endif

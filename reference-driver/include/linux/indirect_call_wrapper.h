/* SPDX-License-Identifier: MIT */
/*
 * Calls through a function pointer that is almost always one of a few known functions
 * compare the pointer first and call directly (cheap without retpolines, and a static
 * call graph sees the direct edges).
 */
#ifndef _RD_LINUX_INDIRECT_CALL_WRAPPER_H
#define _RD_LINUX_INDIRECT_CALL_WRAPPER_H

#include <linux/compiler.h>

#define INDIRECT_CALL_1(f, f1, ...) \
	(likely((f) == (f1)) ? f1(__VA_ARGS__) : (f)(__VA_ARGS__))
#define INDIRECT_CALL_2(f, f2, f1, ...) \
	(likely((f) == (f2)) ? f2(__VA_ARGS__) : INDIRECT_CALL_1(f, f1, __VA_ARGS__))

#define INDIRECT_CALLABLE_SCOPE

#endif

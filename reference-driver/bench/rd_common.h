/* SPDX-License-Identifier: MIT */
/* Loading a variant and pushing traffic through it: shared by rd-trace and rd-bench. */
#ifndef RD_COMMON_H
#define RD_COMMON_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include "rd_ops.h"

struct rd_variant {
	const char *name;
	const char *path;
	void *handle;
	const struct rd_ops *ops;
	unsigned int prefetch_dist;	/* rd-bench: this variant's own, 0 = --prefetch-dist */
};

static inline int rd_variant_load(struct rd_variant *v)
{
	const struct rd_ops *(*get)(void);
	char abs[4096];

	/* a bare file name would send dlopen() searching the library path */
	if (!realpath(v->path, abs)) {
		fprintf(stderr, "rd: cannot find %s\n", v->path);
		return -1;
	}
	/* RTLD_LOCAL + -Bsymbolic: several variants coexist, each bound to its own code */
	v->handle = dlopen(abs, RTLD_NOW | RTLD_LOCAL);
	if (!v->handle) {
		fprintf(stderr, "rd: cannot load %s: %s\n", v->path, dlerror());
		return -1;
	}
	*(void **)&get = dlsym(v->handle, "rd_get_ops");
	if (!get) {
		fprintf(stderr, "rd: %s has no rd_get_ops\n", v->path);
		return -1;
	}
	v->ops = get();
	if (!v->ops || v->ops->abi != RD_OPS_ABI) {
		fprintf(stderr, "rd: %s: ABI mismatch\n", v->path);
		return -1;
	}
	return 0;
}

/*
 * Lets the device write up to @batch packets, then polls until the driver has consumed
 * them. Returns the packets the device wrote (0: it could not, which callers treat as
 * a stall), and adds the poll time to *ns when ns is set.
 */
typedef unsigned long long (*rd_clock_fn)(void);

static inline unsigned int rd_run_batch(const struct rd_ops *ops, void *dev, unsigned int batch,
					rd_clock_fn clk, unsigned long long *ns,
					void (*around)(int start))
{
	unsigned int n = ops->fill(dev, batch);
	unsigned long long t0 = 0;
	int r;

	if (around)
		around(1);
	if (clk)
		t0 = clk();
	do
		r = ops->poll(dev, RD_NAPI_BUDGET);
	while (r == RD_NAPI_BUDGET);
	if (clk)
		*ns += clk() - t0;
	if (around)
		around(0);
	return n;
}

#endif

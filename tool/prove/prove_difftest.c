// SPDX-License-Identifier: GPL-2.0-only
/* prove, step 5: the differential test of every variant against the baseline. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "baseline.h"
#include "cmdline.h"
#include "compdb.h"
#include "emit.h"
#include "fixtree.h"
#include "process.h"
#include "prove.h"
#include "prove_int.h"
#include "strbuf.h"

/*
 * What the differential test runs: every traffic profile and XDP mode of
 * rd-trace, on both RQ types. Names are rd-trace's (DRIVER-CONTRACT.md).
 */
static const char *const trace_profiles[] = {
	"udp64", "udp512", "tcp1500", "udp64-mtu9000", "tcp9000", "mix",
};
static const char *const trace_modes[] = { "none", "pass", "drop", "drop-read", "tx" };
static const char *const trace_rqs[] = { "legacy", "striding" };

/* --- step 5: differential test -------------------------------------------- */

static int trace_one(struct zt_prove *p, const char *so, const char *profile, const char *mode,
		     const char *rq, unsigned int page_size, struct zt_spawn_result *res)
{
	char *packets = xasprintf("%lu", p->o->trace_packets);
	char *psz = xasprintf("%u", page_size);
	/* --check: rd-trace also fails when a packet or a page is unaccounted for. */
	char *argv[] = { p->rd_trace, "--so", (char *)so, "--profile", (char *)profile, "--mode",
			 (char *)mode, "--rq", (char *)rq, "--packets", packets, "--page-size",
			 psz, "--check", NULL };
	struct zt_spawn_opts opts = { .timeout_ms = TIMEOUT_TRACE_MS };
	int ret = zt_prove_spawn(p, argv, &opts, res, 0);

	free(packets);
	free(psz);
	return ret;
}

/*
 * A patch of the buffer-placement class may change how many pages the RQ
 * uses: rd-trace's "pool " line. Everything else (every skb, every
 * transmitted frame, the counters, the page check) must stay identical.
 */
static char *strip_pool_lines(const char *t, size_t len, size_t *out_len, char **pool)
{
	char *out = xmalloc(len + 1), *o = out;
	const char *end = t + len;

	*pool = NULL;
	while (t < end) {
		const char *nl = memchr(t, '\n', end - t);
		size_t n = nl ? (size_t)(nl - t) + 1 : (size_t)(end - t);

		if (n >= 5 && !memcmp(t, "pool ", 5)) {
			if (!*pool)
				*pool = xstrndup(t, nl ? n - 1 : n);
		} else {
			memcpy(o, t, n);
			o += n;
		}
		t += n;
	}
	*o = '\0';
	*out_len = o - out;
	return out;
}

/* The traces' difference under the run's behaviour class; NULL: none. */
static char *class_diff(struct zt_prove *p, const struct zt_spawn_result *rb,
			const struct zt_spawn_result *rx, char **placement)
{
	char *a, *b, *pa, *pb, *diff;
	size_t la, lb;

	*placement = NULL;
	if (!p->placement)
		return zt_trace_first_diff(rb->out, rb->out_len, rx->out, rx->out_len);
	a = strip_pool_lines(rb->out, rb->out_len, &la, &pa);
	b = strip_pool_lines(rx->out, rx->out_len, &lb, &pb);
	diff = zt_trace_first_diff(a, la, b, lb);
	if (pa && pb && strcmp(pa, pb))
		*placement = xasprintf("baseline '%s' vs patched '%s'", pa, pb);
	free(a);
	free(b);
	free(pa);
	free(pb);
	return diff;
}

/* One case: the same traffic through the baseline and a rewritten build. */
static int diff_case(struct zt_prove *p, enum zt_tree t, enum zt_autoinit a, const char *cc,
		     const char *base, const char *xf, const char *profile, const char *mode,
		     const char *rq, unsigned int page_size)
{
	char *placement;
	struct zt_spawn_result rb, rx = { 0 };
	struct zt_diff_case *d;
	char *diff;
	int ret;

	ret = trace_one(p, base, profile, mode, rq, page_size, &rb);
	if (!ret)
		ret = trace_one(p, xf, profile, mode, rq, page_size, &rx);
	if (ret)
		goto out;
	diff = class_diff(p, &rb, &rx, &placement);
	ZT_ALLOC_GROW(p->report.diffs, p->report.n_diffs + 1, p->report.alloc_diffs);
	d = &p->report.diffs[p->report.n_diffs++];
	d->compiler = xasprintf("%s %s %s", cc, zt_tree_name(t), zt_autoinit_name(a));
	d->profile = xstrdup(profile);
	d->mode = xstrdup(mode);
	d->rq = xstrdup(rq);
	d->same = !diff;
	d->first_diff = diff;
	d->page_size = page_size;
	d->placement = placement;
	d->lines = 0;
	for (size_t k = 0; k < rb.out_len; k++)
		d->lines += rb.out[k] == '\n';
	if (!rb.out_len)
		ret = zt_prove_fail(p, ZT_PROVE_BROKEN, "rd-trace printed nothing for %s", base);
	else if (diff)
		ret = zt_prove_fail(p, ZT_PROVE_FAILED, "%s (%s, auto-init %s): profile %s, mode %s, "
				"%s RQ, %u-byte pages: traces differ at %s", cc, zt_tree_name(t),
				zt_autoinit_name(a), profile, mode, rq, page_size, diff);
out:
	zt_spawn_result_release(&rb);
	zt_spawn_result_release(&rx);
	return ret;
}

/* Every profile x mode x RQ type of one rewritten build against the baseline. */
static int diff_build(struct zt_prove *p, enum zt_tree t, enum zt_autoinit a, const char *cc,
		      size_t *cases)
{
	char *base = zt_prove_so_path(p, ZT_TREE_BASELINE, a, cc);
	char *xf = zt_prove_so_path(p, t, a, cc);
	int ret = 0;

	for (size_t si = 0; si < p->n_page_sizes && !ret; si++)
		for (size_t pi = 0; pi < ARRAY_SIZE(trace_profiles) && !ret; pi++)
			for (size_t mi = 0; mi < ARRAY_SIZE(trace_modes) && !ret; mi++)
				for (size_t ri = 0; ri < ARRAY_SIZE(trace_rqs) && !ret; ri++) {
					ret = diff_case(p, t, a, cc, base, xf, trace_profiles[pi],
							trace_modes[mi], trace_rqs[ri],
							p->page_sizes[si]);
					(*cases)++;
				}
	free(base);
	free(xf);
	return ret;
}

int zt_prove_step_difftest(struct zt_prove *p)
{
	size_t cases = 0;
	int ret;

	if (access(p->rd_trace, X_OK))
		return zt_prove_unavailable(p, "rd-trace is not built (reference driver, issue 3)");
	ret = zt_prove_each_build(p, ZT_TREE_HOIST, diff_build, &cases);
	if (ret)
		return ret;
	zt_prove_progress(p, "differential test: %zu cases, traces %s", cases,
			  p->placement ? "identical but for page-pool statistics" :
			  "byte-identical");
	return 0;
}

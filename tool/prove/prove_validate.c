// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax prove --model-validation: a benchmark model is trusted when it
 * reproduces what hardware showed. This puts each upstream mlx5e/xsk result
 * (../shared/notes/upstream-changes.md: the published figures, the reference
 * data) next to what the reference driver measured for the same change, in
 * the same direction, from the last runs in BUILD: the check -> fix ->
 * prove run (the per-RQ XDP buffer) and the `prove --patch` runs of
 * reference-driver/patches/. Nothing here is measured; it only reads.
 */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "prove.h"

/* Where a reference figure comes from. */
enum src { SRC_FIX, SRC_PREFETCH, SRC_MULTI, SRC_NONE };

/* What is compared: the patched/baseline ratio of ns/packet, or of the rate. */
enum what { NS, RATE };

struct upstream_row {
	const char *result;
	const char *measure;
	double before, after;	/* upstream figures; change = after/before - 1 */
	const char *unit;
	enum what what;
	enum src src;
	const char *cache, *profile, *mode, *variant;	/* the reference driver's case */
};

static const struct upstream_row rows[] = {
	{ "1 per-RQ XDP buffer, stack zeroing on", "XDP_DROP rate", 24.32, 32.27, "Mpps", RATE,
	  SRC_FIX, NULL, NULL, "drop", "zero" },
	{ "2 look-ahead prefetch, no DDIO", "UDP 512 B rate", 2.52, 3.44, "Mpps", RATE,
	  SRC_PREFETCH, "cold", "udp512", "none", "patched" },
	{ "2 look-ahead prefetch, no DDIO", "UDP 512 B cycles/packet", 1334, 715, "cyc", NS,
	  SRC_PREFETCH, "cold", "udp512", "none", "patched" },
	{ "2 look-ahead prefetch, no DDIO", "XDP_DROP reading, cycles/packet", 409, 280, "cyc",
	  NS, SRC_PREFETCH, "cold", "udp512", "drop-read", "patched" },
	{ "2 look-ahead prefetch, no DDIO", "XDP_TX cycles/packet", 829, 554, "cyc", NS,
	  SRC_PREFETCH, "cold", "udp512", "tx", "patched" },
	{ "2 look-ahead prefetch, no DDIO", "XDP_DROP not reading", 1, 1, "", NS,
	  SRC_PREFETCH, "cold", "udp512", "drop", "patched" },
	{ "2 look-ahead prefetch, with DDIO", "UDP 512 B ns/packet (upstream: not given)", NAN,
	  NAN, "", NS, SRC_PREFETCH, "warm", "udp512", "none", "patched" },
	{ "3 XDP packets per page, legacy RQ, 64K pages", "XDP_DROP rate, MTU 1500", 15.55,
	  18.99, "Mpps", RATE, SRC_MULTI, "warm", "udp64", "drop", "patched" },
	{ "3 XDP packets per page, legacy RQ, 64K pages", "XDP_DROP rate, MTU 9000", 15.53,
	  18.24, "Mpps", RATE, SRC_MULTI, "warm", "udp64-mtu9000", "drop", "patched" },
	{ "4 xsk struct diet (ice, xdpsock l2fwd)", "packets", 1, 1.12, "", RATE, SRC_NONE,
	  NULL, NULL, NULL, NULL },
};

/* The name of the last `prove --patch` run of a patch whose name has @key (its stem). */
static char *patch_stem(const char *build, const char *key)
{
	char *dir = xasprintf("%s/report", build), *stem = NULL;
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && !stem && (e = readdir(d)))
		if (!strncmp(e->d_name, "patch-", 6) && strstr(e->d_name, key))
			stem = xstrdup(e->d_name + 6);
	if (d)
		closedir(d);
	free(dir);
	return stem;
}

/* That run's summary.json (its settings), or NULL. */
static json_t *load_summary(const char *build, const char *stem)
{
	char *path = stem ? xasprintf("%s/report/patch-%s/summary.json", build, stem) : NULL;
	json_t *doc = path ? json_load_file(path, 0, NULL) : NULL;

	free(path);
	return doc;
}

/* The rd-bench JSON of that run for one cache model and profile, or NULL. */
static json_t *load_bench(const char *build, const char *stem, const char *cache,
			  const char *profile)
{
	char *path = stem ? xasprintf("%s/prove-patch/%s/bench-%s-%s.json", build, stem, cache,
				      profile) : NULL;
	json_t *doc = path ? json_load_file(path, 0, NULL) : NULL;

	free(path);
	return doc;
}

static json_t *result_of(json_t *doc, const char *mode, const char *variant)
{
	json_t *res = json_object_get(doc, "results"), *it;
	size_t i;

	json_array_foreach(res, i, it)
		if (!strcmp(json_string_value(json_object_get(it, "mode")) ?: "", mode) &&
		    !strcmp(json_string_value(json_object_get(it, "variant")) ?: "", variant))
			return it;
	return NULL;
}

#define MAX_PROCS 8

/* One comparison, every figure from the same rounds of one rd-bench run. */
struct cmp {
	double base_ns, xf_ns;		/* medians over rounds */
	double q[5];			/* per-round ratio: median, q1, q3, min, max */
	int nproc;
	double proc[MAX_PROCS];		/* per-round ratio's median in each process */
	double others[MAX_PROCS][2];	/* min and max of the rounds of the other processes */
};

/* Rounds @n of @vx against @vb: all (p < 0), process @p's, or (@but) all but @p's. */
static void ratios_of(const double *vx, const double *vb, const int *proc, size_t n, int p,
		      bool but, double q[5])
{
	double *x = xcalloc(n + 1, sizeof(double)), *b = xcalloc(n + 1, sizeof(double));
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (p < 0 || (proc[i] == p) != but) {
			x[k] = vx[i];
			b[k++] = vb[i];
		}
	zt_patch_round_ratios(x, b, k, q);
	free(x);
	free(b);
}

/* @xvar against @bvar in @mode of rd-bench's @doc; false when either is missing. */
static bool bench_cmp(json_t *doc, const char *mode, const char *bvar, const char *xvar,
		      struct cmp *c)
{
	json_t *b = doc ? result_of(doc, mode, bvar) : NULL, *x = doc ? result_of(doc, mode, xvar) : NULL;
	json_t *br = json_object_get(b, "rounds_ns"), *xr = json_object_get(x, "rounds_ns");
	json_t *pr = json_object_get(doc, "rounds_process");
	size_t n = json_array_size(br);
	double *vb, *vx, q[5];
	int *proc;

	if (!b || !x || !n || json_array_size(xr) != n)
		return false;
	vb = xcalloc(n, sizeof(double));
	vx = xcalloc(n, sizeof(double));
	proc = xcalloc(n, sizeof(int));
	c->nproc = 1;
	for (size_t i = 0; i < n; i++) {
		vb[i] = json_number_value(json_array_get(br, i));
		vx[i] = json_number_value(json_array_get(xr, i));
		/* rd-bench before --processes: one process */
		proc[i] = json_array_size(pr) == n ?
			  (int)json_integer_value(json_array_get(pr, i)) - 1 : 0;
		if (proc[i] < 0 || proc[i] >= MAX_PROCS)
			proc[i] = 0;
		if (proc[i] + 1 > c->nproc)
			c->nproc = proc[i] + 1;
	}
	ratios_of(vx, vb, proc, n, -1, false, c->q);
	for (int p = 0; p < c->nproc; p++) {
		ratios_of(vx, vb, proc, n, p, false, q);
		c->proc[p] = q[0];
		ratios_of(vx, vb, proc, n, p, true, q);
		c->others[p][0] = q[3];
		c->others[p][1] = q[4];
	}
	c->base_ns = json_number_value(json_object_get(json_object_get(b, "ns_per_packet"),
						       "median"));
	c->xf_ns = json_number_value(json_object_get(json_object_get(x, "ns_per_packet"),
						     "median"));
	free(vb);
	free(vx);
	free(proc);
	return true;
}

/* The rd-bench JSON a row's figures come from (the run's documents, by source). */
struct runs {
	json_t *fix, *pf_cold, *pf_warm, *mp[2], *pf_sum, *mp_sum;
	/* per run (fix, pf_cold, pf_warm, mp[0], mp[1]): the narrowest IQR of its rows */
	double spread[5];
};

static int run_index(const struct runs *rs, json_t *doc)
{
	json_t *all[5] = { rs->fix, rs->pf_cold, rs->pf_warm, rs->mp[0], rs->mp[1] };

	for (int i = 0; i < 5; i++)
		if (doc && all[i] == doc)
			return i;
	return -1;
}

/* A row's per-round ratio IQR (q3 - q1) narrows its run's spread. */
static void note_spread(struct runs *rs, json_t *doc, const struct cmp *c)
{
	int i = run_index(rs, doc);

	if (i >= 0 && (rs->spread[i] <= 0 || c->q[2] - c->q[1] < rs->spread[i]))
		rs->spread[i] = c->q[2] - c->q[1];
}

static json_t *row_doc(const struct runs *rs, const struct upstream_row *r)
{
	if (r->src == SRC_FIX)
		return rs->fix;
	if (r->src == SRC_PREFETCH)
		return !strcmp(r->cache, "cold") ? rs->pf_cold : rs->pf_warm;
	if (r->src == SRC_MULTI)
		return rs->mp[strcmp(r->profile, "udp64") != 0];
	return NULL;
}

/* A change as the row measures it: ns/packet ratio - 1, or rate ratio - 1. */
static double change(const struct upstream_row *r, double ratio)
{
	return r->what == NS ? ratio - 1 : 1 / ratio - 1;
}

/*
 * Per-process changes, and which process (1-based) is off: its median beyond every
 * round of the other processes (placement moves a process's figures by a few percent,
 * which is the model's noise and widens the IQR; a variant slow for a whole process,
 * as in issue 29's row 1 at 0.45, is beyond that).
 */
static int procs_text(const struct upstream_row *r, const struct cmp *c, char *out, size_t len)
{
	int odd = 0;
	size_t used;

	snprintf(out, len, "%s", c->nproc > 1 ? "; processes " : "");
	for (int p = 0; c->nproc > 1 && p < c->nproc; p++) {
		used = strlen(out);
		snprintf(out + used, len - used, "%s%+.1f%%", p ? ", " : "",
			 change(r, c->proc[p]) * 100);
		if (!odd && (c->proc[p] < c->others[p][0] || c->proc[p] > c->others[p][1]))
			odd = p + 1;
	}
	return odd;
}

/* What the rows found: disturbed rows, rows with a process apart from the others. */
struct tally {
	int disturbed, apart;
};

/*
 * Prints one row. Disturbed: the change of the medians (of ns/packet over rounds, the
 * rates shown) lies outside the IQR of the per-round change by more than the IQR's
 * width (rounds of one variant slow where the other's were not). Apart: one process's
 * median is beyond every round of the others (that process placed a variant slow or
 * fast for its whole life, issue 29's row 1 at 0.45); the median over all rounds holds.
 */
static void print_row(FILE *f, const struct upstream_row *r, struct runs *rs,
		      struct tally *t)
{
	double up = r->after / r->before - 1, ref, lo, hi, med;
	char upstream[64], refs[320], ratio[48], procs[96], *bv = NULL, *xv = NULL;
	struct cmp c;
	bool ok = false, disagree;
	int odd;

	if (isnan(r->before))
		snprintf(upstream, sizeof(upstream), "-");
	else if (r->before == r->after)
		snprintf(upstream, sizeof(upstream), "unchanged");
	else
		snprintf(upstream, sizeof(upstream), "%g → %g %s (%+.1f%%)", r->before, r->after,
			 r->unit, up * 100);
	if (r->src == SRC_FIX) {
		bv = xasprintf("%s-%s", ZT_SRC_BASELINE, r->variant);
		xv = xasprintf("%s-%s", ZT_SRC_HOIST, r->variant);
	} else if (r->src != SRC_NONE) {
		bv = xstrdup("baseline");
		xv = xstrdup(r->variant);
	}
	if (bv)
		ok = bench_cmp(row_doc(rs, r), r->mode, bv, xv, &c);
	if (ok)
		note_spread(rs, row_doc(rs, r), &c);
	free(bv);
	free(xv);
	if (!ok) {
		fprintf(f, "| %s | %s | %s | %s | - |\n", r->result, r->measure, upstream,
			r->src == SRC_NONE ? "not run by make demo: the cache-line side only "
			"(`cmake --build build --target bench-layout`, docs/layout-bench.md)" :
			"no run found in BUILD");
		return;
	}
	ref = change(r, c.q[0]);
	/* IQR of the change: for a rate the quartiles swap */
	lo = change(r, r->what == NS ? c.q[1] : c.q[2]);
	hi = change(r, r->what == NS ? c.q[2] : c.q[1]);
	/* the change the shown medians give, by the same statistic as the figures */
	med = change(r, c.xf_ns / c.base_ns);
	disagree = med < lo - (hi - lo) || med > hi + (hi - lo);
	odd = procs_text(r, &c, procs, sizeof(procs));
	if (r->what == RATE)
		snprintf(refs, sizeof(refs), "%.2f → %.2f Mpps (%+.1f%%); per round %+.1f%% "
			 "[%+.1f..%+.1f]%s", 1000 / c.base_ns, 1000 / c.xf_ns, med * 100,
			 ref * 100, lo * 100, hi * 100, procs);
	else
		snprintf(refs, sizeof(refs), "%.1f → %.1f ns (%+.1f%%); per round %+.1f%% "
			 "[%+.1f..%+.1f]%s", c.base_ns, c.xf_ns, med * 100, ref * 100, lo * 100,
			 hi * 100, procs);
	if (disagree)
		snprintf(refs + strlen(refs), sizeof(refs) - strlen(refs),
			 " (medians and rounds disagree: disturbed)");
	if (odd)
		snprintf(refs + strlen(refs), sizeof(refs) - strlen(refs),
			 " (process %d apart from the others: placement)", odd);
	if (isnan(up) || r->before == r->after)
		snprintf(ratio, sizeof(ratio), "%s", lo <= 0 && hi >= 0 ? "0 in IQR" :
			 r->src == SRC_PREFETCH && !strcmp(r->mode, "drop") ?
			 "0 not in IQR: a cost, next row" : "0 not in IQR");
	else
		snprintf(ratio, sizeof(ratio), "%.2f", ref / up);
	fprintf(f, "| %s | %s | %s | %s | %s |\n", r->result, r->measure, upstream, refs, ratio);
	t->disturbed += disagree;
	t->apart += odd > 0;
}

/*
 * XDP_DROP without reading pays the look-ahead's instructions and prefetches and gains
 * nothing: what that costs, measured in the same process against the same build at a
 * distance beyond the WQE (its test runs, its body never), in ns and in cycles of the
 * clock rd-bench measured, against upstream's packets (280-409 cycles) and noise
 * (their distances 4, 6, 8 were within 3% of each other).
 */
static void print_cost_row(FILE *f, struct runs *rs, struct tally *t)
{
	struct cmp c;
	double clk = NAN, lo, hi, ns, cyc;
	char procs[96];
	int odd;
	const struct upstream_row r = { .what = NS };

	if (!bench_cmp(rs->pf_cold, "drop", "patched-d64", "patched", &c))
		return;
	clk = json_number_value(json_object_get(json_object_get(
		json_object_get(rs->pf_cold, "calibration"), "clock_ns"), "median"));
	lo = c.q[1] - 1;
	hi = c.q[2] - 1;
	odd = procs_text(&r, &c, procs, sizeof(procs));
	/* the cost per packet, from the look-ahead-off variant's median */
	ns = (c.q[0] - 1) * c.xf_ns / c.q[0];
	cyc = clk > 0 ? ns / clk : NAN;
	fprintf(f, "| 2 look-ahead prefetch, no DDIO | XDP_DROP not reading: the look-ahead's "
		   "own cost (patched against itself at distance 64, beyond the WQE: the test "
		   "runs, the body never) | inside upstream's noise (distances within 3%%) | "
		   "%+.1f%% [%+.1f..%+.1f]%s%s | %+.2f ns = %+.1f cycles at %.2f GHz: %.1f%%..%.1f%% "
		   "of upstream's 409..280-cycle packets |\n", (c.q[0] - 1) * 100, lo * 100,
		hi * 100, procs, odd ? " (a process apart from the others: placement)" : "", ns, cyc,
		clk > 0 ? 1 / clk : NAN, cyc / 409 * 100, cyc / 280 * 100);
	t->apart += odd > 0;
}

static const char *jstr(json_t *o, const char *k)
{
	return json_string_value(json_object_get(o, k)) ?: "?";
}

static double jmed(json_t *calib, const char *k)
{
	json_t *v = json_object_get(json_object_get(calib, k), "median");

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/*
 * The CPU the runs were on, and what the cold model measured there: the table of
 * another machine is only comparable with both.
 */
static void print_host(FILE *f, json_t *host, json_t *calib)
{
	double first, dram;

	if (host)
		fprintf(f, "Machine: %s, %s (family %lld, model %lld), L2 %s, L3 %s\n",
			jstr(host, "vendor"), jstr(host, "model"),
			(long long)json_integer_value(json_object_get(host, "family")),
			(long long)json_integer_value(json_object_get(host, "model_no")),
			jstr(host, "l2"), jstr(host, "l3"));
	if (!calib)
		return;
	first = jmed(calib, "first_touch_ns");
	dram = jmed(calib, "random_ns");
	fprintf(f, "Cold model (no DDIO), measured before the prefetch run's rounds (ns per "
		   "line of dependent loads of the lines the device wrote, median of %lld): first "
		   "touch in the driver's order %.1f, random order (DRAM) %.1f, one page apart "
		   "%.1f, warm %.1f; clock %.3f ns per dependent add (%.2f GHz): %s\n",
		(long long)json_integer_value(json_object_get(calib, "times")), first, dram,
		jmed(calib, "stride_ns"), jmed(calib, "warm_ns"), jmed(calib, "clock_ns"),
		1 / jmed(calib, "clock_ns"),
		first >= 0.75 * dram ? "the driver's first touch waits for DRAM, as without DDIO" :
		"NOT a DRAM miss (something brings the lines early): the cold rows do not model "
		"a NIC without DDIO on this machine");
}

/*
 * The host before and after each run's rounds (rd-bench measures both in every
 * process, and names what moved beyond its own samples); returns 1 when that moved by
 * more than the narrowest per-round IQR of the run's rows (@spread): a change of the
 * machine as large as what the rows resolve.
 */
static int print_drift(FILE *f, const char *what, json_t *doc, double spread)
{
	json_t *b = json_object_get(doc, "calibration");
	json_t *a = json_object_get(doc, "calibration_after");
	const char *drift = json_string_value(json_object_get(doc, "host_drift"));
	double max = json_number_value(json_object_get(doc, "host_drift_max"));
	bool big;

	if (!doc)
		return 0;
	if (!a) {
		fprintf(f, "  %s: not measured after its rounds (rd-bench before issue 29)\n", what);
		return 0;
	}
	/* rd-bench before host_drift_max: the largest "(+x%)" it named */
	for (const char *c = drift; !json_is_number(json_object_get(doc, "host_drift_max")) &&
	     c && (c = strstr(c, " ns (")); c += 5)
		if (fabs(atof(c + 5)) / 100 > max)
			max = fabs(atof(c + 5)) / 100;
	big = drift && *drift && (spread <= 0 || max > spread);
	fprintf(f, "  %s (%lld process%s): clock %.3f → %.3f ns/add, DRAM %.1f → %.1f ns, "
		   "warm line %.2f → %.2f ns: %s%s%s", what,
		(long long)json_integer_value(json_object_get(doc, "processes")),
		json_integer_value(json_object_get(doc, "processes")) > 1 ? "es" : "",
		jmed(b, "clock_ns"), jmed(a, "clock_ns"), jmed(b, "random_ns"),
		jmed(a, "random_ns"), jmed(b, "warm_ns"), jmed(a, "warm_ns"),
		!drift || !*drift ? "steady" : big ? "DRIFTED, " : "moved, ",
		drift && *drift ? drift : "", drift && *drift ? "" : "\n");
	if (drift && *drift)
		fprintf(f, " (at most %.1f%%, %s the rows' narrowest IQR of %.1f points)\n",
			max * 100, big ? "more than" : "within", spread * 100);
	return big ? 1 : 0;
}

/* Look-ahead distances of the prefetch run, against the baseline, per mode. */
static void print_distances(FILE *f, json_t *pf)
{
	json_t *res = json_object_get(pf, "results"), *it;
	size_t i;
	bool any = false;

	json_array_foreach(res, i, it) {
		const char *v = json_string_value(json_object_get(it, "variant")) ?: "";
		const char *m = json_string_value(json_object_get(it, "mode")) ?: "";
		struct cmp c;

		if (strncmp(v, "patched-d", 9) || !bench_cmp(pf, m, "baseline", v, &c))
			continue;
		if (!any)
			fprintf(f, "\nLook-ahead distances (prefetch patch, cold, change in ns/packet "
				   "against the baseline per round; upstream: 4, 6, 8 within 3%%; 64 "
				   "is beyond the WQE's 32 strides, the look-ahead off):\n");
		any = true;
		fprintf(f, "  %-10s distance %-3s %+.1f%% [%+.1f..%+.1f]\n", m, v + 9,
			(c.q[0] - 1) * 100, (c.q[1] - 1) * 100, (c.q[2] - 1) * 100);
	}
}

/* What each patch run measured: its build and rounds, so a row can be read right. */
static void print_run(FILE *f, const char *what, json_t *doc)
{
	json_t *set = json_object_get(doc, "settings");

	if (!doc)
		return;
	fprintf(f, "  %s: %s, auto-init %s, %s cache, %s RQ, %s-byte pages, %lld rounds\n", what,
		json_string_value(json_object_get(doc, "compiler")) ?: "?",
		json_string_value(json_object_get(set, "auto-init")) ?: "?",
		json_string_value(json_object_get(set, "cache")) ?: "?",
		json_string_value(json_object_get(set, "rq")) ?: "?",
		json_string_value(json_object_get(set, "page-size")) ?: "?",
		(long long)json_integer_value(json_object_get(doc, "rounds")));
}

static void runs_load(struct runs *rs, const char *build)
{
	char *pf = patch_stem(build, "prefetch"), *mp = patch_stem(build, "per-page");
	char *fix = xasprintf("%s/prove/bench-gcc-12.json", build);

	rs->fix = json_load_file(fix, 0, NULL);
	rs->pf_cold = load_bench(build, pf, "cold", "udp512");
	rs->pf_warm = load_bench(build, pf, "warm", "udp512");
	rs->mp[0] = load_bench(build, mp, "warm", "udp64");
	rs->mp[1] = load_bench(build, mp, "warm", "udp64-mtu9000");
	rs->pf_sum = load_summary(build, pf);
	rs->mp_sum = load_summary(build, mp);
	free(pf);
	free(mp);
	free(fix);
}

static void runs_free(struct runs *rs)
{
	json_decref(rs->fix);
	json_decref(rs->pf_cold);
	json_decref(rs->pf_warm);
	json_decref(rs->mp[0]);
	json_decref(rs->mp[1]);
	json_decref(rs->pf_sum);
	json_decref(rs->mp_sum);
}

/* After the table: the host before and after every run, and what to make of it. */
static void print_notes(FILE *f, const struct runs *rs, const struct tally *t)
{
	int drift = 0;

	fprintf(f, "\nHost before → after the rounds of each run (median over its processes):\n");
	drift += print_drift(f, "fix run (row 1)", rs->fix, rs->spread[0]);
	drift += print_drift(f, "look-ahead, cold (rows 2)", rs->pf_cold, rs->spread[1]);
	drift += print_drift(f, "look-ahead, warm", rs->pf_warm, rs->spread[2]);
	drift += print_drift(f, "packets per page, MTU 1500", rs->mp[0], rs->spread[3]);
	drift += print_drift(f, "packets per page, MTU 9000", rs->mp[1], rs->spread[4]);
	if (t->disturbed || drift)
		fprintf(f, "\nThe run was disturbed: %d row(s) whose medians and per-round change "
			   "disagree by more than the rounds' IQR, %d run(s) whose host drifted "
			   "between before and after by more than the IQR of its rows. Read the "
			   "per-round change, or run again on a quieter machine.\n",
			t->disturbed, drift);
	else
		fprintf(f, "\nNot disturbed: no row's medians and per-round change disagreed, and "
			   "no run's host drifted between before and after by more than the IQR "
			   "of its rows.\n");
	if (t->apart)
		fprintf(f, "%d row(s) had a process apart from the others: where a process put a "
			   "variant's code and memory moves its cost for that process's life (the "
			   "model's placement noise, docs/reference-driver.md), and the processes "
			   "run one after the other, so a load that changed between them shows "
			   "the same way; the figure over all processes holds, the IQR includes "
			   "it.\n", t->apart);
	if (rs->pf_sum || rs->mp_sum)
		fprintf(f, "\nRuns behind rows 2 and 3:\n");
	print_run(f, "look-ahead prefetch", rs->pf_sum);
	print_run(f, "packets per page", rs->mp_sum);
	if (rs->pf_cold)
		print_distances(f, rs->pf_cold);
}

int zt_prove_model_validation(struct zt_ctx *ctx, const char *build)
{
	struct runs rs = { 0 };
	struct tally t = { 0 };
	json_t *host;
	FILE *f = ctx->out;

	runs_load(&rs, build);
	host = json_object_get(rs.pf_cold, "host") ?: json_object_get(rs.fix, "host");
	fprintf(f, "\nModel validation: upstream results against the reference driver "
		   "(gcc-12; variants interleaved round by round, the rounds split over fresh "
		   "processes; the reference driver's figures are medians over rounds, with the "
		   "change they give, then the median of per-round ratios with its IQR and each "
		   "process's median; ns/packet stands in for cycles/packet; ratio = per-round "
		   "change / upstream change, 1.00 = the same relative change)\n\n");
	print_host(f, host, json_object_get(rs.pf_cold, "calibration"));
	fputc('\n', f);
	fprintf(f, "| upstream result | measure | upstream | reference driver | ratio |\n"
		   "|---|---|---|---|---|\n");
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++) {
		print_row(f, &rows[i], &rs, &t);
		if (rows[i].src == SRC_PREFETCH && !strcmp(rows[i].mode, "drop"))
			print_cost_row(f, &rs, &t);
	}
	print_notes(f, &rs, &t);
	fflush(f);
	runs_free(&rs);
	return 0;
}

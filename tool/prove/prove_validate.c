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

/* The summary.json of the last `prove --patch` run of a patch whose name has @key. */
static json_t *load_summary(const char *build, const char *key)
{
	char *dir = xasprintf("%s/report", build);
	DIR *d = opendir(dir);
	struct dirent *e;
	json_t *doc = NULL;

	while (d && !doc && (e = readdir(d))) {
		char *path;

		if (strncmp(e->d_name, "patch-", 6) || !strstr(e->d_name, key))
			continue;
		path = xasprintf("%s/%s/summary.json", dir, e->d_name);
		doc = json_load_file(path, 0, NULL);
		free(path);
	}
	if (d)
		closedir(d);
	free(dir);
	return doc;
}

/* Patched and baseline ns/packet and the per-round ratio for one case of a summary. */
static bool summary_case(json_t *doc, const struct upstream_row *r, double *base_ns,
			 double *xf_ns, double q[5])
{
	json_t *res = json_object_get(doc, "results"), *it;
	bool found = false;
	size_t i;

	*base_ns = NAN;
	json_array_foreach(res, i, it) {
		const char *c = json_string_value(json_object_get(it, "cache"));
		const char *pf = json_string_value(json_object_get(it, "profile"));
		const char *m = json_string_value(json_object_get(it, "mode"));
		const char *v = json_string_value(json_object_get(it, "variant"));

		if (!c || !pf || !m || !v || strcmp(c, r->cache) || strcmp(pf, r->profile) ||
		    strcmp(m, r->mode))
			continue;
		if (!strcmp(v, "baseline"))
			*base_ns = json_number_value(json_object_get(it, "ns"));
		if (strcmp(v, r->variant))
			continue;
		*xf_ns = json_number_value(json_object_get(it, "ns"));
		q[0] = json_number_value(json_object_get(it, "ratio"));
		q[1] = json_number_value(json_object_get(it, "ratio_q1"));
		q[2] = json_number_value(json_object_get(it, "ratio_q3"));
		q[3] = json_number_value(json_object_get(it, "ratio_min"));
		q[4] = json_number_value(json_object_get(it, "ratio_max"));
		found = true;
	}
	return found && !isnan(*base_ns);
}

static json_t *rounds_of(json_t *doc, const char *mode, const char *variant)
{
	json_t *res = json_object_get(doc, "results"), *it;
	size_t i;

	json_array_foreach(res, i, it)
		if (!strcmp(json_string_value(json_object_get(it, "mode")) ?: "", mode) &&
		    !strcmp(json_string_value(json_object_get(it, "variant")) ?: "", variant))
			return it;
	return NULL;
}

/* The fix run: baseline-<ai> against transformed-<ai>, from prove's bench JSON. */
static bool fix_case(const char *build, const struct upstream_row *r, double *base_ns,
		     double *xf_ns, double q[5])
{
	char *path = xasprintf("%s/prove/bench-gcc-12.json", build);
	char *bv = xasprintf("%s-%s", ZT_SRC_BASELINE, r->variant);
	char *xv = xasprintf("%s-%s", ZT_SRC_HOIST, r->variant);
	json_t *doc = json_load_file(path, 0, NULL), *b, *x, *br, *xr;
	bool ok = false;

	b = doc ? rounds_of(doc, r->mode, bv) : NULL;
	x = doc ? rounds_of(doc, r->mode, xv) : NULL;
	if (b && x) {
		size_t n = json_array_size(json_object_get(b, "rounds_ns"));
		double *vb = xcalloc(n + 1, sizeof(double)), *vx = xcalloc(n + 1, sizeof(double));

		br = json_object_get(b, "rounds_ns");
		xr = json_object_get(x, "rounds_ns");
		for (size_t i = 0; i < n; i++) {
			vb[i] = json_number_value(json_array_get(br, i));
			vx[i] = json_number_value(json_array_get(xr, i));
		}
		zt_patch_round_ratios(vx, vb, n, q);
		*base_ns = json_number_value(json_object_get(json_object_get(b, "ns_per_packet"),
							     "median"));
		*xf_ns = json_number_value(json_object_get(json_object_get(x, "ns_per_packet"),
							   "median"));
		ok = n > 0;
		free(vb);
		free(vx);
	}
	json_decref(doc);
	free(path);
	free(bv);
	free(xv);
	return ok;
}

/* A change as the row measures it: ns/packet ratio - 1, or rate ratio - 1. */
static double change(const struct upstream_row *r, double ratio)
{
	return r->what == NS ? ratio - 1 : 1 / ratio - 1;
}

/*
 * Prints one row; returns true when its two statistics disagree: the change of the
 * medians (of ns/packet over rounds, the rates shown) lies outside the IQR of the
 * per-round change by more than the IQR's width, which only a run whose load changed
 * while it ran gives (rounds of one variant were slow where the other's were not).
 */
static bool print_row(FILE *f, const struct upstream_row *r, json_t *pf, json_t *mp,
		      const char *build)
{
	double base_ns, xf_ns, q[5], up = r->after / r->before - 1, ref, lo, hi, med;
	char upstream[64], refs[192], ratio[32];
	bool ok = false, disturbed;

	if (isnan(r->before))
		snprintf(upstream, sizeof(upstream), "-");
	else if (r->before == r->after)
		snprintf(upstream, sizeof(upstream), "unchanged");
	else
		snprintf(upstream, sizeof(upstream), "%g → %g %s (%+.1f%%)", r->before, r->after,
			 r->unit, up * 100);
	if (r->src == SRC_FIX)
		ok = fix_case(build, r, &base_ns, &xf_ns, q);
	else if (r->src == SRC_PREFETCH && pf)
		ok = summary_case(pf, r, &base_ns, &xf_ns, q);
	else if (r->src == SRC_MULTI && mp)
		ok = summary_case(mp, r, &base_ns, &xf_ns, q);
	if (!ok) {
		fprintf(f, "| %s | %s | %s | %s | - |\n", r->result, r->measure, upstream,
			r->src == SRC_NONE ? "not run by make demo: the cache-line side only "
			"(`cmake --build build --target bench-layout`, docs/layout-bench.md)" :
			"no run found in BUILD");
		return false;
	}
	ref = change(r, q[0]);
	/* IQR of the change: for a rate the quartiles swap */
	lo = change(r, r->what == NS ? q[1] : q[2]);
	hi = change(r, r->what == NS ? q[2] : q[1]);
	/* the change the shown medians give, by the same statistic as the figures */
	med = change(r, xf_ns / base_ns);
	disturbed = med < lo - (hi - lo) || med > hi + (hi - lo);
	if (r->what == RATE)
		snprintf(refs, sizeof(refs), "%.2f → %.2f Mpps (%+.1f%%); per round %+.1f%% "
			 "[%+.1f..%+.1f]%s", 1000 / base_ns, 1000 / xf_ns, med * 100, ref * 100,
			 lo * 100, hi * 100, disturbed ? " (disagree: disturbed)" : "");
	else
		snprintf(refs, sizeof(refs), "%.1f → %.1f ns (%+.1f%%); per round %+.1f%% "
			 "[%+.1f..%+.1f]%s", base_ns, xf_ns, med * 100, ref * 100, lo * 100,
			 hi * 100, disturbed ? " (disagree: disturbed)" : "");
	if (isnan(up) || r->before == r->after)
		snprintf(ratio, sizeof(ratio), "%s", lo <= 0 && hi >= 0 ? "0 in IQR" :
			 "0 not in IQR");
	else
		snprintf(ratio, sizeof(ratio), "%.2f", ref / up);
	fprintf(f, "| %s | %s | %s | %s | %s |\n", r->result, r->measure, upstream, refs, ratio);
	return disturbed;
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
	fprintf(f, "Cold model (no DDIO), measured before the prefetch run (ns per line of "
		   "dependent loads of the lines the device wrote, median of %lld): first touch "
		   "in the driver's order %.1f, random order (DRAM) %.1f, one page apart %.1f, "
		   "warm %.1f: %s\n",
		(long long)json_integer_value(json_object_get(calib, "times")), first, dram,
		jmed(calib, "stride_ns"), jmed(calib, "warm_ns"),
		first >= 0.75 * dram ? "the driver's first touch waits for DRAM, as without DDIO" :
		"NOT a DRAM miss (something brings the lines early): the cold rows do not model "
		"a NIC without DDIO on this machine");
}

/* Look-ahead distances of the prefetch run, against each other. */
static void print_distances(FILE *f, json_t *pf)
{
	json_t *res = json_object_get(pf, "results"), *it;
	size_t i;
	bool any = false;

	json_array_foreach(res, i, it) {
		const char *v = json_string_value(json_object_get(it, "variant")) ?: "";
		const char *m = json_string_value(json_object_get(it, "mode")) ?: "";
		const char *c = json_string_value(json_object_get(it, "cache")) ?: "";

		if (strncmp(v, "patched-d", 9) || strcmp(c, "cold"))
			continue;
		if (!any)
			fprintf(f, "\nLook-ahead distances (prefetch patch, cold, change in ns/packet "
				   "against the baseline per round; upstream: 4, 6, 8 within 3%%):\n");
		any = true;
		fprintf(f, "  %-10s distance %-3s %+.1f%% [%+.1f..%+.1f]\n", m, v + 9,
			(json_number_value(json_object_get(it, "ratio")) - 1) * 100,
			(json_number_value(json_object_get(it, "ratio_q1")) - 1) * 100,
			(json_number_value(json_object_get(it, "ratio_q3")) - 1) * 100);
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

int zt_prove_model_validation(struct zt_ctx *ctx, const char *build)
{
	json_t *pf = load_summary(build, "prefetch"), *mp = load_summary(build, "per-page");
	json_t *host = json_object_get(pf, "host") ?: json_object_get(mp, "host");
	FILE *f = ctx->out;
	int disturbed = 0;

	fprintf(f, "\nModel validation: upstream results against the reference driver "
		   "(gcc-12; variants interleaved in one process; the reference driver's "
		   "figures are medians over rounds, with the change they give, then the "
		   "median of per-round ratios with its IQR; ns/packet stands in for "
		   "cycles/packet; ratio = per-round change / upstream change, 1.00 = the "
		   "same relative change)\n\n");
	print_host(f, host, json_object_get(pf, "calibration"));
	fputc('\n', f);
	fprintf(f, "| upstream result | measure | upstream | reference driver | ratio |\n"
		   "|---|---|---|---|---|\n");
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++)
		disturbed += print_row(f, &rows[i], pf, mp, build);
	if (disturbed)
		fprintf(f, "\n%d row(s) disagree: the change of the medians is outside the per-round "
			   "IQR by more than its width. The run was disturbed (the load changed "
			   "while it ran); read the per-round change, or run again on a quieter "
			   "machine.\n", disturbed);
	if (pf || mp)
		fprintf(f, "\nRuns behind rows 2 and 3:\n");
	print_run(f, "look-ahead prefetch", pf);
	print_run(f, "packets per page", mp);
	if (pf)
		print_distances(f, pf);
	fflush(f);
	json_decref(pf);
	json_decref(mp);
	return 0;
}

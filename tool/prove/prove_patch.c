// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax prove --patch FILE...: a patch series against the reference driver
 * proven the way prove proves fix's rewrite. The series is applied to a copy
 * (the source is never written), both trees are built with every compiler,
 * sparse runs on both, the differential test compares them under the
 * patch's behaviour class, rd-bench measures them side by side, and the
 * report says what changed, with the spread.
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "prove.h"
#include "prove_int.h"
#include "strbuf.h"

#define TIMEOUT_PATCH_MS (60 * 1000)
#define TIMEOUT_BENCH_MS (12 * 60 * 1000)
#define HEADER_TAG "Zerotax-Prove:"

enum { SET_CLASS, SET_PROFILE, SET_RQ, SET_PAGE_SIZE, SET_CACHE, SET_MODES, SET_AUTOINIT,
       SET_DISTS, SET_MAX };

/* Header keys, in enum order, and what a run uses when neither side says. */
static const char *const set_keys[SET_MAX] = {
	"class", "profile", "rq", "page-size", "cache", "modes", "auto-init", "prefetch-dist",
};
static const char *const set_defaults[SET_MAX] = {
	"must-not-change", "udp64", "striding", "4096", "warm", "drop,tx", "zero", "",
};

/* One rd-bench figure: a variant in one mode, cache model and profile. */
struct pb_result {
	char *cache, *profile, *mode, *variant;
	double ns, ns_lo, ns_hi, ir;
	double *rounds;
	size_t n_rounds;
	/* against the baseline of the same round: median, quartiles, range */
	double r_med, r_q1, r_q3, r_lo, r_hi;
};

struct zt_patch_run {
	char *set[SET_MAX];
	char *series;		/* the patches' text, for the report */
	struct pb_result *res;
	size_t n_res, alloc_res;
	char *bench_cc;
	size_t ir_first;	/* the timed results the ir pass belongs to */
	/* rd-bench's "host" (the CPU) and the cold model's "calibration", for summary.json */
	json_t *host, *calib;
};

/* --- settings: command line, then the patch's header line, then defaults -- */

static bool in_list(const char *v, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v, names[i]))
			return true;
	return false;
}

/* Every comma-separated item of @v is one of @names (or, names == NULL, 1..64). */
static bool list_ok(const char *v, const char *const *names, size_t n)
{
	char *copy = xstrdup(v), *save = NULL, *tok;
	bool ok = true, any = false;

	for (tok = strtok_r(copy, ",", &save); tok && ok; tok = strtok_r(NULL, ",", &save)) {
		unsigned long d;

		any = true;
		if (names)
			ok = in_list(tok, names, n);
		else
			ok = !zt_parse_uint(tok, 64, &d) && d;
	}
	free(copy);
	return ok && (any || !names);
}

/* NULL when @value is valid for setting @k, else what is expected. */
const char *zt_patch_setting_error(int k, const char *value)
{
	static const char *const classes[] = { "must-not-change", "buffer-placement" };
	static const char *const profiles[] = { "udp64", "udp512", "tcp1500", "udp64-mtu9000",
						"tcp9000", "mix" };
	static const char *const rqs[] = { "legacy", "striding" };
	static const char *const sizes[] = { "4096", "65536" };
	static const char *const caches[] = { "warm", "cold" };
	static const char *const modes[] = { "none", "pass", "drop", "drop-read", "tx" };
	static const char *const ais[] = { "none", "zero", "pattern" };

	switch (k) {
	case SET_CLASS:
		return in_list(value, classes, 2) ? NULL : "must-not-change or buffer-placement";
	case SET_PROFILE:
		return list_ok(value, profiles, 6) ? NULL :
		       "profiles: udp64 udp512 tcp1500 udp64-mtu9000 tcp9000 mix";
	case SET_RQ:
		return in_list(value, rqs, 2) ? NULL : "legacy or striding";
	case SET_PAGE_SIZE:
		return in_list(value, sizes, 2) ? NULL : "4096 or 65536";
	case SET_CACHE:
		return list_ok(value, caches, 2) ? NULL : "warm, cold or warm,cold";
	case SET_MODES:
		return list_ok(value, modes, 5) ? NULL : "modes: none pass drop drop-read tx";
	case SET_AUTOINIT:
		return in_list(value, ais, 3) ? NULL : "none, zero or pattern";
	case SET_DISTS:
		return list_ok(value, NULL, 0) ? NULL : "distances from 1 to 64, comma-separated";
	}
	return "an unknown setting";
}

/*
 * The one reader of a setting, from the command line or a header line: @value
 * checked for setting @k, and kept unless an earlier source set it (the
 * command line is read first, then the patches in order). NULL, or what is
 * expected.
 */
static const char *take_setting(char **set, int k, const char *value)
{
	const char *why = zt_patch_setting_error(k, value);

	if (!why && !set[k])
		set[k] = xstrdup(value);
	return why;
}

/*
 * The first "Zerotax-Prove: key=value ..." line of @text (a patch's header;
 * patch(1) ignores it) into @set, where @set has no value yet. Returns 0, or
 * -1 with @err set for an unknown key or a bad value.
 */
int zt_patch_parse_header(const char *text, char **set, char *err, size_t errlen)
{
	const char *l = strstr(text, HEADER_TAG), *diff = strstr(text, "\n--- ");
	char *line, *save = NULL, *tok;
	int ret = 0;

	/* only at the start of a line, and only before the first diff */
	if (!strncmp(text, "--- ", 4))
		diff = text;
	while (l && l != text && l[-1] != '\n')
		l = strstr(l + 1, HEADER_TAG);
	if (!l || (diff && diff < l))
		return 0;
	l += strlen(HEADER_TAG);
	line = xstrndup(l, strcspn(l, "\n"));
	for (tok = strtok_r(line, " \t", &save); tok && !ret; tok = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(tok, '=');
		const char *why;
		int k;

		if (!eq) {
			snprintf(err, errlen, "'%s' is not key=value", tok);
			ret = -1;
			break;
		}
		*eq = '\0';
		for (k = 0; k < SET_MAX && strcmp(tok, set_keys[k]); k++)
			;
		if (k == SET_MAX) {
			snprintf(err, errlen, "unknown key '%s'", tok);
			ret = -1;
		} else if ((why = take_setting(set, k, eq + 1))) {
			snprintf(err, errlen, "%s=%s: expected %s", tok, eq + 1, why);
			ret = -1;
		}
	}
	free(line);
	return ret;
}

static int resolve_settings(struct zt_prove *p)
{
	const struct zt_patch_opts *po = &p->o->patch;
	const char *cmd[SET_MAX] = { po->cls, po->profiles, po->rq, po->page_size, po->cache,
				     po->modes, po->autoinit, po->dists };
	struct zt_patch_run *pr = p->pr;
	char err[512];
	size_t len;

	for (int k = 0; k < SET_MAX; k++) {
		const char *why = cmd[k] ? take_setting(pr->set, k, cmd[k]) : NULL;

		if (why) {
			/* the option is --mode, its header key modes */
			error("--%s %s: expected %s", k == SET_MODES ? "mode" : set_keys[k],
			      cmd[k], why);
			return ZT_PROVE_USAGE;
		}
	}
	pr->series = xstrdup("");
	for (size_t i = 0; i < po->n_files; i++) {
		char *text, *tmp;

		if (zt_read_file(po->files[i], &text, &len)) {
			error("cannot read patch %s: %s", po->files[i], strerror(errno));
			return ZT_PROVE_INPUT;
		}
		if (zt_patch_parse_header(text, pr->set, err, sizeof(err))) {
			error("%s: %s line: %s", po->files[i], HEADER_TAG, err);
			free(text);
			return ZT_PROVE_INPUT;
		}
		tmp = xasprintf("%s%s", pr->series, text);
		free(pr->series);
		pr->series = tmp;
		free(text);
	}
	for (int k = 0; k < SET_MAX; k++)
		if (!pr->set[k])
			pr->set[k] = xstrdup(set_defaults[k]);
	p->placement = !strcmp(pr->set[SET_CLASS], "buffer-placement");
	for (int a = 0; a < ZT_AI_MAX; a++)
		if (!strcmp(zt_autoinit_name(a), pr->set[SET_AUTOINIT]))
			p->only_ai = a;
	/* the patch may matter on either page size: trace both */
	p->page_sizes[0] = 4096;
	p->page_sizes[1] = 65536;
	p->n_page_sizes = 2;
	return 0;
}

/* --- step 1: apply the series to a copy ----------------------------------- */

static int patch_run(struct zt_prove *p, const char *dir, const char *file, const char *strip,
		     bool dry, struct zt_spawn_result *res)
{
	char *argv[] = { "patch", "--batch", "--forward", "--no-backup-if-mismatch", "-s",
			 (char *)strip, "-d", (char *)dir, "-i", (char *)file,
			 dry ? "--dry-run" : NULL, NULL };
	struct zt_spawn_opts so = { .timeout_ms = TIMEOUT_PATCH_MS, .stderr_to_stdout = true };

	return zt_spawn(argv, &so, res) ? -1 : res->exit_code;
}

/*
 * -p1 for a series made in reference-driver/ (a/en_rx.c), -p2 for one made
 * at the top of the repository (a/reference-driver/en_rx.c).
 */
static int apply_one(struct zt_prove *p, const char *dir, const char *name)
{
	static const char *const strips[] = { "-p1", "-p2" };
	/* patch -d changes directory before it reads the file */
	char *file = realpath(name, NULL), *why = NULL;
	struct zt_spawn_result res;
	int rc = 0;

	if (!file)
		return zt_prove_fail(p, ZT_PROVE_INPUT, "cannot find patch %s", name);
	for (size_t i = 0; i < ARRAY_SIZE(strips); i++) {
		rc = patch_run(p, dir, file, strips[i], true, &res);
		if (rc == 0) {
			zt_spawn_result_release(&res);
			rc = patch_run(p, dir, file, strips[i], false, &res);
			if (rc)
				why = xstrdup(res.out ? res.out : "");
			zt_spawn_result_release(&res);
			break;
		}
		if (rc < 0) {
			zt_spawn_result_release(&res);
			free(file);
			free(why);
			return zt_prove_unavailable(p, "patch(1) cannot be run");
		}
		if (!why)
			why = xstrdup(res.out ? res.out : "");
		zt_spawn_result_release(&res);
	}
	if (rc)
		rc = zt_prove_fail(p, ZT_PROVE_INPUT, "%s does not apply to the driver (-p1 or -p2):\n%s",
				   name, why ? why : "");
	else
		zt_prove_progress(p, "patch: applied %s", name);
	free(why);
	free(file);
	return rc;
}

static int step_patch(struct zt_prove *p)
{
	char *dir = xasprintf("%s/patched", p->work);
	char *argv[] = { "cp", "-a", p->tree[ZT_TREE_BASELINE], dir, NULL };
	struct zt_spawn_opts so = { .timeout_ms = TIMEOUT_PATCH_MS, .stderr_to_stdout = true };
	struct zt_spawn_result res;
	int ret;

	if (!zt_have_program("patch")) {
		free(dir);
		return zt_prove_unavailable(p, "patch(1) is not installed");
	}
	ret = zt_prove_spawn(p, argv, &so, &res, 0);
	zt_spawn_result_release(&res);
	for (size_t i = 0; !ret && i < p->o->patch.n_files; i++)
		ret = apply_one(p, dir, p->o->patch.files[i]);
	if (ret) {
		free(dir);
		return ret;
	}
	p->tree[ZT_TREE_HOIST] = dir;
	return zt_prove_remap_compdb(p, ZT_TREE_HOIST, &p->xf_compdb_dir);
}

/* --- step 6: bench --------------------------------------------------------- */

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Linear-interpolated quantile of sorted @v. */
static double quantile(const double *v, size_t n, double q)
{
	double pos = q * (n - 1);
	size_t i = (size_t)pos;

	return i + 1 < n ? v[i] + (pos - i) * (v[i + 1] - v[i]) : v[n - 1];
}

/* Per-round ratio of @r against @base (same rounds): median, quartiles, range. */
void zt_patch_round_ratios(const double *r, const double *base, size_t n, double out[5])
{
	double *v = xcalloc(n ? n : 1, sizeof(double));

	for (size_t i = 0; i < n; i++)
		v[i] = base[i] > 0 ? r[i] / base[i] : NAN;
	qsort(v, n, sizeof(double), cmp_d);
	out[0] = n ? quantile(v, n, 0.5) : NAN;
	out[1] = n ? quantile(v, n, 0.25) : NAN;
	out[2] = n ? quantile(v, n, 0.75) : NAN;
	out[3] = n ? v[0] : NAN;
	out[4] = n ? v[n - 1] : NAN;
	free(v);
}

static double jnum(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : -1;
}

static int read_bench_json(struct zt_prove *p, const char *path, const char *cache,
			   const char *profile)
{
	struct zt_patch_run *pr = p->pr;
	json_error_t jerr;
	json_t *doc = json_load_file(path, 0, &jerr), *res, *it;
	size_t i, first = pr->n_res;

	if (!doc)
		return zt_prove_fail(p, ZT_PROVE_BROKEN, "cannot read %s: %s", path, jerr.text);
	/* the first run that has them: the CPU does not change, the cold run calibrates */
	if (!pr->host && json_is_object(json_object_get(doc, "host")))
		pr->host = json_incref(json_object_get(doc, "host"));
	if (!pr->calib && json_is_object(json_object_get(doc, "calibration")))
		pr->calib = json_incref(json_object_get(doc, "calibration"));
	res = json_object_get(doc, "results");
	json_array_foreach(res, i, it) {
		json_t *ns = json_object_get(it, "ns_per_packet"), *rounds, *x;
		struct pb_result *r;
		size_t k;

		ZT_ALLOC_GROW(pr->res, pr->n_res + 1, pr->alloc_res);
		r = &pr->res[pr->n_res++];
		memset(r, 0, sizeof(*r));
		r->cache = xstrdup(cache);
		r->profile = xstrdup(profile);
		r->mode = xstrdup(json_string_value(json_object_get(it, "mode")) ?: "?");
		r->variant = xstrdup(json_string_value(json_object_get(it, "variant")) ?: "?");
		r->ns = jnum(ns, "median");
		r->ns_lo = jnum(ns, "min");
		r->ns_hi = jnum(ns, "max");
		r->ir = jnum(it, "instructions_per_packet");
		rounds = json_object_get(it, "rounds_ns");
		r->n_rounds = json_array_size(rounds);
		r->rounds = xcalloc(r->n_rounds ? r->n_rounds : 1, sizeof(double));
		json_array_foreach(rounds, k, x)
			r->rounds[k] = json_number_value(x);
	}
	json_decref(doc);
	/* ratios against the baseline of the same mode, round by round */
	for (i = first; i < pr->n_res; i++) {
		struct pb_result *r = &pr->res[i], *base = NULL;
		double q[5];

		for (size_t j = first; j < pr->n_res; j++)
			if (!strcmp(pr->res[j].mode, r->mode) &&
			    !strcmp(pr->res[j].variant, "baseline"))
				base = &pr->res[j];
		if (!base || base->n_rounds != r->n_rounds)
			return zt_prove_fail(p, ZT_PROVE_BROKEN, "%s: no baseline for mode %s",
					     path, r->mode);
		zt_patch_round_ratios(r->rounds, base->rounds, r->n_rounds, q);
		r->r_med = q[0];
		r->r_q1 = q[1];
		r->r_q3 = q[2];
		r->r_lo = q[3];
		r->r_hi = q[4];
	}
	return 0;
}

/* Instructions/packet of the ir pass into the timed results of the same case. */
static void merge_ir(struct zt_patch_run *pr, size_t first, size_t from)
{
	for (size_t i = from; i < pr->n_res; i++)
		for (size_t j = first; j < from; j++)
			if (!strcmp(pr->res[j].mode, pr->res[i].mode) &&
			    !strcmp(pr->res[j].variant, pr->res[i].variant))
				pr->res[j].ir = pr->res[i].ir;
	while (pr->n_res > from) {
		struct pb_result *r = &pr->res[--pr->n_res];

		free(r->cache);
		free(r->profile);
		free(r->mode);
		free(r->variant);
		free(r->rounds);
	}
}

/*
 * One rd-bench process: baseline, patched (and each look-ahead), interleaved.
 * @ir_pass: instead, baseline and patched only, few packets, under callgrind
 * (valgrind is slow on a loaded machine; instructions do not need many).
 */
static int bench_one(struct zt_prove *p, const char *cache, const char *profile, bool ir_pass)
{
	struct zt_patch_run *pr = p->pr;
	enum zt_autoinit ai = p->only_ai < 0 ? ZT_AI_ZERO : p->only_ai;
	char *base_so = zt_prove_so_path(p, ZT_TREE_BASELINE, ai, pr->bench_cc);
	char *xf_so = zt_prove_so_path(p, ZT_TREE_HOIST, ai, pr->bench_cc);
	char *json = xasprintf("%s/bench-%s-%s%s.json", p->work, cache, profile,
			       ir_pass ? "-callgrind" : "");
	char *rounds = xasprintf("%u", ir_pass ? 5 : p->o->rounds);
	char *packets = xasprintf("%lu", ir_pass ? 50000 : p->o->packets);
	char *owned[2 + 64], *argv[96], *dists = xstrdup(pr->set[SET_DISTS]), *save = NULL, *tok;
	struct zt_spawn_opts so = { .timeout_ms = TIMEOUT_BENCH_MS };
	struct zt_spawn_result res;
	size_t n = 0, n_owned = 0;
	int ret;

	owned[n_owned++] = xasprintf("baseline=%s", base_so);
	owned[n_owned++] = xasprintf("patched=%s", xf_so);
	for (tok = ir_pass ? NULL : strtok_r(dists, ",", &save); tok && n_owned < ARRAY_SIZE(owned);
	     tok = strtok_r(NULL, ",", &save))
		owned[n_owned++] = xasprintf("patched-d%s=%s:prefetch-dist=%s", tok, xf_so, tok);
	argv[n++] = p->rd_bench;
	for (size_t i = 0; i < n_owned; i++) {
		argv[n++] = "--variant";
		argv[n++] = owned[i];
	}
	argv[n++] = "--profile";
	argv[n++] = (char *)profile;
	argv[n++] = "--rq";
	argv[n++] = pr->set[SET_RQ];
	argv[n++] = "--page-size";
	argv[n++] = pr->set[SET_PAGE_SIZE];
	argv[n++] = "--cache";
	argv[n++] = (char *)cache;
	argv[n++] = "--mode";
	argv[n++] = pr->set[SET_MODES];
	argv[n++] = "--rounds";
	argv[n++] = rounds;
	argv[n++] = "--packets";
	argv[n++] = packets;
	argv[n++] = "--json";
	argv[n++] = json;
	if (ir_pass)
		argv[n++] = "--callgrind";
	argv[n] = NULL;

	if (ir_pass)
		zt_prove_progress(p, "bench %s: %s, instructions/packet (callgrind)", pr->bench_cc,
				  profile);
	else
		zt_prove_progress(p, "bench %s: %s cache, %s, %zu variants, %u rounds of %lu "
				  "packets", pr->bench_cc, cache, profile, n_owned,
				  p->o->rounds, p->o->packets);
	ret = zt_prove_spawn(p, argv, &so, &res, 0);
	if (!ret) {
		size_t first = pr->n_res;

		fputs(res.out, p->ctx->err);
		ret = read_bench_json(p, json, cache, profile);
		if (!ret && ir_pass)
			merge_ir(pr, pr->ir_first, first);
	}
	zt_spawn_result_release(&res);
	for (size_t i = 0; i < n_owned; i++)
		free(owned[i]);
	free(dists);
	free(base_so);
	free(xf_so);
	free(json);
	free(rounds);
	free(packets);
	return ret;
}

static int step_patch_bench(struct zt_prove *p)
{
	char *caches = xstrdup(p->pr->set[SET_CACHE]), *cs = NULL, *c;
	int ret = 0;
	bool first = true;

	if (access(p->rd_bench, X_OK)) {
		free(caches);
		return zt_prove_unavailable(p, "rd-bench is not built");
	}
	/* the first compiler given: gcc-12 unless told, as distribution kernels */
	p->pr->bench_cc = xstrdup(p->o->compilers[0]);
	for (c = strtok_r(caches, ",", &cs); c && !ret; c = strtok_r(NULL, ",", &cs)) {
		char *profiles = xstrdup(p->pr->set[SET_PROFILE]), *ps = NULL, *pf;

		for (pf = strtok_r(profiles, ",", &ps); pf && !ret; pf = strtok_r(NULL, ",", &ps)) {
			p->pr->ir_first = p->pr->n_res;
			ret = bench_one(p, c, pf, false);
			/* valgrind cannot flush: instructions once per profile, warm or not */
			if (!ret && p->o->callgrind && first)
				ret = bench_one(p, c, pf, true);
		}
		first = false;
		free(profiles);
	}
	free(caches);
	return ret;
}

/* --- step 7: report -------------------------------------------------------- */

static void print_settings(FILE *f, const struct zt_prove *p, const char *pfx)
{
	for (int k = 0; k < SET_MAX; k++)
		fprintf(f, "%s%s=%s", k ? " " : pfx, set_keys[k],
			*p->pr->set[k] ? p->pr->set[k] : "-");
	fputc('\n', f);
}

static void print_diff_summary(FILE *f, const struct zt_prove *p, bool md)
{
	size_t same = 0, placed = 0;

	for (size_t i = 0; i < p->report.n_diffs; i++) {
		same += p->report.diffs[i].same;
		placed += p->report.diffs[i].placement != NULL;
	}
	fprintf(f, "%sDifferential test (%s): %zu of %zu cases %s", md ? "- " : "",
		p->placement ? "buffer-placement: identical packets, verdicts, TX bytes, skb "
		"data and counters; page-pool statistics may differ" :
		"must-not-change: byte-identical traces",
		same, p->report.n_diffs, p->placement ? "identical" : "byte-identical");
	if (p->placement)
		fprintf(f, ", %zu with different page-pool statistics", placed);
	fputc('\n', f);
	for (size_t i = 0; i < p->report.n_diffs && md; i++) {
		const struct zt_diff_case *d = &p->report.diffs[i];

		if (d->placement)
			fprintf(f, "  - %s %s %s %s %u: %s\n", d->compiler, d->profile, d->mode,
				d->rq, d->page_size, d->placement);
	}
}

static void print_section(FILE *f, const struct pb_result *r, bool md)
{
	fprintf(f, "\n%s%s cache, profile %s:\n%s", md ? "#### " : "", r->cache, r->profile,
		md ? "\n" : "");
	if (md)
		fprintf(f, "| mode | variant | ns/packet (min..max) | Mpps | change per round: "
			   "median [IQR] (range) | instr/packet |\n|---|---|---|---|---|---|\n");
	else
		fprintf(f, "  %-10s %-12s %24s %8s  %-42s %s\n", "mode", "variant",
			"ns/pkt (min..max)", "Mpps", "change/round median [IQR] (range)",
			"instr/pkt");
}

static void print_table(FILE *f, const struct zt_prove *p, bool md)
{
	const struct zt_patch_run *pr = p->pr;

	for (size_t i = 0; i < pr->n_res; i++) {
		const struct pb_result *r = &pr->res[i], *prev = i ? r - 1 : NULL;
		char ns[64], chg[96], ir[32];

		if (!prev || strcmp(prev->cache, r->cache) || strcmp(prev->profile, r->profile))
			print_section(f, r, md);
		snprintf(ns, sizeof(ns), "%.2f (%.2f..%.2f)", r->ns, r->ns_lo, r->ns_hi);
		if (!strcmp(r->variant, "baseline"))
			snprintf(chg, sizeof(chg), "-");
		else
			snprintf(chg, sizeof(chg), "%+.1f%% [%+.1f..%+.1f] (%+.1f..%+.1f)",
				 (r->r_med - 1) * 100, (r->r_q1 - 1) * 100, (r->r_q3 - 1) * 100,
				 (r->r_lo - 1) * 100, (r->r_hi - 1) * 100);
		if (r->ir >= 0)
			snprintf(ir, sizeof(ir), "%.1f", r->ir);
		else
			snprintf(ir, sizeof(ir), "-");
		if (md)
			fprintf(f, "| %s | %s | %s | %.2f | %s | %s |\n", r->mode, r->variant, ns,
				1000.0 / r->ns, chg, ir);
		else
			fprintf(f, "  %-10s %-12s %24s %8.2f  %-42s %s\n", r->mode, r->variant, ns,
				1000.0 / r->ns, chg, ir);
	}
}

static int write_summary(struct zt_prove *p)
{
	struct zt_patch_run *pr = p->pr;
	json_t *doc = json_object(), *arr = json_array(), *set = json_object();
	char *path = xasprintf("%s/summary.json", p->report_dir);
	int ret;

	for (int k = 0; k < SET_MAX; k++)
		json_object_set_new(set, set_keys[k], json_string(pr->set[k]));
	json_object_set_new(doc, "patch", json_string(p->o->patch.files[0]));
	json_object_set_new(doc, "settings", set);
	json_object_set_new(doc, "compiler", json_string(pr->bench_cc ? pr->bench_cc : ""));
	json_object_set_new(doc, "rounds", json_integer(p->o->rounds));
	if (pr->host)
		json_object_set(doc, "host", pr->host);
	if (pr->calib)
		json_object_set(doc, "calibration", pr->calib);
	for (size_t i = 0; i < pr->n_res; i++) {
		const struct pb_result *r = &pr->res[i];
		json_t *o = json_pack("{s:s,s:s,s:s,s:s,s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f}",
				      "cache", r->cache, "profile", r->profile, "mode", r->mode,
				      "variant", r->variant, "ns", r->ns, "ns_min", r->ns_lo,
				      "ns_max", r->ns_hi, "ratio", r->r_med, "ratio_q1", r->r_q1,
				      "ratio_q3", r->r_q3, "ratio_min", r->r_lo,
				      "ratio_max", r->r_hi, "instructions", r->ir);

		json_array_append_new(arr, o);
	}
	json_object_set_new(doc, "results", arr);
	ret = json_dump_file(doc, path, JSON_INDENT(1));
	json_decref(doc);
	free(path);
	return ret;
}

static int step_patch_report(struct zt_prove *p)
{
	char *md_path = xasprintf("%s/report.md", p->report_dir);
	FILE *out = p->ctx->out, *md;
	int ret = 0;

	if (zt_prove_mkdir_p(p->report_dir) || !(md = fopen(md_path, "w"))) {
		free(md_path);
		return zt_prove_fail(p, ZT_PROVE_BROKEN, "cannot write into %s", p->report_dir);
	}
	for (int pass = 0; pass < 2; pass++) {
		FILE *f = pass ? md : out;

		fprintf(f, "%sPatch series:", pass ? "# zerotax prove --patch\n\n" : "");
		for (size_t i = 0; i < p->o->patch.n_files; i++)
			fprintf(f, " %s", p->o->patch.files[i]);
		fputc('\n', f);
		print_settings(f, p, pass ? "\nSettings: " : "Settings: ");
		if (p->report.sparse_baseline)
			fprintf(f, "%sSparse: nothing new in the patched tree\n", pass ? "\n- " : "");
		print_diff_summary(f, p, pass);
		if (p->pr->n_res) {
			fprintf(f, "%sBench: %s, %s RQ, %s-byte pages, auto-init %s, %u rounds of "
				"%lu packets, all variants interleaved in one process per table "
				"(change = patched/baseline - 1 of ns/packet per round)\n",
				pass ? "- " : "", p->pr->bench_cc, p->pr->set[SET_RQ],
				p->pr->set[SET_PAGE_SIZE], p->pr->set[SET_AUTOINIT],
				p->o->rounds, p->o->packets);
			print_table(f, p, pass);
		}
	}
	fprintf(md, "\n## Steps\n\n| step | seconds | status |\n|---|---|---|\n");
	for (size_t i = 0; i < p->report.n_steps; i++)
		fprintf(md, "| %s | %.1f | %s |\n", p->report.steps[i].name,
			p->report.steps[i].seconds, p->report.steps[i].status);
	fprintf(md, "\n## The series\n\n```diff\n%s```\n", p->pr->series);
	if (fclose(md))
		ret = zt_prove_fail(p, ZT_PROVE_BROKEN, "cannot write %s", md_path);
	if (!ret && write_summary(p))
		ret = zt_prove_fail(p, ZT_PROVE_BROKEN, "cannot write the summary");
	fprintf(out, "\nReport: %s\n", md_path);
	fflush(out);
	free(md_path);
	return ret;
}

/* --- the pipeline ----------------------------------------------------------- */

static void patch_run_free(struct zt_patch_run *pr)
{
	if (!pr)
		return;
	for (int k = 0; k < SET_MAX; k++)
		free(pr->set[k]);
	for (size_t i = 0; i < pr->n_res; i++) {
		free(pr->res[i].cache);
		free(pr->res[i].profile);
		free(pr->res[i].mode);
		free(pr->res[i].variant);
		free(pr->res[i].rounds);
	}
	free(pr->res);
	free(pr->series);
	free(pr->bench_cc);
	json_decref(pr->host);
	json_decref(pr->calib);
	free(pr);
}

int zt_prove_patch_run(struct zt_prove *p)
{
	static const struct zt_prove_step steps[] = {
		{ "patch", step_patch, true, false },
		{ "build", zt_prove_step_build, true, false },
		{ "sparse", zt_prove_step_sparse, false, false },
		{ "differential test", zt_prove_step_difftest, true, false },
		{ "bench", step_patch_bench, false, true },
		{ "report", step_patch_report, true, false },
	};
	int ret;

	p->pr = xcalloc(1, sizeof(*p->pr));
	ret = resolve_settings(p);
	if (!ret)
		ret = zt_prove_run_steps(p, steps, ARRAY_SIZE(steps));
	patch_run_free(p->pr);
	p->pr = NULL;
	return ret;
}

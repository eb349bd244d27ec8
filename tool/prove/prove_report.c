// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report of `zerotax prove`: rd-bench's JSON in, the seed-shaped table,
 * Markdown, HTML and an SVG chart out. Renders only; measures nothing.
 */
#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "prove_report.h"
#include "strbuf.h"
#include "zerotax.h"

/* --- rd-bench JSON -------------------------------------------------------- */

/*
 * A statistic is either a bare number (the median) or an object with the
 * median and the spread; rd-bench writes the object form.
 */
static int get_stat(json_t *obj, const char *const *keys, double *med, double *lo, double *hi)
{
	json_t *v = NULL;

	for (; *keys && !v; keys++)
		v = json_object_get(obj, *keys);
	if (!v)
		return -1;
	if (json_is_number(v)) {
		*med = *lo = *hi = json_number_value(v);
		return 0;
	}
	if (!json_is_object(v))
		return -1;
	if (!json_is_number(json_object_get(v, "median")))
		return -1;
	*med = json_number_value(json_object_get(v, "median"));
	*lo = json_is_number(json_object_get(v, "min")) ?
		json_number_value(json_object_get(v, "min")) : *med;
	*hi = json_is_number(json_object_get(v, "max")) ?
		json_number_value(json_object_get(v, "max")) : *med;
	return 0;
}

static struct zt_bench_row *bench_add(struct zt_bench *b)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 16;
		b->v = xrealloc(b->v, b->cap * sizeof(*b->v));
	}
	memset(&b->v[b->n], 0, sizeof(b->v[0]));
	return &b->v[b->n++];
}

static void row_release(struct zt_bench_row *r)
{
	free(r->compiler);
	free(r->variant);
	free(r->source);
	free(r->autoinit);
	free(r->mode);
	free(r->rounds_ns);
}

/* "baseline-zero" -> "baseline", "zero"; the autoinit is after the last dash. */
static int split_variant(const char *name, char **source, char **autoinit)
{
	const char *dash = strrchr(name, '-');

	if (!dash || dash == name || !dash[1])
		return -1;
	*source = xstrndup(name, dash - name);
	*autoinit = xstrdup(dash + 1);
	return 0;
}

static int parse_result(json_t *res, const char *compiler, unsigned int rounds,
			struct zt_bench *b)
{
	static const char *const mpps_keys[] = { "mpps", NULL };
	static const char *const ns_keys[] = { "ns_per_packet", "ns", NULL };
	static const char *const insn_keys[] = { "instructions_per_packet", "insns_per_packet",
						 NULL };
	const char *variant, *mode;
	struct zt_bench_row *r;
	json_t *rns, *v;
	bool have_ns;
	double lo, hi;
	size_t i;

	variant = json_string_value(json_object_get(res, "variant"));
	mode = json_string_value(json_object_get(res, "mode"));
	if (!variant || !mode)
		return error("bench result without \"variant\" or \"mode\"");
	r = bench_add(b);
	r->compiler = xstrdup(compiler);
	r->variant = xstrdup(variant);
	r->mode = xstrdup(mode);
	r->insns = -1;
	if (split_variant(variant, &r->source, &r->autoinit))
		return error("bench variant '%s' is not named <source>-<autoinit>", variant);
	have_ns = !get_stat(res, ns_keys, &r->ns, &r->ns_lo, &r->ns_hi);
	if (get_stat(res, mpps_keys, &r->mpps, &r->mpps_lo, &r->mpps_hi)) {
		if (!have_ns || !(r->ns > 0))
			return error("bench result %s/%s has neither mpps nor ns_per_packet",
				     variant, mode);
		r->mpps = 1000.0 / r->ns;
		r->mpps_lo = r->mpps_hi = r->mpps;
	}
	if (!have_ns) {
		r->ns = r->ns_lo = r->ns_hi = r->mpps > 0 ? 1000.0 / r->mpps : NAN;
	} else if (r->mpps_lo == r->mpps_hi && r->ns_lo > 0 && r->ns_hi > 0) {
		/* rd-bench gives the spread in ns: the slowest round is the lowest rate. */
		r->mpps_lo = 1000.0 / r->ns_hi;
		r->mpps_hi = 1000.0 / r->ns_lo;
	}
	if (get_stat(res, insn_keys, &r->insns, &lo, &hi))
		r->insns = -1;
	r->rounds = json_is_integer(json_object_get(res, "rounds")) ?
		json_integer_value(json_object_get(res, "rounds")) : rounds;
	rns = json_object_get(res, "rounds_ns");
	if (json_is_array(rns) && json_array_size(rns)) {
		r->rounds_ns = xcalloc(json_array_size(rns), sizeof(double));
		json_array_foreach(rns, i, v) {
			if (!json_is_number(v))
				return error("bench result %s/%s: rounds_ns[%zu] is not a number",
					     variant, mode, i);
			r->rounds_ns[r->n_rounds_ns++] = json_number_value(v);
		}
		if (!r->rounds)
			r->rounds = r->n_rounds_ns;
	}
	return 0;
}

int zt_bench_parse_json(const char *text, size_t len, const char *compiler, struct zt_bench *b)
{
	json_error_t jerr;
	json_t *doc, *results, *res;
	size_t i, n0 = b->n;
	unsigned int rounds;
	int ret = -1;

	doc = json_loadb(text, len, 0, &jerr);
	if (!doc)
		return error("bench JSON: line %d: %s", jerr.line, jerr.text);
	rounds = json_integer_value(json_object_get(doc, "rounds"));
	results = json_object_get(doc, "results");
	if (!json_is_array(results)) {
		error("bench JSON has no \"results\" array");
		goto out;
	}
	json_array_foreach(results, i, res) {
		if (!json_is_object(res)) {
			error("bench JSON: results[%zu] is not an object", i);
			goto out;
		}
		if (parse_result(res, compiler, rounds, b))
			goto out;
	}
	ret = 0;
out:
	if (ret) {
		while (b->n > n0)
			row_release(&b->v[--b->n]);
	}
	json_decref(doc);
	return ret;
}

const struct zt_bench_row *zt_bench_find(const struct zt_bench *b, const char *compiler,
					 const char *source, const char *autoinit,
					 const char *mode)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct zt_bench_row *r = &b->v[i];

		if (!strcmp(r->compiler, compiler) && !strcmp(r->source, source) &&
		    !strcmp(r->autoinit, autoinit) && !strcmp(r->mode, mode))
			return r;
	}
	return NULL;
}

void zt_bench_release(struct zt_bench *b)
{
	for (size_t i = 0; i < b->n; i++)
		row_release(&b->v[i]);
	free(b->v);
	memset(b, 0, sizeof(*b));
}

/* --- numbers -------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Quantile @q of sorted @v (linear between neighbours, as most stats tools do). */
static double quantile(const double *v, size_t n, double q)
{
	double pos = q * (n - 1);
	size_t i = (size_t)pos;

	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (pos - i) * (v[i + 1] - v[i]);
}

int zt_bench_round_gain(const struct zt_bench_row *base, const struct zt_bench_row *xf,
			struct zt_gain *out)
{
	size_t n = base->n_rounds_ns;
	double *g;

	if (!n || n != xf->n_rounds_ns)
		return -1;
	g = xcalloc(n, sizeof(*g));
	for (size_t i = 0; i < n; i++) {
		if (!(base->rounds_ns[i] > 0) || !(xf->rounds_ns[i] > 0)) {
			free(g);
			return -1;
		}
		/* Rate is 1/ns: the gain in Mpps is base_ns / xf_ns - 1. */
		g[i] = (base->rounds_ns[i] / xf->rounds_ns[i] - 1.0) * 100.0;
	}
	qsort(g, n, sizeof(*g), cmp_double);
	out->med = quantile(g, n, 0.5);
	out->q1 = quantile(g, n, 0.25);
	out->q3 = quantile(g, n, 0.75);
	out->lo = g[0];
	out->hi = g[n - 1];
	free(g);
	return 0;
}

double zt_pct_change(double base, double val)
{
	if (!(base > 0) || isnan(val))
		return NAN;
	return (val - base) / base * 100.0;
}

void zt_fmt_pct(char *buf, size_t n, double pct)
{
	if (isnan(pct)) {
		snprintf(buf, n, "n/a");
		return;
	}
	/* "-0.00%" reads as a loss that is not there. */
	if (fabs(pct) < 0.005)
		pct = 0.0;
	snprintf(buf, n, "%+.2f%%", pct);
}

/* --- the seed-shaped table ------------------------------------------------ */

static const struct {
	const char *mode;	/* rd-bench's name */
	const char *label;	/* the seed table's */
} table_modes[] = {
	{ "drop", "XDP_DROP" },
	{ "tx", "XDP_TX" },
};

static const struct {
	const char *autoinit;
	const char *title;
} table_sections[] = {
	{ "none", "Stack zeroing disabled:" },
	{ "zero", "Stack zeroing enabled:" },
	{ "pattern", "Stack pattern init (-ftrivial-auto-var-init=pattern):" },
};

static int table_section(FILE *fp, const struct zt_bench *b, const char *compiler,
			 const char *autoinit, const char *title)
{
	fprintf(fp, "%s\n", title);
	for (size_t m = 0; m < ARRAY_SIZE(table_modes); m++) {
		const struct zt_bench_row *base, *xf;
		char pct[32];

		base = zt_bench_find(b, compiler, ZT_SRC_BASELINE, autoinit, table_modes[m].mode);
		xf = zt_bench_find(b, compiler, ZT_SRC_HOIST, autoinit, table_modes[m].mode);
		if (!base || !xf)
			return error("no bench result for %s, auto-init %s, %s", compiler, autoinit,
				     table_modes[m].label);
		zt_fmt_pct(pct, sizeof(pct), zt_pct_change(base->mpps, xf->mpps));
		fprintf(fp, "- %s:\n", table_modes[m].label);
		fprintf(fp, "    * baseline:    %.2f Mpps\n", base->mpps);
		fprintf(fp, "    * transformed: %.2f Mpps (%s)\n", xf->mpps, pct);
	}
	return 0;
}

static void detail_line(FILE *fp, const struct zt_bench_row *r, const char *label)
{
	fprintf(fp, "  %-7s %-8s %-11s %7.2f Mpps [%.2f..%.2f] %7.2f ns/packet", r->autoinit,
		label, r->source, r->mpps, r->mpps_lo, r->mpps_hi, r->ns);
	if (r->insns >= 0)
		fprintf(fp, " %8.1f instructions/packet", r->insns);
	fputc('\n', fp);
}

static void gain_line(FILE *fp, const struct zt_bench_row *base,
		      const struct zt_bench_row *xf, const char *label, const char *what)
{
	struct zt_gain g;
	char a[32], q1[32], q3[32], l[32], h[32];

	if (!base || !xf || zt_bench_round_gain(base, xf, &g))
		return;
	zt_fmt_pct(a, sizeof(a), g.med);
	zt_fmt_pct(q1, sizeof(q1), g.q1);
	zt_fmt_pct(q3, sizeof(q3), g.q3);
	zt_fmt_pct(l, sizeof(l), g.lo);
	zt_fmt_pct(h, sizeof(h), g.hi);
	fprintf(fp, "  %-7s %-8s %-11s %8s IQR [%s..%s] range [%s..%s] %s\n", xf->autoinit,
		label, xf->source, a, q1, q3, l, h, what);
}

/*
 * The change round by round: the variants ran interleaved, so each round's
 * pair saw the same machine; its min..max is the spread the gain must clear.
 */
static void round_gains(FILE *fp, const struct zt_bench *b, const char *compiler)
{
	static const char *const xfs[] = { ZT_SRC_HOIST, ZT_SRC_UNINIT };
	bool header = false;

	for (size_t i = 0; i < ARRAY_SIZE(table_sections) * ARRAY_SIZE(table_modes); i++) {
		const char *ai = table_sections[i / ARRAY_SIZE(table_modes)].autoinit;
		size_t m = i % ARRAY_SIZE(table_modes);
		const char *mode = table_modes[m].mode;

		for (size_t k = 0; k < ARRAY_SIZE(xfs); k++) {
			const struct zt_bench_row *base, *xf, *none;
			struct zt_gain x;

			base = zt_bench_find(b, compiler, ZT_SRC_BASELINE, ai, mode);
			xf = zt_bench_find(b, compiler, xfs[k], ai, mode);
			if (!base || !xf || zt_bench_round_gain(base, xf, &x))
				continue;
			if (!header)
				fprintf(fp, "\nChange per interleaved round (median, quartiles, "
					"range):\n");
			header = true;
			gain_line(fp, base, xf, table_modes[m].label, "vs baseline");
			none = zt_bench_find(b, compiler, ZT_SRC_BASELINE, "none", mode);
			if (strcmp(ai, "none"))
				gain_line(fp, none, xf, table_modes[m].label,
					  "vs baseline without auto-init");
		}
	}
}

int zt_prove_report_table(FILE *fp, const struct zt_bench *b, const char *compiler)
{
	static const char *const sources[] = { ZT_SRC_BASELINE, ZT_SRC_HOIST, ZT_SRC_UNINIT };
	unsigned int rounds = 0;

	/* The two sections scripts parse, exactly as the seed patch shows them. */
	if (table_section(fp, b, compiler, "none", table_sections[0].title))
		return -1;
	fputc('\n', fp);
	if (table_section(fp, b, compiler, "zero", table_sections[1].title))
		return -1;

	/* Everything else comes after, so the parsed shape stays untouched. */
	if (zt_bench_find(b, compiler, ZT_SRC_BASELINE, "pattern", "drop")) {
		fputc('\n', fp);
		if (table_section(fp, b, compiler, "pattern", table_sections[2].title))
			return -1;
	}
	for (size_t i = 0; i < b->n; i++)
		if (!strcmp(b->v[i].compiler, compiler) && b->v[i].rounds > rounds)
			rounds = b->v[i].rounds;
	fprintf(fp, "\nDetails (median of %u rounds, [min..max] over the rounds):\n", rounds);
	for (size_t s = 0; s < ARRAY_SIZE(table_sections); s++)
		for (size_t m = 0; m < ARRAY_SIZE(table_modes); m++)
			for (size_t k = 0; k < ARRAY_SIZE(sources); k++) {
				const struct zt_bench_row *r;

				r = zt_bench_find(b, compiler, sources[k],
						  table_sections[s].autoinit, table_modes[m].mode);
				if (r)
					detail_line(fp, r, table_modes[m].label);
			}
	round_gains(fp, b, compiler);
	return 0;
}

/* --- prediction ----------------------------------------------------------- */

long long zt_prove_report_predicted_bytes(const struct zt_prove_report *r, const char *compiler)
{
	bool gcc = !strncmp(compiler, "gcc", 3);

	if (!r->bench_function)
		return -1;
	for (size_t i = 0; i < r->n_findings; i++) {
		const struct zt_prove_report_finding *f = &r->findings[i];

		if (f->function && !strcmp(f->function, r->bench_function))
			return gcc ? f->gcc_bytes : f->clang_bytes;
	}
	return -1;
}

/* --- SVG chart ------------------------------------------------------------ */

/* Colours per source; autoinit is the group on the x axis. */
static const char *source_colour(const char *source)
{
	if (!strcmp(source, ZT_SRC_BASELINE))
		return "#9e9e9e";
	if (!strcmp(source, ZT_SRC_HOIST))
		return "#1f77b4";
	return "#ff7f0e";
}

static void svg_escape(FILE *fp, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '&':
			fputs("&amp;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		default:
			fputc(*s, fp);
		}
	}
}

#define SVG_PANEL_W 360
#define SVG_PANEL_H 240
#define SVG_MARGIN 50

static const char *const svg_sources[] = { ZT_SRC_BASELINE, ZT_SRC_HOIST, ZT_SRC_UNINIT };
static const char *const svg_autoinits[] = { "none", "zero", "pattern" };

/* One bar with its min..max whisker and its value on top. */
static void svg_bar(FILE *fp, const struct zt_bench_row *r, int x, int w, int base_y,
		    double max, const char *colour)
{
	int h = (int)(SVG_PANEL_H * r->mpps / max);
	int ylo = base_y - (int)(SVG_PANEL_H * r->mpps_lo / max);
	int yhi = base_y - (int)(SVG_PANEL_H * r->mpps_hi / max);
	int cx = x + w / 2 - 1;
	int top = yhi < base_y - h ? yhi : base_y - h;

	fprintf(fp, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
		"fill=\"%s\"><title>", x, base_y - h, w - 2, h, colour);
	svg_escape(fp, r->variant);
	fprintf(fp, ": %.2f Mpps</title></rect>\n", r->mpps);
	fprintf(fp, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n",
		cx, ylo, cx, yhi);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"9\">%.1f</text>\n",
		cx, top - 3, r->mpps);
}

/* One compiler and XDP mode: bars grouped by auto-init, one per source tree. */
static void svg_panel(FILE *fp, const struct zt_bench *b, const char *compiler, size_t m,
		      int x0, int y0)
{
	int group_w = SVG_PANEL_W / ARRAY_SIZE(svg_autoinits);
	int bar_w = (group_w - 20) / ARRAY_SIZE(svg_sources);
	int base_y = y0 + SVG_PANEL_H;
	double max = 0;

	/* Each panel has its own scale: DROP and TX differ by a factor. */
	for (size_t i = 0; i < b->n; i++)
		if (!strcmp(b->v[i].compiler, compiler) &&
		    !strcmp(b->v[i].mode, table_modes[m].mode) && b->v[i].mpps_hi > max)
			max = b->v[i].mpps_hi;
	if (!(max > 0))
		max = 1;
	max *= 1.1;

	fprintf(fp, "<g class=\"panel\">\n<text x=\"%d\" y=\"%d\" font-size=\"13\" "
		"font-weight=\"bold\">", x0, y0 - 10);
	svg_escape(fp, compiler);
	fprintf(fp, " %s</text>\n", table_modes[m].label);
	fprintf(fp, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n",
		x0, base_y, x0 + SVG_PANEL_W, base_y);
	fprintf(fp, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n",
		x0, y0, x0, base_y);
	for (int t = 0; t <= 4; t++) {
		int y = base_y - SVG_PANEL_H * t / 4;

		fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.1f</text>\n",
			x0 - 4, y + 4, max * t / 4);
		fprintf(fp, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e0e0e0\"/>\n",
			x0 + 1, y, x0 + SVG_PANEL_W, y);
	}
	for (size_t a = 0; a < ARRAY_SIZE(svg_autoinits); a++) {
		int gx = x0 + a * group_w + 10;

		fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
			gx + (group_w - 20) / 2, base_y + 14, svg_autoinits[a]);
		for (size_t s = 0; s < ARRAY_SIZE(svg_sources); s++) {
			const struct zt_bench_row *r;

			r = zt_bench_find(b, compiler, svg_sources[s], svg_autoinits[a],
					  table_modes[m].mode);
			if (r)
				svg_bar(fp, r, gx + s * bar_w, bar_w, base_y, max,
					source_colour(svg_sources[s]));
		}
	}
	fputs("</g>\n", fp);
}

int zt_prove_report_svg(FILE *fp, const struct zt_bench *b, char *const *compilers, size_t n)
{
	size_t n_modes = ARRAY_SIZE(table_modes);
	int width = SVG_MARGIN + n_modes * (SVG_PANEL_W + SVG_MARGIN);
	int height = SVG_MARGIN + n * (SVG_PANEL_H + SVG_MARGIN) + 30;

	if (!n)
		return error("no compiler to chart");
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
		width, height, width, height);
	fprintf(fp, "<title>Mpps per variant (median, whiskers: min..max)</title>\n");
	fprintf(fp, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height);
	for (size_t c = 0; c < n; c++)
		for (size_t m = 0; m < n_modes; m++)
			svg_panel(fp, b, compilers[c], m,
				  SVG_MARGIN + m * (SVG_PANEL_W + SVG_MARGIN),
				  SVG_MARGIN + c * (SVG_PANEL_H + SVG_MARGIN));
	/* Legend. */
	for (size_t s = 0; s < ARRAY_SIZE(svg_sources); s++) {
		int lx = SVG_MARGIN + s * 140, ly = height - 20;

		fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>\n",
			lx, ly - 10, source_colour(svg_sources[s]));
		fprintf(fp, "<text x=\"%d\" y=\"%d\">%s</text>\n", lx + 16, ly, svg_sources[s]);
	}
	fputs("</svg>\n", fp);
	return ferror(fp) ? error("cannot write the chart") : 0;
}

/* --- Markdown ------------------------------------------------------------- */

static void md_prediction(FILE *fp, const struct zt_prove_report *r)
{
	fprintf(fp, "## Prediction vs measurement\n\n");
	fprintf(fp, "`check` predicts the bytes of zeroing per packet that survive -O2 with "
		"`-ftrivial-auto-var-init=zero` in the receive function the bench path runs "
		"once per packet (`%s`, profile %s, %s RQ). The measured instruction delta per "
		"packet is baseline minus transformed, both built with auto-init zero "
		"(callgrind).\n\n", r->bench_function ? r->bench_function : "unknown",
		r->bench_profile ? r->bench_profile : "?", r->bench_rq ? r->bench_rq : "?");
	fprintf(fp, "Without SSE (the kernel's flags) the zeroing is done in 8-byte stores or "
		"`rep stosq` iterations, which callgrind counts one by one: bytes / 8 is the "
		"instruction count the prediction implies, plus a few to set up a `rep`.\n\n");
	fprintf(fp, "| compiler | mode | predicted bytes/packet | as 8-byte stores | "
		"instructions/packet baseline | transformed | delta | zeroing cost in the "
		"baseline (zero - none) |\n");
	fprintf(fp, "|---|---|---|---|---|---|---|---|\n");
	for (size_t c = 0; c < r->n_compilers; c++) {
		long long pred = zt_prove_report_predicted_bytes(r, r->compilers[c]);

		for (size_t m = 0; m < ARRAY_SIZE(table_modes); m++) {
			const struct zt_bench_row *bz, *xz, *bn;

			bz = zt_bench_find(&r->bench, r->compilers[c], ZT_SRC_BASELINE, "zero",
					   table_modes[m].mode);
			xz = zt_bench_find(&r->bench, r->compilers[c], ZT_SRC_HOIST, "zero",
					   table_modes[m].mode);
			bn = zt_bench_find(&r->bench, r->compilers[c], ZT_SRC_BASELINE, "none",
					   table_modes[m].mode);
			fprintf(fp, "| %s | %s | ", r->compilers[c], table_modes[m].label);
			if (pred >= 0)
				fprintf(fp, "%lld | %lld | ", pred, (pred + 7) / 8);
			else
				fprintf(fp, "unknown | | ");
			if (bz && xz && bz->insns >= 0 && xz->insns >= 0)
				fprintf(fp, "%.1f | %.1f | %+.1f | ", bz->insns, xz->insns,
					bz->insns - xz->insns);
			else
				fprintf(fp, "not measured | | | ");
			if (bz && bn && bz->insns >= 0 && bn->insns >= 0)
				fprintf(fp, "%+.1f |\n", bz->insns - bn->insns);
			else
				fprintf(fp, "not measured |\n");
		}
	}
	fputc('\n', fp);
}

static void md_strategies(FILE *fp, const struct zt_prove_report *r)
{
	bool any = false;

	fprintf(fp, "## Fix strategies: hoist to the queue vs `__uninitialized`\n\n");
	if (!r->patch_uninit) {
		fprintf(fp, "`fix` did not offer the uninitialized strategy on this driver: %s\n\n",
			r->uninit_note ? r->uninit_note : "no reason given");
		return;
	}
	if (r->uninit_note)
		fprintf(fp, "How `fix` offered `__uninitialized` here: %s\n\n", r->uninit_note);
	fprintf(fp, "| compiler | auto-init | mode | baseline Mpps | hoist Mpps | "
		"uninitialized Mpps | instructions/packet (baseline / hoist / uninitialized) |\n");
	fprintf(fp, "|---|---|---|---|---|---|---|\n");
	for (size_t c = 0; c < r->n_compilers; c++)
		for (size_t s = 0; s < ARRAY_SIZE(table_sections); s++)
			for (size_t m = 0; m < ARRAY_SIZE(table_modes); m++) {
				const char *cc = r->compilers[c], *ai = table_sections[s].autoinit;
				const char *mode = table_modes[m].mode;
				const struct zt_bench_row *b0, *h, *u;
				char ph[32], pu[32];

				b0 = zt_bench_find(&r->bench, cc, ZT_SRC_BASELINE, ai, mode);
				h = zt_bench_find(&r->bench, cc, ZT_SRC_HOIST, ai, mode);
				u = zt_bench_find(&r->bench, cc, ZT_SRC_UNINIT, ai, mode);
				if (!b0 || !h || !u)
					continue;
				any = true;
				zt_fmt_pct(ph, sizeof(ph), zt_pct_change(b0->mpps, h->mpps));
				zt_fmt_pct(pu, sizeof(pu), zt_pct_change(b0->mpps, u->mpps));
				fprintf(fp, "| %s | %s | %s | %.2f | %.2f (%s) | %.2f (%s) | ",
					cc, ai, table_modes[m].label, b0->mpps, h->mpps, ph,
					u->mpps, pu);
				if (b0->insns >= 0 && h->insns >= 0 && u->insns >= 0)
					fprintf(fp, "%.1f / %.1f / %.1f |\n", b0->insns, h->insns,
						u->insns);
				else
					fprintf(fp, "not measured |\n");
			}
	if (!any)
		fprintf(fp, "| (not benchmarked) | | | | | | |\n");
	fputc('\n', fp);
}

static void md_fence(FILE *fp, const char *lang, const char *text)
{
	/* A patch may itself hold ``` lines: use a longer fence than any inside. */
	size_t longest = 0, run = 0;

	for (const char *p = text; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	for (size_t i = 0; i < (longest < 3 ? 3 : longest + 1); i++)
		fputc('`', fp);
	fprintf(fp, "%s\n%s", lang, text);
	if (!*text || text[strlen(text) - 1] != '\n')
		fputc('\n', fp);
	for (size_t i = 0; i < (longest < 3 ? 3 : longest + 1); i++)
		fputc('`', fp);
	fputs("\n\n", fp);
}

static void md_findings(FILE *fp, const struct zt_prove_report *r)
{
	fprintf(fp, "## Findings of `check`\n\n");
	fprintf(fp, "| function | variable | type | size | zeroing left at -O2 (gcc / clang) | "
		"frequency |\n|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < r->n_findings; i++) {
		const struct zt_prove_report_finding *f = &r->findings[i];

		fprintf(fp, "| `%s` | `%s` | `%s` | %lld | ", f->function ? f->function : "-",
			f->symbol, f->type ? f->type : "?", f->size);
		if (f->gcc_bytes >= 0)
			fprintf(fp, "%lld", f->gcc_bytes);
		else
			fputs("?", fp);
		fputs(" / ", fp);
		if (f->clang_bytes >= 0)
			fprintf(fp, "%lld", f->clang_bytes);
		else
			fputs("?", fp);
		fprintf(fp, " | %s |\n", f->frequency ? f->frequency : "unknown");
	}
	fputc('\n', fp);
}

static int md_bench(FILE *fp, const struct zt_prove_report *r)
{
	if (r->bench.n) {
		fprintf(fp, "## Bench\n\nProfile %s, %s RQ, %lu packets per round, %u rounds, all "
			"variants of one compiler interleaved in one process.\n\n",
			r->bench_profile ? r->bench_profile : "?", r->bench_rq ? r->bench_rq : "?",
			r->packets, r->rounds);
		for (size_t c = 0; c < r->n_compilers; c++) {
			char *buf = NULL;
			size_t len = 0;
			FILE *mem = open_memstream(&buf, &len);

			if (!mem)
				return error("out of memory");
			fprintf(mem, "Compiler: %s\n", r->compilers[c]);
			if (zt_prove_report_table(mem, &r->bench, r->compilers[c]))
				fprintf(mem, "(incomplete: %s)\n", zt_last_error());
			fclose(mem);
			md_fence(fp, "", buf);
			free(buf);
		}
		fprintf(fp, "![Mpps per variant](mpps.svg)\n\n");
		md_prediction(fp, r);
		md_strategies(fp, r);
	} else {
		fprintf(fp, "## Bench\n\nNot run (--quick or --no-bench).\n\n");
	}
	return 0;
}

static void md_diffs(FILE *fp, const struct zt_prove_report *r)
{
	fprintf(fp, "## Differential test\n\nrd-trace on the baseline and the transformed "
		"build, outputs compared byte for byte.\n\n");
	fprintf(fp, "| compiler | profile | mode | RQ | lines | result |\n"
		"|---|---|---|---|---|---|\n");
	for (size_t i = 0; i < r->n_diffs; i++) {
		const struct zt_diff_case *d = &r->diffs[i];

		fprintf(fp, "| %s | %s | %s | %s | %zu | %s |\n", d->compiler, d->profile, d->mode,
			d->rq ? d->rq : "-", d->lines, d->same ? "identical" : d->first_diff);
	}
	fputc('\n', fp);
}

static void md_sparse(FILE *fp, const struct zt_prove_report *r)
{
	fprintf(fp, "## sparse\n\n");
	fprintf(fp, "- baseline: %s\n", r->sparse_baseline && !*r->sparse_baseline ? "clean" :
		r->sparse_baseline ? "warnings below" : "not run");
	fprintf(fp, "- transformed: %s\n", r->sparse_transformed && !*r->sparse_transformed ?
		"clean" : r->sparse_transformed ? "warnings below" : "not run");
	if (r->sparse_uninit)
		fprintf(fp, "- uninitialized strategy: %s\n",
			*r->sparse_uninit ? "warnings below" : "clean");
	fputc('\n', fp);
	if (r->sparse_baseline && *r->sparse_baseline)
		md_fence(fp, "", r->sparse_baseline);
	if (r->sparse_transformed && *r->sparse_transformed)
		md_fence(fp, "", r->sparse_transformed);
	if (r->sparse_uninit && *r->sparse_uninit)
		md_fence(fp, "", r->sparse_uninit);
}

int zt_prove_report_markdown(FILE *fp, const struct zt_prove_report *r)
{
	int ret;

	fprintf(fp, "# zerotax prove: reference driver report\n\n");

	if (r->n_steps) {
		fprintf(fp, "## Pipeline\n\n| step | seconds | status |\n|---|---|---|\n");
		for (size_t i = 0; i < r->n_steps; i++)
			fprintf(fp, "| %s | %.1f | %s |\n", r->steps[i].name, r->steps[i].seconds,
				r->steps[i].status);
		fputc('\n', fp);
	}

	md_findings(fp, r);

	ret = md_bench(fp, r);
	if (ret)
		return ret;

	md_diffs(fp, r);

	md_sparse(fp, r);

	fprintf(fp, "## The generated patch\n\n");
	md_fence(fp, "diff", r->patch ? r->patch : "(none)\n");
	if (r->patch_uninit) {
		fprintf(fp, "## The generated patch, `--strategy=uninitialized`\n\n");
		md_fence(fp, "diff", r->patch_uninit);
	}
	return ferror(fp) ? error("cannot write the Markdown report") : 0;
}

/* --- HTML ----------------------------------------------------------------- */

static void html_pre(FILE *fp, const char *text)
{
	fputs("<pre>", fp);
	svg_escape(fp, text);
	fputs("</pre>\n", fp);
}

int zt_prove_report_html(FILE *fp, const struct zt_prove_report *r)
{
	char *md = NULL;
	size_t len = 0;
	FILE *mem;

	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	      "<title>zerotax prove report</title>\n<style>body{font-family:sans-serif;"
	      "max-width:70em;margin:auto}pre{background:#f6f8fa;padding:1em;overflow:auto}"
	      "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
	      ".bad{color:#b00}</style></head><body>\n", fp);
	fputs("<h1>zerotax prove: reference driver report</h1>\n", fp);

	if (r->bench.n) {
		fputs("<h2>Bench</h2>\n", fp);
		for (size_t c = 0; c < r->n_compilers; c++) {
			mem = open_memstream(&md, &len);
			if (!mem)
				return error("out of memory");
			fprintf(mem, "Compiler: %s\n", r->compilers[c]);
			if (zt_prove_report_table(mem, &r->bench, r->compilers[c]))
				fprintf(mem, "(incomplete: %s)\n", zt_last_error());
			fclose(mem);
			html_pre(fp, md);
			free(md);
			md = NULL;
		}
		fputs("<h2>Mpps per variant</h2>\n", fp);
		if (zt_prove_report_svg(fp, &r->bench, r->compilers, r->n_compilers))
			return -1;
	}

	/* The rest is the Markdown, verbatim: one source of truth for the text. */
	mem = open_memstream(&md, &len);
	if (!mem)
		return error("out of memory");
	if (zt_prove_report_markdown(mem, r)) {
		fclose(mem);
		free(md);
		return -1;
	}
	fclose(mem);
	fputs("<h2>Full report (Markdown)</h2>\n", fp);
	html_pre(fp, md);
	free(md);
	fputs("</body></html>\n", fp);
	return ferror(fp) ? error("cannot write the HTML report") : 0;
}

static int write_one(const char *dir, const char *name, const struct zt_prove_report *r,
		     int (*fn)(FILE *, const struct zt_prove_report *))
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *fp = fopen(path, "w");
	int ret;

	if (!fp) {
		ret = error("cannot write %s: %s", path, strerror(errno));
		free(path);
		return ret;
	}
	ret = fn(fp, r);
	if (fclose(fp) && !ret)
		ret = error("cannot write %s: %s", path, strerror(errno));
	free(path);
	return ret;
}

static int svg_of_report(FILE *fp, const struct zt_prove_report *r)
{
	return zt_prove_report_svg(fp, &r->bench, r->compilers, r->n_compilers);
}

int zt_prove_report_write(const struct zt_prove_report *r, const char *dir)
{
	if (mkdir(dir, 0755) && errno != EEXIST)
		return error("cannot create %s: %s", dir, strerror(errno));
	if (write_one(dir, "report.md", r, zt_prove_report_markdown) ||
	    write_one(dir, "report.html", r, zt_prove_report_html))
		return -1;
	if (r->bench.n && write_one(dir, "mpps.svg", r, svg_of_report))
		return -1;
	return 0;
}

void zt_prove_report_add_step(struct zt_prove_report *r, const char *name, double seconds,
			      const char *status)
{
	ZT_ALLOC_GROW(r->steps, r->n_steps + 1, r->alloc_steps);
	r->steps[r->n_steps].name = xstrdup(name);
	r->steps[r->n_steps].seconds = seconds;
	r->steps[r->n_steps].status = xstrdup(status);
	r->n_steps++;
}

void zt_prove_report_release(struct zt_prove_report *r)
{
	zt_bench_release(&r->bench);
	for (size_t i = 0; i < r->n_compilers; i++)
		free(r->compilers[i]);
	free(r->compilers);
	for (size_t i = 0; i < r->n_findings; i++) {
		free(r->findings[i].file);
		free(r->findings[i].function);
		free(r->findings[i].symbol);
		free(r->findings[i].type);
		free(r->findings[i].frequency);
	}
	free(r->findings);
	free(r->bench_function);
	free(r->bench_profile);
	free(r->bench_rq);
	free(r->patch);
	free(r->patch_uninit);
	free(r->uninit_note);
	for (size_t i = 0; i < r->n_diffs; i++) {
		free(r->diffs[i].compiler);
		free(r->diffs[i].profile);
		free(r->diffs[i].mode);
		free(r->diffs[i].rq);
		free(r->diffs[i].first_diff);
		free(r->diffs[i].placement);
	}
	free(r->diffs);
	free(r->sparse_baseline);
	free(r->sparse_transformed);
	free(r->sparse_uninit);
	for (size_t i = 0; i < r->n_steps; i++) {
		free(r->steps[i].name);
		free(r->steps[i].status);
	}
	free(r->steps);
	memset(r, 0, sizeof(*r));
}

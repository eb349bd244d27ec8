/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The report of `zerotax prove`: the bench results of the reference driver
 * (read from rd-bench's JSON), the seed-shaped table on stdout, and a
 * Markdown and an HTML page with an SVG chart under BUILD/report/.
 *
 * Nothing here runs a program or measures anything: it only renders what
 * the pipeline (prove.c) collected, so every piece is unit-tested.
 */
#ifndef ZT_PROVE_REPORT_H
#define ZT_PROVE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * The "source" half of a variant name: the tree the .so was built from.
 * Variants are named "<source>-<autoinit>" on rd-bench's command line.
 */
#define ZT_SRC_BASELINE "baseline"
#define ZT_SRC_HOIST "transformed"	/* fix's default strategy: hoist to the queue */
#define ZT_SRC_UNINIT "uninit"		/* fix --strategy=uninitialized */

/* One variant in one XDP mode: the median of the rounds and its spread. */
struct zt_bench_row {
	char *compiler;		/* "gcc-12", "clang-19" */
	char *variant;		/* rd-bench's variant name, "baseline-zero" */
	char *source;		/* ZT_SRC_* */
	char *autoinit;		/* "none", "zero", "pattern" */
	char *mode;		/* rd-bench's mode: "drop", "tx", ... */
	double mpps, mpps_lo, mpps_hi;
	double ns, ns_lo, ns_hi;
	double insns;		/* instructions/packet (callgrind); < 0: not measured */
	unsigned int rounds;
	double *rounds_ns;	/* ns/packet of each round, in round order (interleaved) */
	size_t n_rounds_ns;
};

struct zt_bench {
	struct zt_bench_row *v;
	size_t n, cap;
};

/*
 * Append the rows of one rd-bench JSON document, all measured with @compiler.
 * -1 (error() said) when the document does not have the expected shape.
 */
int zt_bench_parse_json(const char *text, size_t len, const char *compiler, struct zt_bench *b);
const struct zt_bench_row *zt_bench_find(const struct zt_bench *b, const char *compiler,
					 const char *source, const char *autoinit,
					 const char *mode);
void zt_bench_release(struct zt_bench *b);

/* A per-round change: median, quartiles and range, in percent. */
struct zt_gain {
	double med, q1, q3, lo, hi;
};

/*
 * The Mpps change of @xf over @base round by round (rd-bench interleaves the
 * variants, so round i of both ran under the same conditions). -1 when the
 * rounds are not there or do not pair up.
 */
int zt_bench_round_gain(const struct zt_bench_row *base, const struct zt_bench_row *xf,
			struct zt_gain *g);

/* (val - base) / base in percent; NAN when base is not positive. */
double zt_pct_change(double base, double val);
/* "+2.68%", "-0.41%", "n/a". */
void zt_fmt_pct(char *buf, size_t n, double pct);

/*
 * The seed-shaped table for one compiler (without the "Compiler:" line):
 * stack zeroing disabled (auto-init none) and enabled (zero), XDP_DROP and
 * XDP_TX, baseline vs transformed. Then the pattern section and the detail
 * lines (ns/packet, instructions/packet, spread). -1 when a cell is missing.
 */
int zt_prove_report_table(FILE *fp, const struct zt_bench *b, const char *compiler);

/* A finding of check as the report shows it. */
struct zt_prove_report_finding {
	char *file;
	unsigned int line;
	char *function;
	char *symbol;
	char *type;
	long long size;
	long long gcc_bytes;	/* zeroing that survived -O2; -1 unknown */
	long long clang_bytes;
	char *frequency;
};

/* One differential-test case (rd-trace on baseline vs transformed). */
struct zt_diff_case {
	char *compiler;
	char *profile;
	char *mode;
	char *rq;
	size_t lines;
	bool same;
	char *first_diff;	/* "line N: baseline '...' vs transformed '...'" */
	unsigned int page_size;
	char *placement;	/* buffer-placement class: the pool lines that differ, or NULL */
};

/* One pipeline step, for the timing table. */
struct zt_step {
	char *name;
	double seconds;
	char *status;		/* "ok", "skipped", "failed: ..." */
};

struct zt_prove_report {
	struct zt_bench bench;
	char **compilers;
	size_t n_compilers;
	struct zt_prove_report_finding *findings;
	size_t n_findings, alloc_findings;
	/* The receive function the bench path runs once per packet (prediction). */
	char *bench_function;
	char *bench_profile;
	char *bench_rq;
	unsigned int rounds;
	unsigned long packets;
	char *patch;		/* the generated patch (hoist), in full */
	char *patch_uninit;	/* the uninitialized strategy's patch; NULL: not offered */
	char *uninit_note;	/* why it was not offered, or fix's justification */
	struct zt_diff_case *diffs;
	size_t n_diffs, alloc_diffs;
	char *sparse_baseline;	/* sparse's warnings on each tree ("" when clean) */
	char *sparse_transformed;
	char *sparse_uninit;	/* NULL: no such tree */
	struct zt_step *steps;
	size_t n_steps, alloc_steps;
};

/* Bytes of zeroing check predicted per packet for @compiler on the bench path; -1 unknown. */
long long zt_prove_report_predicted_bytes(const struct zt_prove_report *r, const char *compiler);

/* The chart: Mpps per variant, one panel per compiler and XDP mode. */
int zt_prove_report_svg(FILE *fp, const struct zt_bench *b, char *const *compilers, size_t n);
int zt_prove_report_markdown(FILE *fp, const struct zt_prove_report *r);
int zt_prove_report_html(FILE *fp, const struct zt_prove_report *r);
/* report.md, report.html and mpps.svg into @dir (created). */
int zt_prove_report_write(const struct zt_prove_report *r, const char *dir);

void zt_prove_report_add_step(struct zt_prove_report *r, const char *name, double seconds,
			      const char *status);
void zt_prove_report_release(struct zt_prove_report *r);

#endif /* ZT_PROVE_REPORT_H */

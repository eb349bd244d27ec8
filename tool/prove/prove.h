/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The steps of `zerotax prove` on the bundled reference driver:
 *   1 check   2 fix (into a copy)   3 build the .so variants   4 sparse on both trees
 *   5 differential test (rd-trace)   6 bench (rd-bench)   7 report
 * Each step returns an outcome (enum zt_prove_outcome) and says what failed;
 * the pipeline stops at the first failure. Programs only through zt_spawn().
 * Only the command (builtin/cmd_prove.c) turns an outcome into an exit code.
 */
#ifndef ZT_PROVE_H
#define ZT_PROVE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "prove_report.h"
#include "zerotax.h"

/* How a run of prove, or one of its steps, ended. */
enum zt_prove_outcome {
	ZT_PROVE_OK = 0,
	ZT_PROVE_BROKEN,	/* a program it runs, or prove itself, failed */
	ZT_PROVE_FAILED,	/* ran, and the rewrite is not shown (or nothing to prove) */
	ZT_PROVE_INPUT,		/* the driver, the build or a patch cannot be used */
	ZT_PROVE_USAGE,		/* the --patch settings are not ones prove knows */
};

/*
 * `prove --patch`: a patch series against the driver instead of fix's rewrite.
 * Every string is NULL unless given on the command line; the first
 * "Zerotax-Prove:" line of the patches fills in the rest, then the defaults.
 */
struct zt_patch_opts {
	char **files;
	size_t n_files, alloc_files;
	const char *cls;	/* "must-not-change" or "buffer-placement" */
	const char *profiles;	/* rd-bench profiles, comma-separated */
	const char *rq;		/* legacy | striding */
	const char *page_size;	/* 4096 | 65536 */
	const char *cache;	/* warm, cold or both: "warm,cold" */
	const char *modes;	/* XDP modes, comma-separated */
	const char *autoinit;	/* none | zero | pattern */
	const char *dists;	/* look-ahead distances to compare, "2,4,8" */
};

struct zt_prove_opts {
	const char *source;	/* the driver's source: a reference-driver/ directory */
	const char *build;	/* the CMake build directory (rd-trace, rd-bench, compile db) */
	const char *self;	/* the zerotax binary, for check/fix run as programs */
	char **compilers;	/* "gcc-12", "clang-19" */
	size_t n_compilers, alloc_compilers;
	unsigned int rounds;
	unsigned long packets;	/* per bench round */
	unsigned long trace_packets;
	bool quick;		/* differential test only */
	bool no_bench;
	bool callgrind;		/* instructions/packet */
	unsigned int jobs;	/* make -j */
	struct zt_patch_opts patch;	/* n_files == 0: the check -> fix pipeline */
	bool model_validation;	/* only print the model-validation table */
};

/* The trees built and compared. */
enum zt_tree {
	ZT_TREE_BASELINE,
	ZT_TREE_HOIST,
	ZT_TREE_UNINIT,
	ZT_TREE_MAX,
};

enum zt_autoinit {
	ZT_AI_NONE,
	ZT_AI_ZERO,
	ZT_AI_PATTERN,
	ZT_AI_MAX,
};

struct zt_patch_run;

struct zt_prove {
	struct zt_ctx *ctx;
	const struct zt_prove_opts *o;
	char *work;		/* BUILD/prove: scratch, rebuilt every run */
	char *report_dir;	/* BUILD/report */
	char *variant_mk;
	char *compdb_dir;	/* BUILD/reference-driver */
	char *xf_compdb_dir;	/* the same, pointing at the transformed tree */
	char *rd_trace, *rd_bench;
	char *tree[ZT_TREE_MAX];	/* NULL: not produced */
	char *check_json;
	bool autoinit_built[ZT_AI_MAX];
	struct zt_prove_report report;
	/* differential test: page sizes traced; buffer-placement: pool lines may differ */
	unsigned int page_sizes[2];
	size_t n_page_sizes;
	bool placement;
	int only_ai;		/* build this auto-init only (and pattern with --quick); -1: all */
	struct zt_patch_run *pr;	/* --patch state (prove_patch.c) */
	int step;		/* the step running, for messages */
	const char *step_name;
};

enum zt_prove_outcome zt_prove_init(struct zt_prove *p, struct zt_ctx *ctx,
				     const struct zt_prove_opts *o);
enum zt_prove_outcome zt_prove_run(struct zt_prove *p);
/* The four upstream results against the reference driver's, from BUILD's last runs. */
int zt_prove_model_validation(struct zt_ctx *ctx, const char *build);
void zt_prove_release(struct zt_prove *p);

/* Pieces with no side effect, unit-tested. */
const char *zt_tree_name(enum zt_tree t);	/* the variant's source: report.h's ZT_SRC_* */
const char *zt_autoinit_name(enum zt_autoinit a);
/*
 * The first line where two traces differ: "line N: baseline '...' vs
 * transformed '...'"; NULL when byte-identical. Caller frees.
 */
char *zt_trace_first_diff(const char *a, size_t alen, const char *b, size_t blen);
/*
 * Warnings in @transformed that @baseline does not have. Lines are compared
 * without their line:column (a rewrite shifts lines) and with each tree's
 * directory replaced, as a multiset. Returns the new lines joined (caller
 * frees), or NULL when there is none.
 */
char *zt_sparse_new_warnings(const char *baseline, const char *base_dir,
			     const char *transformed, const char *xf_dir);
/*
 * Every occurrence of the directory @from in @s (as a whole path component
 * prefix) becomes @to: how check's JSON and the compile database are pointed
 * at the copy fix rewrites. Caller frees.
 */
char *zt_remap_path_string(const char *s, const char *from, const char *to);
int zt_json_remap_paths(json_t *j, const char *from, const char *to);
/*
 * --patch: the first "Zerotax-Prove: key=value ..." line of a patch into the
 * settings @set (indexed like the keys class, profile, rq, page-size, cache,
 * modes, auto-init, prefetch-dist) where @set has none yet; -1 with @err on
 * an unknown key or a bad value.
 */
int zt_patch_parse_header(const char *text, char **set, char *err, size_t errlen);
/* NULL when @value is valid for setting number @k, else what is expected. */
const char *zt_patch_setting_error(int k, const char *value);
/* Per-round ratios r[i]/base[i]: median, lower and upper quartile, min, max. */
void zt_patch_round_ratios(const double *r, const double *base, size_t n, double out[5]);
/* Read check's JSON into the report's findings (stack-autoinit, not suppressed). */
int zt_prove_load_findings(const char *json, size_t len, struct zt_prove_report *r);

#endif /* ZT_PROVE_H */

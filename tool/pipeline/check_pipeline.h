/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The CI pipeline shared by `check`, `check --kbuild`, `check --shard`,
 * `report` and `merge`:
 *
 *   compile commands --> per-TU results (facts + evidence; cached) --> program-level analysis
 *
 * A per-TU result (facts_json.h) is self-contained, so the program-level
 * analysis (call graph, roots, hot paths, stack check) can run where all of
 * them meet: in the same process (check -p), or later over a results file
 * written by Kbuild (report) or by several shards (merge). TUs always enter
 * the program in one order (by file, then command line), so the findings do
 * not depend on which way they were produced.
 */
#ifndef ZT_CHECK_PIPELINE_H
#define ZT_CHECK_PIPELINE_H

#include <stdbool.h>
#include <stdio.h>

#include "cache.h"
#include "callgraph.h"
#include "facts_json.h"
#include "hotrules.h"
#include "prepass.h"
#include "stack_check.h"

struct zt_ci_opts {
	char *const *hot;
	size_t n_hot;
	const struct zt_hotrules *rules;
	struct zt_stack_opts so;	/* min_size resolved, want_gcc/want_clang set */
	unsigned int budget;		/* 0: the rules' or the default */
	const char *evidence;		/* "both", "gcc", "clang", "build", "none" */
	bool build_evidence;		/* "build": each TU's own compiler, from its build's files */
	const struct zt_cache *cache;	/* NULL: no caching */
	bool prefilter;			/* the token pre-pass picks the TUs to parse */
	const struct zt_kernel_rules *kernel;	/* rules/kernel.conf (required) */
};

/* What the pre-pass did, for run.prefilter. */
struct zt_ci_prefilter {
	bool on;
	const char *off_why;		/* when off */
	size_t n_tus, parsed, rounds;
	size_t why[ZT_PP_WHY_COUNT];	/* TUs by reason (ZT_PP_SKIP: skipped) */
	size_t files_read, headers_read;
	size_t bytes_read;
	/* field calls and stores, and how many of them had their struct visible */
	size_t fcall_sites, fcall_typed, store_sites, store_typed;
	size_t given[3];		/* functions given: to a macro (followed), a function, unknown */
	size_t kernel_headers, kernel_bytes;
};

/* The TUs of one run, with their results as JSON (what results files and the cache hold). */
struct zt_ci_tus {
	struct zt_tu_result *v;
	json_t **json;
	char **key;		/* cache key; NULL when not cached */
	bool *dirty;		/* to be written to the cache */
	size_t n;
	size_t reused;		/* results taken from the cache */
};

/* Sort @db by file, then command line (a total, input-independent order). */
void zt_ci_sort_compdb(struct zt_compdb *db);

/* Parse every TU of @db (or take it from the cache); @db's commands are copied. */
int zt_ci_collect_facts(struct zt_ctx *ctx, const struct zt_compdb *db,
			const struct zt_ci_opts *o, struct zt_ci_tus *tus);
/*
 * zt_ci_collect_facts() for the TUs the token pre-pass (prepass.h) says a
 * hot path can reach, in rounds until the precise call graph of the parsed
 * TUs needs no other; @tus then holds only the parsed TUs, in order. With
 * o->prefilter off it is zt_ci_collect_facts().
 */
int zt_ci_collect_facts_prefiltered(struct zt_ctx *ctx, const struct zt_compdb *db,
				    const struct zt_ci_opts *o, struct zt_ci_tus *tus,
				    struct zt_ci_prefilter *pf);
/* run.prefilter, and run.files counting every TU of the database. */
void zt_ci_prefilter_report(json_t *run_info, const struct zt_ci_prefilter *pf);
/*
 * Which TUs need evidence when the program is not known (Kbuild, shards):
 * those defining a function with an uninitialised candidate local.
 */
bool *zt_ci_tu_prefilter(const struct zt_ci_tus *tus, const struct zt_stack_opts *so);
/* Compile evidence for want[t] TUs that lack it (cache and JSON kept in sync). */
void zt_ci_collect_evidence(struct zt_ctx *ctx, struct zt_ci_tus *tus, const bool *want,
			    const struct zt_ci_opts *o);
/* Write dirty TUs to the cache. */
void zt_ci_cache_store(struct zt_ctx *ctx, struct zt_ci_tus *tus, const struct zt_ci_opts *o);

/* Take the results read from files: dropping repeats (the last wins) and sorting. */
void zt_ci_tus_from_results(struct zt_tu_result *v, size_t n, struct zt_ci_tus *tus);
void zt_ci_tus_release(struct zt_ci_tus *tus);

/*
 * The program-level analysis over @tus (their facts are consumed). With
 * @compute, wanted evidence that is missing is compiled now (check -p);
 * without, what the results carry is used. Findings sorted, fingerprinted.
 */
int zt_ci_analyse(struct zt_ctx *ctx, struct zt_ci_tus *tus, const struct zt_ci_opts *o,
		  bool compute, struct zt_findings *fs, json_t **run_info, size_t *n_unparsed);

/* Append one line to a results file: O_APPEND and an exclusive flock, never torn. */
int zt_results_append(const char *path, json_t *tu);

/* Kbuild: is this argument a sparse-only flag (CHECKFLAGS) the compiler must not see? */
int zt_kbuild_sparse_flag(char *const *argv, int i);

struct zt_ci_output {
	enum zt_format format;	/* text, json, sarif, gcc or report */
	const char *baseline;	/* --baseline OLD.json */
	const char *allow;	/* --allow FILE (NULL: the default .zerotax-allow, if present) */
	const char *allow_dirs[3];	/* where to look for the default, in order */
	bool show_suppressed;
	const char *root;	/* paths relative to it (text, SARIF, suppressions) */
	const char *command;
};

/*
 * Suppressions, baseline, rendering; returns the exit code: 1 for active
 * (new, with a baseline) findings, 3 for input errors (a suppression without
 * a reason, an unreadable baseline), else @clean_code.
 */
int zt_ci_finish(struct zt_ctx *ctx, struct zt_findings *fs, json_t *run_info,
		 const struct zt_ci_output *out, int clean_code);

/* report/merge over results files: argv[0] is the command, then report's options. */
int zt_report_results(struct zt_ctx *ctx, int argc, char **argv, const char *command);

#endif /* ZT_CHECK_PIPELINE_H */

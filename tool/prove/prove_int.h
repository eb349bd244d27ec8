/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of prove share: prove.c (the check -> fix pipeline and the
 * step helpers), prove_build.c (build and sparse), prove_difftest.c (the
 * differential test), prove_text.c (pure text pieces) and prove_patch.c (the
 * --patch pipeline); the steps work on whatever tree sits in
 * p->tree[ZT_TREE_HOIST].
 */
#ifndef ZT_PROVE_INT_H
#define ZT_PROVE_INT_H

#include "process.h"
#include "prove.h"

/* Generous: a build of the driver takes seconds; valgrind takes a minute. */
#define TIMEOUT_BUILD_MS (10 * 60 * 1000)
#define TIMEOUT_TOOL_MS (10 * 60 * 1000)
#define TIMEOUT_TRACE_MS (60 * 1000)
#define TIMEOUT_BENCH_MS (12 * 60 * 1000)

double zt_prove_now(void);
/* "step N (name): <what>": the single way a step reports its failure. */
int zt_prove_fail(struct zt_prove *p, enum zt_prove_outcome code,
		  const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A missing dependency is not a result: ZT_PROVE_BROKEN, and say which step. */
int zt_prove_unavailable(struct zt_prove *p, const char *what);
void zt_prove_progress(struct zt_prove *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
bool zt_prove_is_file(const char *path);
int zt_prove_rm_tree(const char *path);
int zt_prove_mkdir_p(const char *path);
/* zt_spawn() with the step's error message on failure; @ok_code also counts as success. */
int zt_prove_spawn(struct zt_prove *p, char *const argv[], const struct zt_spawn_opts *opts,
		   struct zt_spawn_result *res, int ok_code);
char *zt_prove_so_path(const struct zt_prove *p, enum zt_tree t, enum zt_autoinit a,
		       const char *cc);
int zt_prove_remap_compdb(struct zt_prove *p, enum zt_tree t, char **dir_out);

/* A pipeline step; @quick: part of --quick (what make test runs), @bench: dropped by --no-bench. */
struct zt_prove_step {
	const char *name;
	int (*fn)(struct zt_prove *p);
	bool quick;
	bool bench;
};

int zt_prove_run_steps(struct zt_prove *p, const struct zt_prove_step *steps, size_t n);

/*
 * fn(p, tree, auto-init, compiler, count) for every build of the trees from
 * @first on: each compiler, each auto-init setting built; stops at an error.
 */
int zt_prove_each_build(struct zt_prove *p, int first,
			int (*fn)(struct zt_prove *p, enum zt_tree t, enum zt_autoinit a,
				  const char *cc, size_t *count),
			size_t *count);
int zt_prove_step_build(struct zt_prove *p);
int zt_prove_step_sparse(struct zt_prove *p);
int zt_prove_step_difftest(struct zt_prove *p);

/* prove_patch.c */
int zt_prove_patch_run(struct zt_prove *p);

#endif /* ZT_PROVE_INT_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The compiler's own evidence of what stack auto-init costs: recompile a TU
 * with -ftrivial-auto-var-init=zero and read what survived optimization.
 *   clang: optimization records (annotation-remarks), read with llvm-c/Remarks.h
 *   gcc:   ".DEFERRED_INIT (SIZE, 2, &"var"[0])" in -fdump-tree-optimized
 *   both:  -fstack-usage frame sizes
 */
#ifndef ZT_EVIDENCE_H
#define ZT_EVIDENCE_H

#include <stdbool.h>
#include <stddef.h>

#include "compdb.h"

/* One surviving zeroing of one variable in one function. */
struct zt_autoinit_site {
	char *function;		/* the function the code ended up in (the caller, if inlined) */
	char *var;		/* the variable's name; NULL when the compiler did not say */
	char *file;		/* declaration location, when known (clang with -g) */
	unsigned int line, column;
	long long bytes;	/* bytes of zeroing that survived -O2 */
	long long var_size;	/* the variable's full size, -1 if unknown */
	bool inlined;		/* the zeroing was inlined from another function */
};

struct zt_frame_size {
	char *function;
	long long bytes;
	bool dynamic;		/* "dynamic" or "dynamic,bounded" in the .su file */
};

struct zt_evidence {
	enum zt_compiler compiler;
	char *compiler_id;	/* "gcc-12.2.0", "clang-19.1.7" */
	struct zt_autoinit_site *sites;
	size_t n_sites;
	struct zt_frame_size *frames;
	size_t n_frames;
};

/*
 * Recompile @cmd with @which (gcc-12 or clang-19; the build's own flags, plus
 * what is needed for evidence) in a private directory under @scratch_dir.
 * 0 on success; -1 with error() said when the compile failed.
 */
int zt_evidence_collect(const struct zt_compile_cmd *cmd, enum zt_compiler which,
			const char *scratch_dir, struct zt_evidence *ev);

/* Readers, separately tested. Each appends to @ev; -1 on malformed input. */
int zt_remarks_parse(const char *buf, size_t len, struct zt_evidence *ev); /* YAML or bitstream */
int zt_gcc_dump_parse(const char *text, struct zt_evidence *ev);
int zt_stack_usage_parse(const char *text, struct zt_evidence *ev);

/* The surviving bytes for @var in @function (summed over sites), -1 if none recorded. */
long long zt_evidence_bytes(const struct zt_evidence *ev, const char *function, const char *var);

void zt_evidence_release(struct zt_evidence *ev);

#endif /* ZT_EVIDENCE_H */

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
	long long bytes;	/* bytes of zeroing that survived -O2; ZT_BYTES_UNKNOWN: not constant */
	long long var_size;	/* the variable's full size, -1 if unknown */
	bool inlined;		/* declared outside the function it ended up in (see docs/evidence.md) */
};

/* A zeroing whose size the compiler did not state as a constant (VLA, unknown instruction). */
#define ZT_BYTES_UNKNOWN (-2LL)

struct zt_frame_size {
	char *function;
	char *file;		/* where the function is defined, as the compiler says */
	unsigned int line;
	long long bytes;
	bool dynamic;		/* "dynamic" or "dynamic,bounded" in the .su file */
};

struct zt_evidence {
	enum zt_compiler compiler;
	char *compiler_id;	/* "gcc-12.2.0", "clang-19.1.7" */
	struct zt_autoinit_site *sites;
	size_t n_sites, alloc_sites;
	struct zt_frame_size *frames;
	size_t n_frames, alloc_frames;
};

/* The evidence of one TU, per compiler; absent when not asked or the compile failed. */
struct zt_tu_evidence {
	struct zt_evidence gcc, clang;
	bool have_gcc, have_clang;
};

/*
 * Recompile @cmd with @which (gcc-12 or clang-19; the build's own flags, plus
 * what is needed for evidence) in a private directory under @scratch_dir
 * (NULL: $TMPDIR or /tmp), removed afterwards. @ev is initialized here; the
 * compiler id is asked each call (no global cache). 0 on success; -1 with
 * error() said (the compiler's first lines of stderr) when the compile failed,
 * @ev then empty. Sites get absolute file paths, names read from the source
 * where clang said <unknown>, and "inlined" where the location proves it; the
 * records of one declaration in one function are merged into one site (bytes
 * summed, capped at the variable's size), so sites can simply be added up
 * (skip ZT_BYTES_UNKNOWN ones).
 * Safe to call from several threads at once.
 */
int zt_evidence_collect(const struct zt_compile_cmd *cmd, enum zt_compiler which,
			const char *scratch_dir, struct zt_evidence *ev);

/*
 * The evidence a normal build left next to the object @cmd writes (-o), when
 * it was built with zt_evidence_build_flags(@which) and auto-init zeroing
 * (-ftrivial-auto-var-init=zero): never recompiles. -1 with error() said per
 * TU when the build zeroes nothing, a file is missing, or one is older than
 * the object (rebuilt without the flags). @ev is initialized here.
 */
int zt_evidence_from_build(const struct zt_compile_cmd *cmd, enum zt_compiler which,
			   struct zt_evidence *ev);
/* The flags that make a build leave that evidence; NULL-terminated, static. */
const char *const *zt_evidence_build_flags(enum zt_compiler which);

/*
 * Read one compile's record (@rec: clang's optimization record or gcc's
 * optimized dump) and stack-usage file (@su) into @ev; either may be absent.
 * Locations are made absolute against @cmd's directory. 0, or -1 with error() said.
 */
int zt_evidence_read(enum zt_compiler which, const char *rec, const char *su,
		     const struct zt_compile_cmd *cmd, struct zt_evidence *ev);

/* Readers, separately tested. Each appends to @ev; -1 on malformed input. */
int zt_remarks_parse(const char *buf, size_t len, struct zt_evidence *ev); /* YAML or bitstream */
int zt_gcc_dump_parse(const char *text, struct zt_evidence *ev);
int zt_stack_usage_parse(const char *text, struct zt_evidence *ev);

/*
 * The surviving bytes for @var in @function, -1 if none recorded. Sites are
 * summed per declaration location and each location is capped at the
 * variable's size (an unrolled or duplicated zeroing runs once per execution
 * of the declaration); different locations (same name declared twice, or an
 * inline helper's local) add up. ZT_BYTES_UNKNOWN when every site is unknown.
 */
long long zt_evidence_bytes(const struct zt_evidence *ev, const char *function, const char *var);
/* The same for the variable declared at @file:@line (column 0: any column). */
long long zt_evidence_bytes_at(const struct zt_evidence *ev, const char *file, unsigned int line,
			       unsigned int column);
/* The frame size of @function (largest over its clones), -1 if not recorded. */
long long zt_evidence_frame(const struct zt_evidence *ev, const char *function, bool *dynamic);

void zt_evidence_release(struct zt_evidence *ev);

/* For the readers: append a zeroed entry (var_size -1), owned by @ev. */
struct zt_autoinit_site *zt_evidence_add_site(struct zt_evidence *ev);
struct zt_frame_size *zt_evidence_add_frame(struct zt_evidence *ev);
/* "foo.constprop.0" -> "foo": compilers name clones after the source function. */
char *zt_source_function_name(const char *s, size_t len);

#endif /* ZT_EVIDENCE_H */

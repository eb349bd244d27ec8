/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Compile command -> argv: the one place that knows how many words each gcc
 * or clang option takes, so every command line we rebuild (libclang's
 * arguments, the evidence compile, sparse, fix's syntax check) keeps an
 * option together with its value. Without it a "-dumpdir DIR" whose DIR was
 * dropped swallows whatever flag we add next (docs/check.md, "Build flags").
 *
 * The table is written from gcc-12 --help=separate and clang-19 --help-hidden
 * (the options printed with a separate <value>), plus the driver-only ones
 * (-wrapper, -specs, -Xarch_*, Darwin linker options).
 */
#ifndef ZT_CMDLINE_H
#define ZT_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "compdb.h"
#include "strbuf.h"

/* One option of a compile command with the separate words it takes. */
struct zt_cc_arg {
	const char *word;		/* the option, or a positional word */
	char *const *val;		/* its separate values (n_val of them) */
	size_t n_val;
	bool positional;		/* not an option: an input file, or an unknown option's value */
	bool truncated;			/* the command ended before all its values */
};

/*
 * How many following words @word consumes as an option of either driver:
 * 0 for flags and joined forms ("-Idir", "-o/x.o", "--param=x=1"), 1 for
 * "-I", "-o", "-dumpdir", "-Xclang", ...; 2 or 3 for a few Darwin ones.
 */
size_t zt_cc_option_words(const char *word);

/* Index of the first argument after the compiler and any ccache/distcc wrapper. */
size_t zt_cmdline_first(const struct zt_compile_cmd *c);

/*
 * Walk @c's arguments from *@i (start at zt_cmdline_first()): fills @a with the
 * next option and its values and advances *@i past them. false at the end.
 * A positional word right after an unknown option is returned on its own,
 * with positional set; zt_cmdline_is_input() tells the TU's file apart.
 */
bool zt_cmdline_next(const struct zt_compile_cmd *c, size_t *i, struct zt_cc_arg *a);

/* Is @word the command's own input file (relative to its directory)? */
bool zt_cmdline_is_input(const struct zt_compile_cmd *c, const char *word);

/*
 * Options that make the compiler run or load code of the build's choosing:
 * -fplugin=, -fpass-plugin=, -B, -wrapper, -specs, --config, -Xclang -load,
 * -Xclang -plugin... (docs/evidence.md, "Foreign code"). @a is one walked
 * option; *@skip_next_xclang is set when the following "-Xclang X" pair is
 * the loaded object and must go too.
 */
bool zt_cmdline_runs_foreign_code(const struct zt_cc_arg *a, bool *skip_next_xclang);

/*
 * Does option @a write a file of its own: an output (-o, -MF, -dumpdir, ...),
 * a dependency file (-MD, -Wp,-MMD,FILE), a dump, an optimization record,
 * saved temporaries, a stack-usage or coverage file, a split-DWARF .dwo?
 * Every command we rebuild writes only where we say, so each drops these.
 */
bool zt_cmdline_writes_file(const struct zt_cc_arg *a);

/*
 * Is option @a one known to write no file (the allow-list of cmdline.c)?
 * zt_cmdline_rebuild() drops every option that is not, whatever @keep says.
 */
bool zt_cmdline_writes_nothing(const struct zt_cc_arg *a);

/* Keep option @a (and its values) in the rebuilt command? */
typedef bool (*zt_cmdline_keep_fn)(const struct zt_cc_arg *a, void *data);

/*
 * The one rebuild of a compile command: appends to @out every option @keep
 * accepts, each with all its values, in the build's order. Never kept: the
 * compiler and its wrapper, the input file, an option cut off by the end of
 * the command, what runs foreign code and what zt_cmdline_writes_nothing()
 * does not know. A positional word that is not the
 * input stays only right after a kept unknown option (it may be its value),
 * so whatever the caller appends next cannot be swallowed.
 */
void zt_cmdline_rebuild(const struct zt_compile_cmd *c, zt_cmdline_keep_fn keep, void *data,
			struct zt_strvec *out);

/*
 * Append to @out the options a compiler's error text @err names as rejected
 * (unknown, unsupported, unrecognized; one per line). Returns how many.
 */
size_t zt_cmdline_rejected(const char *err, struct zt_strvec *out);

/* @a's option and all its values. */
void zt_cmdline_push_arg(struct zt_strvec *a, const struct zt_cc_arg *arg);

/*
 * Which compiler a command runs, from argv[0] or, behind ccache/distcc, the
 * word after it: gcc, gcc-12, x86_64-linux-gnu-gcc, cc -> gcc; clang, clang-19 -> clang.
 */
enum zt_compiler zt_compiler_of(char *const *argv, size_t argc);
/* The program zerotax runs for @cc: the gcc or clang CMake configured. */
const char *zt_compiler_program(enum zt_compiler cc);
/* "gcc-12" / "clang-19": the basename of zt_compiler_program(), for messages and keys. */
const char *zt_compiler_label(enum zt_compiler cc);

/* "gcc-12.2.0" / "clang-19.1.7" of zt_compiler_program(), asked each time; NULL if it cannot run. */
char *zt_compiler_version(enum zt_compiler cc);

#endif /* ZT_CMDLINE_H */

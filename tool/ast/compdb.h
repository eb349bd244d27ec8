/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Compile databases: loaded through libclang's CXCompilationDatabase (-p DIR),
 * or built from files given after "--" with flags. Kbuild's databases carry
 * gcc-only flags; zt_compdb_clang_args() drops what clang rejects.
 */
#ifndef ZT_COMPDB_H
#define ZT_COMPDB_H

#include <stdbool.h>
#include <stddef.h>

enum zt_compiler {
	ZT_CC_UNKNOWN,
	ZT_CC_GCC,
	ZT_CC_CLANG,
};

struct zt_compile_cmd {
	char *file;		/* absolute path of the source */
	char *directory;	/* absolute working directory */
	char **argv;		/* the original command, argv[0] the compiler; NULL-terminated */
	size_t argc;
};

struct zt_compdb {
	struct zt_compile_cmd *v;
	size_t n;
};

/* Load BUILD_DIR/compile_commands.json. -1 (with error() said) when broken. */
int zt_compdb_load(const char *build_dir, struct zt_compdb *db);
/*
 * The check zt_compdb_load() makes of the whole document before libclang
 * reads it (jansson: syntax, then the shape of every entry), on @text said to
 * come from @json. 0, or -1 with error() said.
 */
int zt_compdb_validate(const char *text, size_t len, const char *json);
/* One command per file, "cc FLAGS -c FILE" in the current directory. */
int zt_compdb_from_files(char *const *files, size_t n_files, char *const *flags, size_t n_flags,
			 struct zt_compdb *db);
void zt_compdb_release(struct zt_compdb *db);

/*
 * Arguments for libclang (no compiler, no -c/-o, no input file, gcc-only
 * flags dropped, clang's resource dir and -Wno-everything-that-gcc-knows
 * handled). NULL-terminated; free with zt_argv_free().
 */
char **zt_compdb_clang_args(const struct zt_compile_cmd *c, size_t *n);
/* Which compiler the build really uses, from argv[0] (gcc, gcc-12, clang-19, ...). */
enum zt_compiler zt_compdb_compiler(const struct zt_compile_cmd *c);
const char *zt_compiler_name(enum zt_compiler cc);

void zt_argv_free(char **argv);

/*
 * Is this one-word compiler argument dropped for libclang (gcc-only, warnings,
 * the action, debug info)? What writes a file is zt_cmdline_writes_file()'s.
 */
bool zt_compdb_flag_dropped(const char *arg);
/* clang-19 -print-resource-dir, asked once per process; NULL if clang is missing. */
const char *zt_clang_resource_dir(void);

#endif /* ZT_COMPDB_H */

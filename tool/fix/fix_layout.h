/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Applying a layout suggestion (a pure reorder) to the source of a copy of
 * the code: the struct's definition file, as DWARF names it, must lie under
 * the directory given, so a build of the original tree is never rewritten.
 */
#ifndef ZT_FIX_LAYOUT_H
#define ZT_FIX_LAYOUT_H

#include "layout.h"

/*
 * libclang arguments for parsing the headers: those of the first entry of
 * BUILD_DIR/compile_commands.json, or none when @build_dir is NULL.
 * NULL-terminated (free with zt_argv_free()); NULL with error() said.
 */
char **zt_layout_apply_args(const char *build_dir);

/*
 * Rewrite the definition of rep->l under @dir into the suggested order.
 * 0 rewritten, 1 nothing to apply (no suggestion), -1 with error() said.
 */
int zt_layout_apply(const struct zt_struct_report *rep, const char *dir, char **clang_args);

#endif /* ZT_FIX_LAYOUT_H */

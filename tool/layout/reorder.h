/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Apply a pure reordering of a struct's members to its C source: the member
 * declarations (with comments on their lines and the comment lines just above
 * them) are moved as whole lines into the slots of the old order. Nothing is
 * merged, split or dropped; anything that cannot be moved safely is refused.
 */
#ifndef ZT_REORDER_H
#define ZT_REORDER_H

#include <stddef.h>

/*
 * Reorder the top-level members of @record ("demo_rq" or "struct demo_rq";
 * a typedef name for an anonymous struct) defined in @src_file, parsed with
 * libclang using @clang_args (NULL-terminated, may be NULL). @new_order names
 * every top-level member exactly once: by name, or "#K" for the K-th member
 * (0-based) when it has none (anonymous unions, unnamed bitfields), as
 * zt_placement_names() writes them. On success *out_text is the new text of
 * @src_file (caller frees). -1 with error() said otherwise.
 */
int zt_reorder_struct(const char *src_file, char **clang_args, const char *record,
		      char *const *new_order, size_t n, char **out_text);

#endif /* ZT_REORDER_H */

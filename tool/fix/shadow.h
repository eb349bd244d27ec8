/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * shadow: the rewritten files of a tree, without a copy of the tree. A shadow
 * is a directory ($TMPDIR/zerotax-fix-XXXXXX/tree) that stands for the tree:
 * every entry is a symbolic link to the original, except on the way to a
 * rewritten file, where the directories are real (of links) and the file is
 * a fresh file. Compilers open "#include" files by the name they reach them
 * with, so a TU compiled from the shadow, with the tree's paths moved into
 * it, sees the rewritten headers wherever it includes them from.
 *
 * ".." is resolved by the kernel, through the link: a file reached under a
 * linked directory that includes "../x.h" sees the original x.h. The
 * directories below a rewritten file's directory are therefore real too (a
 * few levels down), which covers the "../en.h" of a driver's subdirectories.
 */
#ifndef ZT_SHADOW_H
#define ZT_SHADOW_H

#include <stdbool.h>
#include <stddef.h>

struct zt_shadow {
	char *src;		/* realpath of the tree */
	char *root;		/* the scratch directory (removed by zt_shadow_close) */
	char *tree;		/* root/tree: stands for src */
	char **files;		/* rewritten files, relative to the tree */
	size_t n_files, alloc_files;
};

/* A saved state of the rewritten files, to undo one finding's rewrite. */
struct zt_shadow_mark {
	char **rel;
	char **text;		/* NULL: the file was not rewritten then */
	size_t n;
};

/* The scratch directory in $TMPDIR (or /tmp). -1 with error() said. */
int zt_shadow_open(struct zt_shadow *sh, const char *src);
void zt_shadow_close(struct zt_shadow *sh);

/* The file as it is now (rewritten or original); NULL when unreadable. */
char *zt_shadow_read(const struct zt_shadow *sh, const char *rel);
/* The original of the tree. */
char *zt_shadow_read_orig(const struct zt_shadow *sh, const char *rel);
/* Rewrite @rel (a new file in the shadow, the original's mode). -1 with errno. */
int zt_shadow_write(struct zt_shadow *sh, const char *rel, const char *text);
/*
 * Where the shadow keeps @rel as fix read it, before its first rewrite (in
 * the scratch @root): write-back compares the tree's file with it.
 */
char *zt_shadow_as_read_path(const char *root, const char *rel);
/* Keep @text as @rel read from the tree, unless kept already. */
int zt_shadow_keep_as_read(struct zt_shadow *sh, const char *rel, const char *text);
/* Is @rel rewritten, and different from its original? */
bool zt_shadow_changed(const struct zt_shadow *sh, const char *rel);
/* The shadow's path for @rel (whether rewritten or not). */
char *zt_shadow_path(const struct zt_shadow *sh, const char *rel);

void zt_shadow_mark(const struct zt_shadow *sh, struct zt_shadow_mark *m);
/* Back to the mark: files rewritten since are links to the originals again. */
int zt_shadow_restore(struct zt_shadow *sh, const struct zt_shadow_mark *m);
void zt_shadow_mark_release(struct zt_shadow_mark *m);

#endif /* ZT_SHADOW_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A compile database from what Kbuild prints under make -n (compile-db):
 * each recipe line make prints is a shell command list; a simple command
 * with -c, -o OBJ.o and a .c or .S source last is a translation unit's
 * compile, taken word for word (Kbuild's cmd_cc_o_c and cmd_as_o_S). The
 * rest of the line (the progress echo, the traps, fixdep with the command
 * quoted once more, objtool, the .cmd file) is left alone. make's own
 * errors (no rule for a prerequisite) say why an object has no command.
 */
#ifndef ZT_KBUILD_DRY_H
#define ZT_KBUILD_DRY_H

#include <stdbool.h>
#include <stddef.h>

struct zt_kbuild_tu {
	char *object; /* as Kbuild names it: relative to the directory */
	char *file; /* the source, absolute and real */
	char **argv; /* the compile, argv[0] the compiler; NULL-terminated */
	size_t argc;
};

/* An object of the scope whose command could not be taken, and why. */
struct zt_kbuild_refusal {
	char *object;
	char *why;
};

struct zt_kbuild_scope {
	const char *directory; /* absolute: where Kbuild runs the compiles (the objtree) */
	char *const *goals; /* what to keep: "dir" (below it) or "dir/x.o", relative */
	size_t n_goals;
	const char *drop; /* a word to leave out of every command, or NULL */
};

struct zt_kbuild_cmds {
	struct zt_kbuild_tu *tu;
	size_t n_tu, alloc_tu;
	struct zt_kbuild_refusal *no;
	size_t n_no, alloc_no;
};

/*
 * Add to @cmds what make -n printed on stdout (@out) and said on stderr
 * (@err) for the objects of @scope. One whose command cannot be taken
 * exactly (a shell expansion, a source that does not exist, two different
 * commands) is a refusal, and so is one make had no rule for.
 */
void zt_kbuild_dry_parse(const char *out, const char *err, const struct zt_kbuild_scope *scope,
			 struct zt_kbuild_cmds *cmds);
/* Is @object (relative) one of @scope's goals or below one? */
bool zt_kbuild_in_scope(const struct zt_kbuild_scope *scope, const char *object);
void zt_kbuild_cmds_release(struct zt_kbuild_cmds *cmds);

#endif /* ZT_KBUILD_DRY_H */

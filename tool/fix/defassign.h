/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Field-level definite assignment, from the AST (libclang): is every field
 * of a local that is read written first, on every path of its function?
 * Writes are the code's own assignments, the calls it passes the local's
 * address to (their bodies in the TU are analysed the same way, per
 * parameter), and the init helpers of rules/init-helpers.conf. A call the
 * analysis cannot see into reads everything it is given. Never the
 * optimizer's result: this is what decides both strategies (docs/fix.md).
 */
#ifndef ZT_DEFASSIGN_H
#define ZT_DEFASSIGN_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"

struct zt_da_helpers;

/* rules/init-helpers.conf of @rules_dir (NULL: the data directory's). NULL on error. */
struct zt_da_helpers *zt_da_helpers_load(const char *rules_dir);
void zt_da_helpers_free(struct zt_da_helpers *h);

struct zt_da_answer {
	bool ok;		/* every field read is written first on every path */
	char *why;		/* ok: who writes it; else the read and the path (lines) */
	char *init_call;	/* a function the local's initializer calls, or NULL */
	/*
	 * What its designated initializer names, kept as the stores "a.b = v"
	 * before line @store_at (the block's first statement); none: it goes
	 */
	struct zt_strvec stores;
	unsigned int store_at;
};

void zt_da_answer_release(struct zt_da_answer *a);

/*
 * Analyse @var, declared at @line in @fn of @tu_file (compiled with @args).
 * 0 with *@a filled, -1 when the TU cannot be parsed or the local is not
 * found (a->why says which).
 */
/*
 * A callee without a body in the TU: the TU of the same driver that defines
 * @fn (its file and libclang arguments, both the caller's to free), or -1.
 */
struct zt_da_resolver {
	int (*find)(void *arg, const char *fn, char **file, char ***args);
	/*
	 * The functions stored into the function-pointer field @field_usr,
	 * declared in @field_file, anywhere in the program (check's call graph
	 * says), pushed to @names; -1 when that is not known to be all of them
	 */
	int (*stored)(void *arg, const char *field_usr, const char *field_file,
		      struct zt_strvec *names);
	void *arg;
};

int zt_da_check(const char *tu_file, char *const *args, const char *fn, const char *var,
		unsigned int line, const struct zt_da_helpers *h,
		const struct zt_da_resolver *res, struct zt_da_answer *a);

#endif /* ZT_DEFASSIGN_H */

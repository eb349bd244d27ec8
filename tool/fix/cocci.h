/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cocci: instantiate the semantic patch templates of rules/ for one finding
 * and run spatch on them. Templates carry {{NAME}} placeholders; every value
 * put into one is checked first (C identifiers, "struct NAME", plain paths),
 * so a finding cannot inject SmPL or Python into the generated file.
 */
#ifndef ZT_COCCI_H
#define ZT_COCCI_H

#include <stdbool.h>
#include <stddef.h>

#include "process.h"

/* One declaration check reported: the file relative to the tree, 1-based line. */
struct zt_cocci_pos {
	const char *rel;
	unsigned int line;
};

struct zt_cocci_vars {
	const struct zt_cocci_pos *pos;
	size_t n_pos;
	const char *type;		/* "struct mlx5e_xdp_buff" */
	const char *var;		/* "mxbuf" */
	const char *owner_type;		/* "struct mlx5e_rq" (hoist) */
	const char *owner_param;	/* "rq" (hoist) */
	const char *anchor;		/* the owner field the new one follows; NULL: the end */
	const char *attr;		/* uninitialized: "__uninitialized" or the attribute spelled out */
};

bool zt_is_c_identifier(const char *s);
/* "struct NAME" or "union NAME" with one space; what the templates accept as a type. */
bool zt_is_record_type(const char *s);
/* "ELEM[N]" (one dimension): the length of ELEM, else 0. */
size_t zt_array_elem_len(const char *s);

/* The template text with every placeholder replaced; NULL (error() said) on a bad value. */
char *zt_cocci_instantiate(const char *tmpl, const struct zt_cocci_vars *v);
/* Read rules/NAME.cocci from @rules_dir (NULL: the source tree's rules/). */
char *zt_cocci_load_template(const char *rules_dir, const char *name);

/* "zerotax-refuse: FILE:LINE:COL: FUNCTION: REASON" lines the guard rules print. */
struct zt_cocci_refusal {
	char *file;
	unsigned int line, column;
	char *function;
	char *reason;
};

struct zt_cocci_refusals {
	struct zt_cocci_refusal *v;
	size_t n, alloc;
};

int zt_cocci_parse_refusals(const char *text, struct zt_cocci_refusals *out);
void zt_cocci_refusals_release(struct zt_cocci_refusals *r);

/*
 * spatch --sp-file SP -D MODE [--in-place] --local-includes --recursive-includes
 * [-I DIR]... --very-quiet FILES,
 * run in @cwd with a timeout. 0 when spatch ran and exited 0; -1 (error()
 * said, with spatch's own message) otherwise. @res is the caller's to release.
 */
int zt_cocci_run(const char *sp_file, const char *mode, bool in_place, char *const *files,
		 size_t n_files, char *const *include_dirs, const char *cwd,
		 unsigned int timeout_ms, struct zt_spawn_result *res);

/* spatch's stderr without its "should X be a metavariable?" chatter (our names are literal). */
char *zt_cocci_filter_stderr(const char *err);

#endif /* ZT_COCCI_H */

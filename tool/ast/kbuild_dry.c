// SPDX-License-Identifier: GPL-2.0-only
/* A compile database from make -n's output; see kbuild_dry.h. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "compdb.h"
#include "kbuild_dry.h"
#include "shellwords.h"
#include "strbuf.h"
#include "strmap.h"
#include "zerotax.h"

bool zt_kbuild_in_scope(const struct zt_kbuild_scope *scope, const char *object)
{
	for (size_t i = 0; i < scope->n_goals; i++) {
		const char *g = scope->goals[i];
		size_t n = strlen(g);

		while (n && g[n - 1] == '/')
			n--;
		if (!n)
			return true; /* the whole tree */
		if (!strncmp(object, g, n) && (!object[n] || object[n] == '/'))
			return true;
	}
	return false;
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n >= t && !strcmp(s + n - t, tail);
}

static void refuse(struct zt_kbuild_cmds *cmds, const char *object, char *why)
{
	for (size_t i = 0; i < cmds->n_no; i++)
		if (!strcmp(cmds->no[i].object, object)) {
			free(why); /* the first reason is the one to mend first */
			return;
		}
	ZT_ALLOC_GROW(cmds->no, cmds->n_no + 1, cmds->alloc_no);
	cmds->no[cmds->n_no].object = xstrdup(object);
	cmds->no[cmds->n_no++].why = why;
}

static bool same_argv(char *const *a, size_t na, char *const *b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]))
			return false;
	return true;
}

/* The compile's object when @w is one (-c, -o X.o, a .c or .S source last), else NULL. */
static const char *compile_object(const struct zt_strvec *w)
{
	const char *obj = NULL;
	bool c = false;

	if (w->n < 4)
		return NULL;
	for (size_t i = 1; i + 1 < w->n; i++) {
		if (!strcmp(w->v[i], "-c"))
			c = true;
		else if (!strcmp(w->v[i], "-o") && i + 2 < w->n)
			obj = w->v[i + 1];
	}
	if (!c || !obj || !ends_with(obj, ".o"))
		return NULL;
	return obj;
}

/*
 * Kbuild's dependency fixer, "fixdep DEPFILE OBJ 'COMMAND'", follows each
 * compile on its line: the object it names, when it is one, else NULL.
 */
static const char *fixdep_object(const struct zt_strvec *w)
{
	const char *base;

	if (w->n != 4)
		return NULL;
	base = strrchr(w->v[0], '/');
	base = base ? base + 1 : w->v[0];
	return !strcmp(base, "fixdep") && ends_with(w->v[2], ".o") ? w->v[2] : NULL;
}

/* One simple command of a printed recipe line: a TU of the scope's, or nothing. */
static void take_command(struct zt_kbuild_cmds *cmds, struct zt_strmap *seen,
			 const struct zt_kbuild_scope *scope, struct zt_strvec *w,
			 unsigned int shell)
{
	const char *obj = compile_object(w), *src;
	struct zt_kbuild_tu *tu;
	struct zt_strvec argv = ZT_STRVEC_INIT;
	char *path, *real;
	size_t at;

	if (!obj || !zt_kbuild_in_scope(scope, obj))
		return;
	src = w->v[w->n - 1];
	if (!ends_with(src, ".c") && !ends_with(src, ".S")) {
		refuse(cmds, obj,
		       xasprintf("its compile does not end with a .c or .S source "
				 "('%s')",
				 src));
		return;
	}
	if (shell & (ZT_SHELL_EXPANDS | ZT_SHELL_UNTERMINATED)) {
		refuse(cmds, obj,
		       xstrdup(shell & ZT_SHELL_EXPANDS
				       ? "its compile needs the shell to expand a $ or ` "
					 "(not taken: the command would not be exact)"
				       : "its compile has an unclosed quote"));
		return;
	}
	path = src[0] == '/' ? xstrdup(src) : xasprintf("%s/%s", scope->directory, src);
	real = realpath(path, NULL);
	if (!real) {
		refuse(cmds, obj,
		       xasprintf("its source %s does not exist (made by a rule "
				 "make -n prints but does not run?)",
				 path));
		free(path);
		return;
	}
	free(path);
	for (size_t i = 0; i < w->n; i++)
		if (!scope->drop || strcmp(w->v[i], scope->drop))
			zt_strvec_push(&argv, w->v[i]);
	at = zt_strmap_get(seen, obj);
	if (at != (size_t)-1) {
		tu = &cmds->tu[at];
		if (tu->argv && !same_argv(tu->argv, tu->argc, argv.v, argv.n)) {
			refuse(cmds, obj, xstrdup("make -n printed two different compiles for it"));
			zt_argv_free(tu->argv);
			tu->argv = NULL;
		}
		zt_strvec_clear(&argv);
		free(real);
		return;
	}
	ZT_ALLOC_GROW(cmds->tu, cmds->n_tu + 1, cmds->alloc_tu);
	tu = &cmds->tu[cmds->n_tu];
	tu->object = xstrdup(obj);
	tu->file = real;
	tu->argc = argv.n;
	tu->argv = zt_strvec_detach(&argv);
	zt_strmap_put(seen, tu->object, cmds->n_tu++);
}

/* make's "No rule to make target 'X', needed by 'OBJ'." for an object of the scope. */
static void take_make_error(struct zt_kbuild_cmds *cmds, const struct zt_kbuild_scope *scope,
			    const char *line, size_t len)
{
	static const char rule[] = "No rule to make target '", by[] = "', needed by '";
	char *l = xstrndup(line, len), *target, *obj, *end;

	target = strstr(l, rule);
	obj = target ? strstr(target, by) : NULL;
	if (obj) {
		target += strlen(rule);
		*obj = '\0';
		obj += strlen(by);
		end = strchr(obj, '\'');
		if (end) {
			*end = '\0';
			if (zt_kbuild_in_scope(scope, obj))
				refuse(cmds, obj,
				       xasprintf("make has no rule to make '%s', "
						 "which it needs",
						 target));
		}
	}
	free(l);
}

/*
 * Kbuild gives fixdep the compile once more, as the .cmd file keeps it ($
 * doubled, # as $(pound) or \#): the two copies on one line must agree, or
 * the line was cut by another process's output. A recipe whose compile was
 * not read at all would otherwise leave its object out without a word.
 */
static void check_fixdep(struct zt_kbuild_cmds *cmds, const struct zt_strmap *seen,
			 const struct zt_kbuild_scope *scope, const char *obj, const char *saved)
{
	size_t at = zt_strmap_get(seen, obj);
	struct zt_strbuf cmd = ZT_STRBUF_INIT;
	struct zt_strvec w = ZT_STRVEC_INIT, kept = ZT_STRVEC_INIT;
	struct zt_kbuild_tu *tu;
	const char *p;

	if (at == (size_t)-1) {
		refuse(cmds, obj,
		       xstrdup("make printed its recipe (fixdep names it) but no "
			       "compile of it could be read there"));
		return;
	}
	tu = &cmds->tu[at];
	if (!tu->argv)
		return;
	zt_strbuf_adds(&cmd, "");
	for (p = saved; *p; p++) {
		if (!strncmp(p, "$(pound)", 8) || (p[0] == '\\' && p[1] == '#')) {
			zt_strbuf_adds(&cmd, "#");
			p += p[0] == '$' ? 7 : 1;
		} else {
			zt_strbuf_add(&cmd, p, 1);
			p += p[0] == '$' && p[1] == '$';
		}
	}
	p = cmd.buf;
	zt_shell_next_command(&p, &w, ZT_SHELL_LIST);
	for (size_t i = 0; i < w.n; i++)
		if (!scope->drop || strcmp(w.v[i], scope->drop))
			zt_strvec_push(&kept, w.v[i]);
	if (!same_argv(tu->argv, tu->argc, kept.v, kept.n)) {
		refuse(cmds, obj,
		       xstrdup("its compile is not the copy Kbuild gives fixdep on "
			       "the same line (cut by another process's output?)"));
		zt_argv_free(tu->argv);
		tu->argv = NULL;
	}
	zt_strvec_clear(&w);
	zt_strvec_clear(&kept);
	zt_strbuf_release(&cmd);
}

void zt_kbuild_dry_parse(const char *out, const char *err, const struct zt_kbuild_scope *scope,
			 struct zt_kbuild_cmds *cmds)
{
	struct zt_strmap seen = { 0 };
	struct zt_strvec fixed = ZT_STRVEC_INIT; /* object, command, object, ... */
	size_t keep = 0;

	for (size_t i = 0; i < cmds->n_tu; i++)
		zt_strmap_put(&seen, cmds->tu[i].object, i);
	for (const char *p = out; p && *p;) {
		struct zt_strvec w = ZT_STRVEC_INIT;
		unsigned int shell = zt_shell_next_command(&p, &w, ZT_SHELL_LIST);
		const char *fixdep = fixdep_object(&w);

		if (fixdep && zt_kbuild_in_scope(scope, fixdep)) {
			zt_strvec_push(&fixed, fixdep);
			zt_strvec_push(&fixed, w.v[3]);
		}
		take_command(cmds, &seen, scope, &w, shell);
		zt_strvec_clear(&w);
	}
	for (size_t i = 0; i + 1 < fixed.n; i += 2)
		check_fixdep(cmds, &seen, scope, fixed.v[i], fixed.v[i + 1]);
	zt_strvec_clear(&fixed);
	for (const char *p = err, *nl; p && *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		take_make_error(cmds, scope, p, nl - p);
	}
	/* what two different compiles or a cut line left empty */
	for (size_t i = 0; i < cmds->n_tu; i++) {
		if (cmds->tu[i].argv)
			cmds->tu[keep++] = cmds->tu[i];
		else
			free(cmds->tu[i].object), free(cmds->tu[i].file);
	}
	cmds->n_tu = keep;
	zt_strmap_release(&seen);
}

void zt_kbuild_cmds_release(struct zt_kbuild_cmds *cmds)
{
	for (size_t i = 0; i < cmds->n_tu; i++) {
		free(cmds->tu[i].object);
		free(cmds->tu[i].file);
		zt_argv_free(cmds->tu[i].argv);
	}
	for (size_t i = 0; i < cmds->n_no; i++) {
		free(cmds->no[i].object);
		free(cmds->no[i].why);
	}
	free(cmds->tu);
	free(cmds->no);
	memset(cmds, 0, sizeof(*cmds));
}

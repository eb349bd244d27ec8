// SPDX-License-Identifier: GPL-2.0-only
/* fix, rewrite: one instantiated semantic patch per finding, its diff applied to the shadow. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmdline.h"
#include "cocci.h"
#include "fix_internal.h"
#include "fixtext.h"
#include "fix_stages_int.h"
#include "fixtree.h"
#include "placement.h"
#include "process.h"
#include "shadow.h"
#include "strbuf.h"
#include "verify.h"

/* ---- where a hoisted field goes -------------------------------------------- */

static bool cold_comment(const char *b, const char *e)
{
	static const char *const words[] = { "control", "cold", "slow path", "slowpath",
					     "read-mostly", "config" };

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (memmem(b, (size_t)(e - b), words[i], strlen(words[i])))
			return true;
	return false;
}

/*
 * Without a choice from the layout model (details.owner.after), the field goes
 * after the last hot member: before a comment that opens the cold part
 * ("control", "cold", "slow path"). Failing that, at the end, but not
 * behind a trailing cache-line aligned member: that one starts a line of its
 * own, and whatever follows it would share it.
 */
/* Only blanks between the line's start and @p: a section's heading comment. */
static bool starts_line(const char *text, const char *p)
{
	while (p > text && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	return p == text || p[-1] == '\n';
}

/* Does the comment [b, e) name the type's subsystem ("XDP" for struct xdp_buff)? */
static bool names_type(const char *b, const char *e, const char *type)
{
	static const char *const generic[] = { "buf", "buff", "info", "data", "desc", "ctx" };
	char *words = xstrdup(strchr(type, ' ') + 1), *save = NULL;
	bool hit = false;

	for (char *w = strtok_r(words, "_", &save); w && !hit; w = strtok_r(NULL, "_", &save)) {
		size_t n = strlen(w);
		bool skip = n < 3 || isdigit((unsigned char)w[n - 1]);

		for (size_t i = 0; i < ARRAY_SIZE(generic); i++)
			skip |= !strcmp(w, generic[i]);
		for (const char *p = b; !skip && !hit && p + n <= e; p++)
			hit = !strncasecmp(p, w, n) && !isalnum((unsigned char)p[n]) &&
			      (p == b || !isalnum((unsigned char)p[-1]));
	}
	free(words);
	return hit;
}

static char *default_anchor(const char *otext, const char *owner_type, const char *type)
{
	const char *def = zt_find_definition(otext, owner_type);
	const char *open = def ? strchr(def, '{') : NULL, *close = open ? zt_match_brace(open) : NULL;
	const char *p, *stmt;
	char *names[2] = { NULL, NULL };
	bool last_aligned = false, in_section = false;
	int depth = 0;

	if (!close)
		return NULL;
	stmt = open + 1;
	for (p = open + 1; p < close; p++) {
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				break;
			/* "control", "cold", "slow path": the hot part ended with the member before. */
			if (!depth && names[1] &&
			    (cold_comment(p, e) || (in_section && starts_line(otext, p)))) {
				free(names[0]);
				return names[1];
			}
			/* The hot part's section for the type ("XDP"): the field ends it. */
			if (!depth && starts_line(otext, p) && names_type(p, e, type))
				in_section = true;
			p = e + 1;
			stmt = p + 1;
			continue;
		}
		if (*p == '{' || *p == '(' || *p == '[')
			depth++;
		else if (*p == '}' || *p == ')' || *p == ']')
			depth--;
		else if (*p == ';' && !depth) {
			/* The member's name: the last identifier outside brackets, not an attribute. */
			char *name = NULL;
			int dd = 0;
			bool bitfield = false;

			last_aligned = memmem(stmt, (size_t)(p - stmt), "aligned", 7) != NULL;
			for (const char *q = stmt; q < p; q++) {
				if (*q == '(' || *q == '[' || *q == '{')
					dd++;
				else if (*q == ')' || *q == ']' || *q == '}')
					dd--;
				else if (*q == ':' && !dd)
					bitfield = true;
				else if (!dd && !bitfield && (isalpha((unsigned char)*q) || *q == '_') &&
					 (q == stmt || !(isalnum((unsigned char)q[-1]) || q[-1] == '_'))) {
					const char *e = q;

					while (e < p && (isalnum((unsigned char)*e) || *e == '_'))
						e++;
					if (strncmp(q, "__", 2)) {
						free(name);
						name = xstrndup(q, (size_t)(e - q));
					}
					q = e - 1;
				}
			}
			free(names[0]);
			names[0] = names[1];
			names[1] = name;
			stmt = p + 1;
		}
	}
	free(names[1]);
	if (!last_aligned) {
		free(names[0]);
		return NULL;
	}
	return names[0];
}

/* ---- spatch ----------------------------------------------------------------- */

static char *sp_name(const struct fix_rewriter *rw, size_t k, const struct site *s)
{
	return xasprintf("%s/%02zu-%s-%s-%s.cocci", rw->spdir, k + 1,
			 zt_fix_strategy_name(s->strategy),
			 s->f->function, s->var);
}

/*
 * __uninitialized when the TU defines it (Linux: compiler_attributes.h), as
 * the preprocessor sees it; else the attribute spelled out.
 */
static const char *uninit_attr(const struct fix_env *env, const struct site *s)
{
	char **args = zt_fix_clang_args(env->build, s->rel);
	char *abs = path_in(env->src, s->rel);
	int have = zt_tu_defines_macro(abs, args, "__uninitialized");

	zt_argv_free(args);
	free(abs);
	return have == 1 ? "__uninitialized" : "__attribute__((__uninitialized__))";
}

/*
 * The driver's own include directories of @rel's command, in the shadow:
 * spatch's -I. The tree's public headers are left out: spatch would parse
 * all of include/linux for nothing, and they are never rewritten.
 */
static char **include_dirs(const struct fix_env *env, const char *rel)
{
	struct zt_strvec dirs = ZT_STRVEC_INIT;
	char **v = xcalloc(1, sizeof(*v));
	size_t n = 0;

	zt_fix_include_dirs(env->build, rel, &dirs);
	for (size_t k = 0; k < dirs.n; k++) {
		char real[PATH_MAX], *r = zt_real_path_under(env->src, dirs.v[k]);

		/* the tree's root itself ("-I."): the owner's header may be found only there */
		if (!r && realpath(dirs.v[k], real) && !strcmp(real, env->src))
			r = xstrdup("");
		if (!r || (r[0] && zt_place_is_public(r))) {
			free(r);
			continue;
		}
		v = xrealloc(v, (n + 2) * sizeof(*v));
		v[n++] = r[0] ? zt_shadow_path(env->sh, r) : xstrdup(env->sh->tree);
		v[n] = NULL;
		free(r);
	}
	zt_strvec_clear(&dirs);
	return v;
}

/*
 * @text with the hunks of a unified diff (@d to @end, one file's) applied, in
 * *@out; -1 with *@bad_line where a context or removed line is not the text's.
 */
static int patch_text(const char *text, const char *d, const char *end, char **out,
		      unsigned int *bad_line)
{
	size_t len_out = 0;
	FILE *m = open_memstream(out, &len_out);
	const char *src = text, *p = d;
	unsigned int line = 1;
	int ret = 0;

	while (p < end && !ret) {
		unsigned int a, an = 1, c, cn = 1;
		const char *eol;

		if (strncmp(p, "@@ -", 4) ||
		    (sscanf(p, "@@ -%u,%u +%u,%u @@", &a, &an, &c, &cn) < 3 &&
		     sscanf(p, "@@ -%u +%u,%u @@", &a, &c, &cn) < 2)) {
			eol = strchr(p, '\n');
			p = eol ? eol + 1 : end;
			continue;
		}
		if (!an)
			a++;	/* "-N,0": insert after line N */
		/* Copy up to the hunk. */
		for (; line < a && *src; line++) {
			eol = strchr(src, '\n');
			eol = eol ? eol + 1 : src + strlen(src);
			fwrite(src, 1, (size_t)(eol - src), m);
			src = eol;
		}
		eol = strchr(p, '\n');
		p = eol ? eol + 1 : end;
		while (p < end && (*p == ' ' || *p == '-' || *p == '+' || *p == '\\')) {
			const char *le = strchr(p, '\n');
			size_t len = le ? (size_t)(le - p) : strlen(p);

			if (*p == '+') {
				fwrite(p + 1, 1, len - 1, m);
				fputc('\n', m);
			} else if (*p != '\\') {
				const char *se = strchr(src, '\n');
				size_t sl = se ? (size_t)(se - src) : strlen(src);

				if (sl != len - 1 || strncmp(src, p + 1, sl)) {
					*bad_line = line;
					ret = -1;
					break;
				}
				if (*p == ' ')
					fwrite(src, 1, se ? sl + 1 : sl, m);
				src = se ? se + 1 : src + sl;
				line++;
			}
			p = le ? le + 1 : end;
		}
	}
	fputs(src, m);
	fclose(m);
	return ret;
}

/*
 * Apply spatch's diff to the shadow. spatch diffs against the files exactly
 * as it read them (the shadow's), so every hunk applies at its line; a hunk
 * that does not is an error, never fuzz.
 */
static int apply_hunks(const struct fix_env *env, const char *rel, const char *d, const char *end,
		       struct fix_outcome *out)
{
	char *text = zt_shadow_read(env->sh, rel), *patched = NULL;
	unsigned int bad = 0;
	int ret = 0;

	if (!text)
		return fix_fail(out, "spatch", "cannot read %s", rel);
	/* the rewrite is made from this text: write-back compares the tree with it */
	if (zt_shadow_keep_as_read(env->sh, rel, text)) {
		free(text);
		return fix_fail(out, "spatch", "cannot keep %s as read: %s", rel, strerror(errno));
	}
	if (patch_text(text, d, end, &patched, &bad))
		ret = fix_fail(out, "spatch", "spatch's diff does not apply to %s at line %u", rel,
			       bad);
	else if (zt_shadow_write(env->sh, rel, patched))
		ret = fix_fail(out, "spatch", "cannot write %s in the scratch tree: %s", rel,
			       strerror(errno));
	free(patched);
	free(text);
	return ret;
}

/* The file a "--- NAME" line of spatch's diff names, relative to the tree. */
static char *diff_file(const struct fix_env *env, const char *name, size_t len)
{
	char *n = xstrndup(name, len), *abs, *r;

	abs = n[0] == '/' ? xstrdup(n) : xasprintf("%s/%s", env->sh->tree, n);
	/* The shadow's links resolve into the tree; its rewritten files do not. */
	r = zt_real_path_under(env->src, abs);
	if (!r) {
		size_t tl = strlen(env->sh->tree);

		if (!strncmp(abs, env->sh->tree, tl) && abs[tl] == '/')
			r = xstrdup(abs + tl + 1);
		while (r && !strncmp(r, "./", 2))
			memmove(r, r + 2, strlen(r + 2) + 1);
	}
	free(abs);
	free(n);
	return r;
}

static int apply_diff(const struct fix_rewriter *rw, const struct site *s, const char *diff,
		      struct fix_outcome *out)
{
	const char *p = diff;
	/* A header reached by two names is printed twice: apply it once. */
	struct zt_strvec done = ZT_STRVEC_INIT;

	while ((p = strstr(p, "--- ")) && !out->step) {
		const char *eol = strchr(p, '\n'), *next, *plus;
		char *rel;
		int ret;

		if (p != diff && p[-1] != '\n') {
			p += 4;
			continue;
		}
		plus = eol ? eol + 1 : NULL;
		if (!plus || strncmp(plus, "+++ ", 4)) {
			p += 4;
			continue;
		}
		rel = diff_file(rw->env, p + 4, (size_t)(eol - p - 4));
		if (!rel) {
			fix_fail(out, "spatch", "spatch changed %.*s, outside the tree",
				 (int)(eol - p - 4), p + 4);
			break;
		}
		p = strchr(plus, '\n');
		p = p ? p + 1 : plus + strlen(plus);
		for (next = p; (next = strstr(next, "\n--- ")); next++)
			if (!strncmp(strchr(next + 1, '\n') ? strchr(next + 1, '\n') + 1 : "",
				     "+++ ", 4))
				break;
		next = next ? next + 1 : p + strlen(p);
		ret = 0;
		if (zt_strvec_has(&done, rel)) {
			free(rel);
			rel = NULL;
		}
		if (rel) {
			ret = fix_exact(rw, s, rel, p, next, out);
			if (!ret)
				ret = apply_hunks(rw->env, rel, p, next, out);
			zt_strvec_push_nodup(&done, rel);
		}
		if (ret)
			break;
		p = next;
	}
	zt_strvec_clear(&done);
	return out->step ? -1 : 0;
}

/* "zerotax-fill: FUNCTION: FILL": the call the guard rule found writing the local first. */
static char *fill_of(const char *text, const char *fn)
{
	char *want = xasprintf("zerotax-fill: %s: ", fn), *fill = NULL;
	const char *p = text ? strstr(text, want) : NULL;

	if (p) {
		p += strlen(want);
		fill = xstrndup(p, strcspn(p, "\n"));
	}
	free(want);
	return fill;
}

/*
 * Is @var already a member of the owner (other than the field a previous run
 * added)? check says so in owner.name_taken; this looks at the code itself.
 * Returns the member's line, 0 when the name is free.
 */
static unsigned int member_taken(const char *otext, const char *owner_type, const char *type,
				 const char *var)
{
	const char *def = zt_find_definition(otext, owner_type);
	const char *open = def ? strchr(def, '{') : NULL, *close = open ? zt_match_brace(open) : NULL;
	char *ours = xasprintf("%s %s;", type, var);
	size_t n = strlen(var);
	unsigned int line = 0;

	for (const char *p = open; close && p && p < close && !line; p++) {
		const char *q;

		p = strstr(p, var);
		if (!p || p >= close)
			break;
		if (isalnum((unsigned char)p[-1]) || p[-1] == '_' ||
		    isalnum((unsigned char)p[n]) || p[n] == '_')
			continue;
		for (q = p + n; *q == ' ' || *q == '\t'; q++)
			;
		if (*q != ';' && *q != '[' && *q != ':' && *q != ',' && strncmp(q, "__", 2))
			continue;
		/* Our own field from an earlier run is not a collision. */
		if (p - open >= (ptrdiff_t)(strlen(ours) - n - 1) &&
		    !strncmp(p - (strlen(ours) - n - 1), ours, strlen(ours)))
			continue;
		line = zt_line_of(otext, p);
	}
	free(ours);
	return line;
}

/* A line of the same text. */
static bool same_text(const char *was, const char *line, size_t len, void *arg)
{
	(void)arg;
	return len == strlen(was) && !strncmp(line, was, len);
}

/*
 * The finding's declaration line in the shadow now. Sites run bottom-up in a
 * file, so their rewrites do not move the ones still to come, but a member
 * added to an owner defined above them in the same file does (virtio_net.c's
 * struct receive_queue): the line is found again by its text, at the same
 * distance from its function's "{" where the text repeats. 0: it is gone.
 */
static unsigned int line_now(const struct fix_env *env, const struct site *s)
{
	char *orig, *now;
	unsigned int l;

	if (!zt_shadow_changed(env->sh, s->rel))
		return s->f->line;
	orig = zt_shadow_read_orig(env->sh, s->rel);
	now = zt_shadow_read(env->sh, s->rel);
	l = orig && now ? zt_line_again(orig, now, s->f->function, s->f->line, same_text, NULL) :
			  0;
	free(orig);
	free(now);
	return l;
}

/* The strategy's own variables in @v; false (refused) when the owner has the name. */
static bool site_ready(struct fix_rewriter *rw, struct site *s, struct zt_cocci_vars *v)
{
	char *o;
	unsigned int taken;

	if (s->strategy == ZT_FIX_UNINITIALIZED) {
		if (!rw->attr)
			rw->attr = uninit_attr(rw->env, s);
		v->attr = rw->attr;
		return true;
	}
	o = zt_shadow_read(rw->env->sh, s->owner_rel);
	taken = o ? member_taken(o, s->owner_type, s->type, s->var) : 0;
	free(o);
	if (taken)
		fix_set_reason(&s->refusal, "the name %s is already taken in %s (%s:%u)", s->var,
			       s->owner_type, s->owner_rel, taken);
	return !taken;
}

/*
 * spatch --parse-c's first parse error inside @fn of @rel (the shadow's
 * text), as "line N: `TEXT`"; NULL when it reports none there.
 */
static char *parse_error_in(const struct fix_env *env, const char *rel, const char *fn)
{
	char *argv[] = { "spatch", "--parse-c", (char *)rel, NULL };
	struct zt_spawn_opts so = { .cwd = env->sh->tree, .timeout_ms = env->timeout,
				    .stderr_to_stdout = true, .quiet_not_found = true };
	struct zt_spawn_result res = { 0 };
	char *text = zt_shadow_read(env->sh, rel), *found = NULL, *at;
	const char *b, *e, *sig, *p;
	unsigned int from, to;
	size_t fl = strlen(fn);

	if (!text || !zt_function_body(text, fn, &b, &e))
		goto out;
	for (sig = b; sig > text && (strncmp(sig, fn, fl) || sig[fl] != '('); sig--)
		;
	from = zt_line_of(text, sig);
	to = zt_line_of(text, e);
	if (zt_spawn(argv, &so, &res) || !res.out)
		goto out;
	/* "parse error", then ' = File "F", line N, ...', then "whole content = TEXT" */
	for (p = res.out; !found && (p = strstr(p, " = File \"")); p++) {
		const char *q = strchr(p + 9, '"'), *w;
		unsigned int line;
		size_t n;

		if (!q || sscanf(q, "\", line %u", &line) != 1 || line < from || line > to)
			continue;
		n = (size_t)(q - p - 9);
		if (n < strlen(rel) || strncmp(q - strlen(rel), rel, strlen(rel)))
			continue;
		w = strstr(q, "whole content = ");
		at = w ? xstrndup(w + 16, strcspn(w + 16, "\n")) : NULL;
		found = xasprintf("line %u%s%s%s", line, at ? ": `" : "",
				  at ? at + strspn(at, " \t") : "", at ? "`" : "");
		free(at);
	}
out:
	zt_spawn_result_release(&res);
	free(text);
	return found;
}

/* @word, whole, in the @n bytes at @l */
static bool has_word(const char *l, size_t n, const char *word)
{
	size_t wl = strlen(word);

	for (const char *p = l; (p = memmem(p, (size_t)(l + n - p), word, wl)); p += wl)
		if ((p == l || (!isalnum((unsigned char)p[-1]) && p[-1] != '_')) &&
		    (p + wl == l + n || (!isalnum((unsigned char)p[wl]) && p[wl] != '_')))
			return true;
	return false;
}

/*
 * At 1-based @column of the line @l (@n bytes): "NAME(... @var ...)", a
 * function-like macro given the local's name (check's column is the macro's
 * when the declaration is one).
 */
static bool macro_declares(const char *l, size_t n, unsigned int column, const char *var)
{
	const char *p = l + column - 1, *open, *close;

	if (!column || column > n || !(isalpha((unsigned char)*p) || *p == '_'))
		return false;
	for (open = p; open < l + n && (isalnum((unsigned char)*open) || *open == '_'); open++)
		;
	close = open < l + n && *open == '(' ? memchr(open, ')', (size_t)(l + n - open)) : NULL;
	return close && has_word(open, (size_t)(close - open), var);
}

/* spatch matched nothing in @s's function: say why, as far as it can be told. */
static void no_match(const struct fix_rewriter *rw, struct site *s)
{
	char *text = zt_shadow_read(rw->env->sh, s->rel), *err;
	const char *l = text;
	size_t n;

	err = parse_error_in(rw->env, s->rel, s->f->function);
	if (err) {
		fix_set_reason(&s->refusal, "spatch cannot parse %s() (spatch --parse-c %s: "
			       "parse error at %s), so no semantic patch matches in it",
			       s->f->function, s->rel, err);
		goto out;
	}
	for (unsigned int i = 1; l && i < s->f->line; i++)
		l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL;
	n = l ? strcspn(l, "\n") : 0;
	if (l && macro_declares(l, n, s->f->column, s->var))
		fix_set_reason(&s->refusal, "the declaration of %s is made by a macro (%s:%u: "
			       "`%.*s`), which a semantic patch does not match",
			       s->var, s->rel, s->f->line, (int)(n - strspn(l, " \t")),
			       l + strspn(l, " \t"));
	else if (!l || !has_word(l, n, s->var))
		fix_set_reason(&s->refusal, "%s:%u does not declare %s, as the finding says (was "
			       "the file changed after check ran?)", s->rel, s->f->line, s->var);
	else
		fix_set_reason(&s->refusal, "spatch matched nothing at the declaration of %s "
			       "(%s:%u), and spatch --parse-c reports no parse error in %s()",
			       s->var, s->rel, s->f->line, s->f->function);
out:
	free(err);
	free(text);
}

/* spatch's answer for @s: refused by the template, or its diff applied and tidied. */
static int take_answer(const struct fix_rewriter *rw, struct site *s, const char *answer,
		       struct fix_outcome *out)
{
	const struct fix_env *env = rw->env;
	struct zt_cocci_refusals refs = { 0 };
	int ret = 0;

	if (zt_cocci_parse_refusals(answer, &refs))
		return fix_fail(out, "spatch", "%s", zt_last_error());
	for (size_t i = 0; i < refs.n; i++) {
		if (strcmp(refs.v[i].function, s->f->function))
			continue;
		fix_set_reason(&s->refusal, "%s (%s:%u:%u)", refs.v[i].reason, s->rel,
			       refs.v[i].line, refs.v[i].column);
		break;
	}
	zt_cocci_refusals_release(&refs);
	if (s->refusal)
		return 0;
	/* no diff at all: every rule hangs on the declaration's match */
	if (strncmp(answer, "--- ", 4) && !strstr(answer, "\n--- ")) {
		no_match(rw, s);
		return 0;
	}
	free(s->fill);	/* a second try (auto, after a failed hoist) */
	s->fill = fill_of(answer, s->f->function);
	s->applied = true;
	ret = apply_diff(rw, s, answer, out);
	if (!ret && zt_shadow_changed(env->sh, s->rel))
		ret = fix_tidy(rw, s, out);
	if (!ret && s->owner_rel && zt_shadow_changed(env->sh, s->owner_rel))
		ret = fix_tidy_owner(rw, s, out);
	return ret;
}

int fix_rewrite_site(struct fix_rewriter *rw, struct site *s, size_t k, struct fix_outcome *out)
{
	const struct fix_env *env = rw->env;
	struct zt_cocci_pos pos = { s->rel, line_now(env, s) };
	struct zt_cocci_vars v = {
		.pos = &pos, .n_pos = 1, .type = s->type, .var = s->var,
		.owner_type = s->owner_type, .owner_param = s->owner_param,
	};
	struct zt_spawn_result res = { 0 };
	char *files[] = { s->rel, NULL };
	char *text, *sp, **incs;
	int ret = -1;

	if (s->strategy == ZT_FIX_HOIST && !s->anchor) {
		char *o = zt_shadow_read(env->sh, s->owner_rel);

		s->anchor = o ? default_anchor(o, s->owner_type, s->type) : NULL;
		free(o);
	}
	v.anchor = s->anchor;
	if (!pos.line)
		return fix_fail(out, "spatch", "the declaration of %s in %s (%s:%u) is not where "
				"it was after the rewrites before it", s->var, s->f->function,
				s->rel, s->f->line);
	if (!site_ready(rw, s, &v))
		return 0;
	text = zt_cocci_instantiate(rw->tmpl[s->strategy], &v);
	if (!text)
		return fix_fail(out, "spatch", "cannot instantiate the template for %s: %s",
				s->f->function, zt_last_error());
	sp = sp_name(rw, k, s);
	if (zt_write_file(sp, text, strlen(text))) {
		ret = fix_fail(out, "spatch", "cannot write %s: %s", sp, strerror(errno));
		goto out;
	}
	if (env->o->emit_dir) {
		free(s->sp_file);
		s->sp_file = xstrdup(sp);
	}
	incs = include_dirs(env, s->rel);
	/* Never --in-place: spatch reads the shadow and prints a diff; we apply it. */
	ret = zt_cocci_run(sp, "patch", false, files, 1, incs, env->sh->tree, env->timeout, &res);
	zt_argv_free(incs);
	if (ret)
		ret = fix_fail(out, "spatch", "%s on %s: %s", sp, s->rel, zt_last_error());
	else
		ret = take_answer(rw, s, res.out, out);
out:
	zt_spawn_result_release(&res);
	free(text);
	free(sp);
	return ret;
}

/* Where the instantiated semantic patches go, and the strategies' templates. */
int fix_rewriter_open(struct fix_rewriter *rw, const struct fix_env *env, char **why)
{
	const struct zt_fix_opts *opts = env->o;
	char real[PATH_MAX];

	*rw = (struct fix_rewriter){ .env = env };
	*why = NULL;
	if (opts->emit_dir) {
		if ((mkdir(opts->emit_dir, 0755) && errno != EEXIST) ||
		    !realpath(opts->emit_dir, real)) {
			*why = xasprintf("cannot create %s: %s", opts->emit_dir, strerror(errno));
			return -1;
		}
		rw->spdir = xstrdup(real);
	} else {
		rw->spdir = xasprintf("%s/cocci", env->sh->root);
		if (mkdir(rw->spdir, 0700)) {
			*why = xasprintf("cannot create %s: %s", rw->spdir, strerror(errno));
			return -1;
		}
	}
	rw->tmpl[ZT_FIX_HOIST] = zt_cocci_load_template(opts->rules_dir, "hoist-to-queue");
	rw->tmpl[ZT_FIX_UNINITIALIZED] = zt_cocci_load_template(opts->rules_dir, "uninitialized");
	if (!rw->tmpl[ZT_FIX_HOIST] || !rw->tmpl[ZT_FIX_UNINITIALIZED]) {
		*why = xstrdup(zt_last_error());
		return -1;
	}
	return 0;
}

void fix_rewriter_release(struct fix_rewriter *rw)
{
	free(rw->spdir);
	free(rw->tmpl[0]);
	free(rw->tmpl[1]);
	memset(rw, 0, sizeof(*rw));
}

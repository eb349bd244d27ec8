// SPDX-License-Identifier: GPL-2.0-only
/* Rewrite a copy of the tree, verify it, and only then hand it back. */
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
#include "fixtree.h"
#include "placement.h"
#include "process.h"
#include "shadow.h"
#include "verify.h"

#define DEFAULT_TIMEOUT_MS 120000

/* One finding the plan accepted, with everything the rewrite needs. */
struct site {
	size_t item;
	const struct zt_finding *f;
	char *rel;		/* the function's file, relative to the tree */
	char *type, *var;
	char *owner_type, *owner_param;
	char *owner_rel;	/* the owner struct's file */
	char *anchor;		/* from the layout model: details.owner.after */
	char *fill;		/* uninitialized: the function that writes it first */
	size_t group;		/* findings that must go together share one */
	bool applied;
};

struct fixer {
	struct zt_ctx *ctx;
	const struct zt_fix_opts *o;
	const struct zt_findings *fs;
	struct zt_fix_result *r;
	char *src;		/* realpath of the source tree */
	struct zt_shadow sh;	/* the rewritten files */
	struct zt_fix_build build;
	char *spdir;		/* where the instantiated semantic patches go */
	struct site *sites;
	size_t n_sites;
	unsigned int timeout;
	const char *attr;	/* uninitialized: the attribute as the tree spells it */
	/* the group being tried: its failure refuses it, not the run */
	bool in_group;
	const char *g_step;
	char *g_reason;
	char *g_moved, *g_moved_from, *g_moved_to, *g_included;
};

/* Messages name the tree's files, not the shadow's. */
static char *unshadow(const struct fixer *x, const char *msg)
{
	size_t tl = x->sh.tree ? strlen(x->sh.tree) : 0;
	char *out = xstrdup(""), *n;
	const char *p = msg, *hit;

	while (tl && (hit = strstr(p, x->sh.tree))) {
		n = xasprintf("%s%.*s%s", out, (int)(hit - p), p, x->src);
		free(out);
		out = n;
		p = hit + tl;
	}
	n = xasprintf("%s%s", out, p);
	free(out);
	return n;
}

const char *zt_fix_status_name(enum zt_fix_status s)
{
	switch (s) {
	case ZT_FIX_APPLIED:
		return "applied";
	case ZT_FIX_REFUSED:
		return "refused";
	default:
		return "not-applicable";
	}
}

static int fail(struct fixer *x, const char *step, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct fixer *x, const char *step, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	if (x->in_group) {
		/* One finding (or group) fails, not the run: it is refused with this. */
		if (!x->g_step) {
			x->g_step = step;
			x->g_reason = unshadow(x, msg);
			free(msg);
		} else {
			free(msg);
		}
		return -1;
	}
	if (!x->r->failed_step) {
		x->r->failed_step = step;
		x->r->failure = msg;
	} else {
		free(msg);
	}
	return error("fix: step '%s' failed: %s", step, x->r->failure);
}


/* ---- JSON details --------------------------------------------------------- */




/* ---- the plan: what is safe, from the finding's own details ---------------- */

static void item_refuse(struct fixer *x, size_t i, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void item_refuse(struct fixer *x, size_t i, const char *fmt, ...)
{
	struct zt_fix_item *it = &x->r->items[i];
	va_list ap;

	va_start(ap, fmt);
	free(it->reason);
	it->reason = xvasprintf(fmt, ap);
	va_end(ap);
	it->status = ZT_FIX_REFUSED;
}

static bool stack_finding(const struct zt_finding *f)
{
	return f->check && (f->check->id == ZT_CHECK_STACK_AUTOINIT ||
			    f->check->id == ZT_CHECK_STACK_EXPLICIT_INIT);
}

static void plan_one(struct fixer *x, size_t i)
{
	const struct zt_finding *f = &x->fs->v[i];
	json_t *d = f->details, *owner, *uses, *decl, *ev;
	struct site s = { .item = i, .f = f };
	bool hoist = x->o->strategy == ZT_FIX_HOIST;

	if (!stack_finding(f) || f->suppressed || !f->function)
		return;
	uses = json_object_get(d, "uses");
	decl = json_object_get(d, "decl");
	owner = json_object_get(d, "owner");
	if (!zt_is_record_type(f->type)) {
		item_refuse(x, i, "'%s' is not a struct or union local", f->type ? f->type : "?");
		return;
	}
	if (!zt_is_c_identifier(f->function)) {
		item_refuse(x, i, "the function name '%s' is not a C identifier", f->function);
		return;
	}
	if (!zt_is_c_identifier(f->symbol)) {
		item_refuse(x, i, "'%s' is not a plain identifier", f->symbol ? f->symbol : "?");
		return;
	}
	if (json_object_get(decl, "explicit_init") &&
	    !json_is_null(json_object_get(decl, "explicit_init"))) {
		item_refuse(x, i, "%s has an initializer: the zeroing is asked for, not automatic",
			    f->symbol);
		return;
	}
	if (jtrue(uses, "by_value")) {
		item_refuse(x, i, "%s is used by value (copied or passed by value): a shared copy "
			    "would change what the copy sees", f->symbol);
		return;
	}
	if (hoist && jtrue(uses, "address_escapes")) {
		item_refuse(x, i, "the address of %s is stored beyond the call or returned: it "
			    "would alias the per-queue copy", f->symbol);
		return;
	}
	if (hoist && jtrue(d, "recursive")) {
		item_refuse(x, i, "%s is recursive: nested calls would share one per-queue copy",
			    f->function);
		return;
	}
	if (hoist && (!owner || json_is_null(owner))) {
		item_refuse(x, i, "%s has no per-queue owner parameter to keep %s in",
			    f->function, f->symbol);
		return;
	}
	if (hoist && jtrue(owner, "name_taken")) {
		item_refuse(x, i, "the name %s is already taken in %s", f->symbol,
			    jstr(owner, "type") ? jstr(owner, "type") : "the owner struct");
		return;
	}
	s.rel = zt_real_path_under(x->src, f->file);
	if (!s.rel) {
		item_refuse(x, i, "%s is outside the tree %s", f->file, x->src);
		return;
	}
	if (hoist) {
		const char *ot = jstr(owner, "type"), *op = jstr(owner, "param");

		if (!zt_is_record_type(ot) || !zt_is_c_identifier(op)) {
			item_refuse(x, i, "the owner of %s is not a struct pointer parameter",
				    f->function);
			goto drop;
		}
		s.owner_type = xstrdup(ot);
		s.owner_param = xstrdup(op);
		s.owner_rel = zt_real_path_under(x->src, jstr(owner, "file"));
		if (!s.owner_rel) {
			item_refuse(x, i, "%s is not defined in the tree", ot);
			goto drop;
		}
		if (jstr(owner, "after") && zt_is_c_identifier(jstr(owner, "after")))
			s.anchor = xstrdup(jstr(owner, "after"));
	} else {
		json_t *clang;
		long long cb;

		ev = json_object_get(d, "evidence");
		clang = json_object_get(ev, "clang");
		cb = jint(clang, "bytes", -1);
		if (cb < 0) {
			item_refuse(x, i, "no clang evidence for %s: cannot show that the zeroing "
				    "is dead", f->symbol);
			goto drop;
		}
		if (!x->o->trust_fill && (f->size <= 0 || cb * 2 > f->size)) {
			item_refuse(x, i, "clang keeps %lld of %lld bytes of the zeroing of %s: the "
				    "optimizer could not prove them dead, so nothing shows that "
				    "every byte read is written first", cb, f->size, f->symbol);
			goto drop;
		}
	}
	s.type = xstrdup(f->type);
	s.var = xstrdup(f->symbol);
	x->sites = xrealloc(x->sites, (x->n_sites + 1) * sizeof(*x->sites));
	x->sites[x->n_sites++] = s;
	return;
drop:
	free(s.rel);
	free(s.owner_type);
	free(s.owner_param);
	free(s.owner_rel);
	free(s.anchor);
}

static void site_release(struct site *s)
{
	free(s->rel);
	free(s->type);
	free(s->var);
	free(s->owner_type);
	free(s->owner_param);
	free(s->owner_rel);
	free(s->anchor);
	free(s->fill);
}

/* ---- text helpers ---------------------------------------------------------- */

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

static char *sp_name(struct fixer *x, size_t k, const struct site *s)
{
	return xasprintf("%s/%02zu-%s-%s-%s.cocci", x->spdir, k + 1,
			 x->o->strategy == ZT_FIX_HOIST ? "hoist" : "uninitialized",
			 s->f->function, s->var);
}

/*
 * __uninitialized when the TU defines it (Linux: compiler_attributes.h), as
 * the preprocessor sees it; else the attribute spelled out.
 */
static const char *uninit_attr(struct fixer *x, const struct site *s)
{
	char **args = zt_fix_clang_args(&x->build, s->rel);
	char *abs = path_in(x->src, s->rel);
	int have = zt_tu_defines_macro(abs, args, "__uninitialized");

	zt_argv_free(args);
	free(abs);
	return have == 1 ? "__uninitialized" : "__attribute__((__uninitialized__))";
}

static int tidy(struct fixer *x, const struct site *s);
static int tidy_owner(struct fixer *x, const struct site *s);

/*
 * The driver's own include directories of @rel's command, in the shadow:
 * spatch's -I. The tree's public headers are left out: spatch would parse
 * all of include/linux for nothing, and they are never rewritten.
 */
static char **include_dirs(struct fixer *x, const char *rel)
{
	const struct zt_compile_cmd *c = zt_fix_command(&x->build, rel);
	char **v = xcalloc(1, sizeof(*v));
	size_t n = 0;

	for (size_t k = 1; c && k < c->argc; k++) {
		const char *d = NULL;
		char *abs, *r;

		if (!strcmp(c->argv[k], "-I") || !strcmp(c->argv[k], "-iquote"))
			d = k + 1 < c->argc ? c->argv[++k] : NULL;
		else if (!strncmp(c->argv[k], "-I", 2))
			d = c->argv[k] + 2;
		if (!d)
			continue;
		abs = d[0] == '/' ? xstrdup(d) : xasprintf("%s/%s", c->directory, d);
		r = zt_real_path_under(x->src, abs);
		free(abs);
		if (!r || zt_place_is_public(r) || !r[0]) {
			free(r);
			continue;
		}
		v = xrealloc(v, (n + 2) * sizeof(*v));
		v[n++] = zt_shadow_path(&x->sh, r);
		v[n] = NULL;
		free(r);
	}
	return v;
}

/*
 * Apply spatch's diff to the shadow. spatch diffs against the files exactly
 * as it read them (the shadow's), so every hunk applies at its line; a hunk
 * that does not is an error, never fuzz.
 */
static int apply_hunks(struct fixer *x, const char *rel, const char *d, const char *end)
{
	char *text = zt_shadow_read(&x->sh, rel), *out;
	struct lines_buf {
		char *buf;
		size_t len;
	} o = { 0 };
	FILE *m = open_memstream(&o.buf, &o.len);
	const char *src, *p = d;
	unsigned int line = 1;
	int ret = 0;

	if (!text) {
		fclose(m);
		free(o.buf);
		return fail(x, "spatch", "cannot read %s", rel);
	}
	src = text;
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
					ret = fail(x, "spatch", "spatch's diff does not apply to %s "
						   "at line %u", rel, line);
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
	out = o.buf;
	if (!ret && zt_shadow_write(&x->sh, rel, out))
		ret = fail(x, "spatch", "cannot write %s in the scratch tree: %s", rel,
			   strerror(errno));
	free(out);
	free(text);
	return ret;
}

/* The file a "--- NAME" line of spatch's diff names, relative to the tree. */
static char *diff_file(struct fixer *x, const char *name, size_t len)
{
	char *n = xstrndup(name, len), *abs, *r;

	abs = n[0] == '/' ? xstrdup(n) : xasprintf("%s/%s", x->sh.tree, n);
	/* The shadow's links resolve into the tree; its rewritten files do not. */
	r = zt_real_path_under(x->src, abs);
	if (!r) {
		size_t tl = strlen(x->sh.tree);

		if (!strncmp(abs, x->sh.tree, tl) && abs[tl] == '/')
			r = xstrdup(abs + tl + 1);
		while (r && !strncmp(r, "./", 2))
			memmove(r, r + 2, strlen(r + 2) + 1);
	}
	free(abs);
	free(n);
	return r;
}

static int apply_diff(struct fixer *x, const char *diff)
{
	const char *p = diff;
	/* A header reached by two names is printed twice: apply it once. */
	char **done = NULL;
	size_t n_done = 0;

	while ((p = strstr(p, "--- ")) && !x->g_step) {
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
		rel = diff_file(x, p + 4, (size_t)(eol - p - 4));
		if (!rel) {
			fail(x, "spatch", "spatch changed %.*s, outside the tree",
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
		for (size_t i = 0; i < n_done && rel; i++)
			if (!strcmp(done[i], rel)) {
				free(rel);
				rel = NULL;
			}
		if (rel) {
			ret = apply_hunks(x, rel, p, next);
			done = xrealloc(done, (n_done + 1) * sizeof(*done));
			done[n_done++] = rel;
		}
		if (ret)
			break;
		p = next;
	}
	free_list(done, n_done);
	return x->g_step ? -1 : 0;
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

static char *why_of(struct fixer *x, const struct site *s)
{
	json_t *ev = json_object_get(s->f->details, "evidence");
	long long cb = jint(json_object_get(ev, "clang"), "bytes", -1);
	char *fill = s->fill ? xasprintf("%s() writes it first on every path", s->fill) :
		     xstrdup("no read before the first write was found");
	char *why;

	if (x->o->strategy == ZT_FIX_HOIST)
		why = xasprintf("%s; one %s per queue (one NAPI context at a time) replaces the "
				"per-call copy", fill, s->owner_type);
	else if (cb >= 0 && cb * 2 <= s->f->size)
		why = xasprintf("%s; clang-19's optimizer already removed %lld of %lld bytes of "
				"the zeroing", fill, s->f->size - cb, s->f->size);
	else
		why = xasprintf("%s; trusted (--trust-fill): clang-19 keeps %lld of %lld bytes, "
				"so the compiler does not confirm it", fill, cb, s->f->size);
	free(fill);
	return why;
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

static int apply_one(struct fixer *x, size_t k, char *tmpl)
{
	struct site *s = &x->sites[k];
	struct zt_cocci_pos pos = { s->rel, s->f->line };
	struct zt_cocci_vars v = {
		.pos = &pos, .n_pos = 1, .type = s->type, .var = s->var,
		.owner_type = s->owner_type, .owner_param = s->owner_param,
		.anchor = s->anchor,
	};
	struct zt_cocci_refusals refs = { 0 };
	struct zt_spawn_result res = { 0 };
	char *files[] = { s->rel, NULL };
	char *text, *sp, **incs;
	int ret = -1;

	if (x->o->strategy == ZT_FIX_UNINITIALIZED) {
		if (!x->attr)
			x->attr = uninit_attr(x, s);
		v.attr = x->attr;
	} else {
		char *o = zt_shadow_read(&x->sh, s->owner_rel);
		unsigned int taken = o ? member_taken(o, s->owner_type, s->type, s->var) : 0;

		free(o);
		if (taken) {
			item_refuse(x, s->item, "the name %s is already taken in %s (%s:%u)", s->var,
				    s->owner_type, s->owner_rel, taken);
			return 0;
		}
	}
	text = zt_cocci_instantiate(tmpl, &v);
	if (!text)
		return fail(x, "spatch", "cannot instantiate the template for %s: %s",
			    s->f->function, zt_last_error());
	sp = sp_name(x, k, s);
	if (zt_write_file(sp, text, strlen(text))) {
		ret = fail(x, "spatch", "cannot write %s: %s", sp, strerror(errno));
		goto out;
	}
	if (x->o->emit_dir)
		x->r->items[s->item].sp_file = xstrdup(sp);
	incs = include_dirs(x, s->rel);
	/* Never --in-place: spatch reads the shadow and prints a diff; we apply it. */
	ret = zt_cocci_run(sp, "patch", false, files, 1, incs, x->sh.tree, x->timeout, &res);
	zt_argv_free(incs);
	if (ret) {
		ret = fail(x, "spatch", "%s on %s: %s", sp, s->rel, zt_last_error());
		goto out;
	}
	if (zt_cocci_parse_refusals(res.out, &refs)) {
		ret = fail(x, "spatch", "%s", zt_last_error());
		goto out;
	}
	for (size_t i = 0; i < refs.n; i++) {
		if (strcmp(refs.v[i].function, s->f->function))
			continue;
		item_refuse(x, s->item, "%s (%s:%u:%u)", refs.v[i].reason, s->rel, refs.v[i].line,
			    refs.v[i].column);
		break;
	}
	ret = 0;
	if (x->r->items[s->item].status != ZT_FIX_REFUSED) {
		s->fill = fill_of(res.out, s->f->function);
		s->applied = true;
		ret = apply_diff(x, res.out);
	}
	if (!ret && s->applied && zt_shadow_changed(&x->sh, s->rel))
		ret = tidy(x, s);
	if (!ret && s->applied && s->owner_rel && zt_shadow_changed(&x->sh, s->owner_rel))
		ret = tidy_owner(x, s);
out:
	zt_cocci_refusals_release(&refs);
	zt_spawn_result_release(&res);
	free(text);
	free(sp);
	return ret;
}
/* ---- tidy: what spatch's pretty printer leaves for netdev review ------------- */

struct lines {
	char **v;
	size_t n;
	bool final_newline;
};

static void lines_split(const char *text, struct lines *l)
{
	const char *p = text;

	memset(l, 0, sizeof(*l));
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
		l->v[l->n++] = xstrndup(p, len);
		if (!eol)
			break;
		p = eol + 1;
	}
	l->final_newline = p > text && p[-1] == '\n';
}

static char *lines_join(const struct lines *l)
{
	size_t len = 0;
	char *s, *o;

	for (size_t i = 0; i < l->n; i++)
		len += strlen(l->v[i]) + 1;
	s = o = xmalloc(len + 1);
	for (size_t i = 0; i < l->n; i++) {
		size_t n = strlen(l->v[i]);

		memcpy(o, l->v[i], n);
		o += n;
		if (i + 1 < l->n || l->final_newline)
			*o++ = '\n';
	}
	*o = '\0';
	return s;
}

static void lines_release(struct lines *l)
{
	free_list(l->v, l->n);
	memset(l, 0, sizeof(*l));
}

static bool line_in(const struct lines *l, const char *line)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], line))
			return true;
	return false;
}

/*
 * spatch prints a cast it had to rebuild as "(char *) x"; kernel style (and
 * checkpatch) want "(char *)x". Only on lines the rewrite produced, and only
 * for parentheses that hold a type.
 */
static char *tighten_casts(const char *line, const regex_t *re)
{
	char *s = xstrdup(line);
	size_t off = 0;
	regmatch_t m[1];

	while (!regexec(re, s + off, 1, m, off ? REG_NOTBOL : 0)) {
		size_t end = off + (size_t)m[0].rm_eo;	/* just past ") " */
		size_t start = off + (size_t)m[0].rm_so;

		if (start > 0 && (isalnum((unsigned char)s[start - 1]) || s[start - 1] == '_')) {
			off = end;
			continue;
		}
		memmove(s + end - 1, s + end, strlen(s + end) + 1);
		off = end - 1;
	}
	return s;
}

static int indent_of(const char *l)
{
	int n = 0;

	for (; *l == '\t' || *l == ' '; l++)
		n += *l == '\t' ? 8 : 1;
	return n;
}

/* Does this line start a declaration ("u16 x = ...;", "struct a *b;")? */
static bool declaration_line(const char *l)
{
	static const char *const stmt[] = { "return", "goto", "if", "else", "for", "while", "do",
					    "switch", "case", "break", "continue", "default",
					    "sizeof" };
	static const char *const kw[] = { "struct", "union", "enum", "const", "static",
					  "unsigned", "signed", "volatile", "register" };
	const char *p = l, *w;
	size_t n;

	while (*p == ' ' || *p == '\t')
		p++;
	w = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	n = (size_t)(p - w);
	if (!n)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(stmt); i++)
		if (n == strlen(stmt[i]) && !strncmp(w, stmt[i], n))
			return false;
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (n == strlen(kw[i]) && !strncmp(w, kw[i], n))
			return true;
	/* A type name, then (pointers and) a declarator. */
	while (*p == ' ' || *p == '\t' || *p == '*')
		p++;
	return isalpha((unsigned char)*p) || *p == '_';
}

/*
 * Move the new pointer first among the locals of its block, where netdev's
 * reverse Christmas tree puts what the upstream change added. Only when every
 * line between the block's "{" and it is a declaration.
 */
static void hoist_first(struct lines *l, const char *decl)
{
	for (size_t d = 0; d < l->n; d++) {
		const char *t = l->v[d];
		int ind;
		size_t i;

		while (*t == ' ' || *t == '\t')
			t++;
		if (strcmp(t, decl))
			continue;
		ind = indent_of(l->v[d]);
		for (i = d; i-- > 0;) {
			const char *u = l->v[i];
			size_t len = strlen(u);

			if (len && u[len - 1] == '{' && indent_of(u) < ind)
				break;
			if (!len || indent_of(u) < ind)
				return;
			if (indent_of(u) == ind && !declaration_line(u))
				return;
		}
		if (i == (size_t)-1 || i + 1 == d)
			continue;
		{
			char *moved = l->v[d];

			memmove(&l->v[i + 2], &l->v[i + 1], (d - i - 1) * sizeof(*l->v));
			l->v[i + 1] = moved;
		}
	}
}

static int tidy(struct fixer *x, const struct site *s)
{
	char *orig = zt_shadow_read_orig(&x->sh, s->rel), *now = zt_shadow_read(&x->sh, s->rel), *out;
	struct lines lo, ln;
	regex_t re;
	int ret = 0;

	if (!orig || !now) {
		free(orig);
		free(now);
		return fail(x, "spatch", "cannot read %s after spatch", s->rel);
	}
	if (regcomp(&re, "\\((const |volatile )*(struct [A-Za-z_][A-Za-z0-9_]*|"
		    "union [A-Za-z_][A-Za-z0-9_]*|unsigned( (char|short|int|long))?|"
		    "signed( (char|short|int|long))?|void|char|short|int|long( long)?|bool|"
		    "[us](8|16|32|64)|__[lb]e(16|32|64)|[A-Za-z_][A-Za-z0-9_]*_t)( ?\\*+)?\\) ",
		    REG_EXTENDED)) {
		free(orig);
		free(now);
		return fail(x, "spatch", "internal: bad cast pattern");
	}
	lines_split(orig, &lo);
	lines_split(now, &ln);
	for (size_t i = 0; i < ln.n; i++) {
		if (line_in(&lo, ln.v[i]))
			continue;
		{
			char *t = tighten_casts(ln.v[i], &re);

			free(ln.v[i]);
			ln.v[i] = t;
		}
	}
	if (x->o->strategy == ZT_FIX_HOIST) {
		char *decl = xasprintf("%s *%s = &%s->%s;", s->type, s->var, s->owner_param, s->var);

		hoist_first(&ln, decl);
		free(decl);
	}
	out = lines_join(&ln);
	if (strcmp(out, now) && zt_shadow_write(&x->sh, s->rel, out))
		ret = fail(x, "spatch", "cannot write %s: %s", s->rel, strerror(errno));
	free(out);
	regfree(&re);
	lines_release(&lo);
	lines_release(&ln);
	free(orig);
	free(now);
	return ret;
}

/*
 * spatch hands the anchor member's trailing comment to the line it adds after
 * it. Give it back: the comment describes the anchor, not the new field.
 */
static int tidy_owner(struct fixer *x, const struct site *s)
{
	char *orig = zt_shadow_read_orig(&x->sh, s->owner_rel);
	char *now = zt_shadow_read(&x->sh, s->owner_rel);
	char *field = xasprintf("%s %s;", s->type, s->var), *out;
	struct lines lo, ln;
	int ret = 0;

	if (!orig || !now) {
		free(orig);
		free(now);
		free(field);
		return 0;
	}
	lines_split(orig, &lo);
	lines_split(now, &ln);
	for (size_t i = 1; i < ln.n; i++) {
		char *l = ln.v[i], *t = l, *rest, *prev = ln.v[i - 1];

		while (*t == ' ' || *t == '\t')
			t++;
		if (strncmp(t, field, strlen(field)))
			continue;
		rest = t + strlen(field);
		while (*rest == ' ' || *rest == '\t')
			rest++;
		if (strncmp(rest, "/*", 2) && strncmp(rest, "//", 2))
			continue;
		/* The original line: the anchor as it is now, followed by that comment. */
		for (size_t k = 0; k < lo.n; k++) {
			const char *o = lo.v[k];
			size_t pl = strlen(prev), ol = strlen(o), cl = strlen(rest);

			if (ol > pl + cl && !strncmp(o, prev, pl) && !strcmp(o + ol - cl, rest)) {
				free(ln.v[i - 1]);
				ln.v[i - 1] = xstrdup(o);
				*(t + strlen(field)) = '\0';
				break;
			}
		}
	}
	out = lines_join(&ln);
	if (strcmp(out, now) && zt_shadow_write(&x->sh, s->owner_rel, out))
		ret = fail(x, "spatch", "cannot write %s: %s", s->owner_rel, strerror(errno));
	free(out);
	free(field);
	lines_release(&lo);
	lines_release(&ln);
	free(orig);
	free(now);
	return ret;
}

/* ---- verify: spatch exits 0 when nothing matched ------------------------------ */

/* The body of the definition of @fn: from its "{" to the matching "}". */
static bool function_body(const char *text, const char *fn, const char **b, const char **e)
{
	size_t n = strlen(fn);

	for (const char *p = strstr(text, fn); p; p = strstr(p + 1, fn)) {
		const char *q = p + n, *close;

		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '(')
			continue;
		close = q;
		for (int depth = 0; *close; close++) {
			if (*close == '(')
				depth++;
			else if (*close == ')' && !--depth)
				break;
		}
		if (!*close)
			return false;
		q = close + 1;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '{')
			continue;
		*b = q;
		*e = zt_match_brace(q);
		return *e != NULL;
	}
	return false;
}

static bool contains(const char *b, const char *e, const char *needle)
{
	return memmem(b, (size_t)(e - b), needle, strlen(needle)) != NULL;
}

static size_t count_in(const char *b, const char *e, const char *needle)
{
	size_t n = 0, l = strlen(needle);

	for (const char *p = memmem(b, (size_t)(e - b), needle, l); p;
	     p = memmem(p + l, (size_t)(e - p - l), needle, l))
		n++;
	return n;
}

static int verify(struct fixer *x, size_t g)
{
	for (size_t k = 0; k < x->n_sites; k++) {
		struct site *s = &x->sites[k];
		char *text = NULL, *want = NULL, *old = NULL;
		const char *b, *e;
		bool ok;

		if (!s->applied || s->group != g)
			continue;
		text = zt_shadow_read(&x->sh, s->rel);
		if (x->o->strategy == ZT_FIX_HOIST)
			want = xasprintf("%s *%s = &%s->%s;", s->type, s->var, s->owner_param, s->var);
		else
			want = xasprintf("%s %s %s;", s->type, s->var, x->attr);
		old = xasprintf("%s %s;", s->type, s->var);
		ok = text && function_body(text, s->f->function, &b, &e) && contains(b, e, want) &&
		     !contains(b, e, old);
		free(text);
		if (!ok) {
			fail(x, "verify", "the rewrite of %s in %s (%s:%u) is missing: spatch matched "
			     "nothing there (does the function parse? see spatch --parse-c %s)",
			     s->var, s->f->function, s->rel, s->f->line, s->rel);
			free(want);
			free(old);
			return -1;
		}
		free(want);
		if (x->o->strategy == ZT_FIX_HOIST) {
			size_t n = 0;

			text = zt_shadow_read(&x->sh, s->owner_rel);
			b = text ? zt_find_definition(text, s->owner_type) : NULL;
			e = b ? zt_match_brace(strchr(b, '{')) : NULL;
			if (e)
				n = count_in(b, e, old);
			free(text);
			if (n != 1) {
				fail(x, "verify", "%s should hold one '%s' after the rewrite, it holds %zu",
				     s->owner_type, old, n);
				free(old);
				return -1;
			}
		}
		free(old);
	}
	return 0;
}

/* ---- compile and sparse ------------------------------------------------------ */

static int site_cmp(const void *pa, const void *pb)
{
	const struct site *a = pa, *b = pb;
	int c = strcmp(a->rel, b->rel);

	if (c)
		return c;
	return a->f->line > b->f->line ? -1 : a->f->line < b->f->line;
}

static bool dir_empty_or_missing(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool empty = true;

	if (!d)
		return errno == ENOENT;
	while (empty && (e = readdir(d)))
		empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
	closedir(d);
	return empty;
}

/* Findings that add one field (same owner, type and name) go together. */
static void make_groups(struct fixer *x)
{
	size_t n = 0;

	for (size_t k = 0; k < x->n_sites; k++) {
		struct site *s = &x->sites[k];
		size_t j;

		for (j = 0; x->o->strategy == ZT_FIX_HOIST && j < k; j++)
			if (!strcmp(x->sites[j].owner_type, s->owner_type) &&
			    !strcmp(x->sites[j].type, s->type) && !strcmp(x->sites[j].var, s->var))
				break;
		s->group = x->o->strategy == ZT_FIX_HOIST && j < k ? x->sites[j].group : n++;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files the group rewrote: those changed since @m. */
static void changed_since(struct fixer *x, const struct zt_shadow_mark *m, char ***v, size_t *n)
{
	for (size_t i = 0; i < x->sh.n_files; i++) {
		const char *rel = x->sh.files[i];
		char *now = zt_shadow_read(&x->sh, rel), *then = NULL;

		for (size_t j = 0; j < m->n; j++)
			if (!strcmp(m->rel[j], rel))
				then = m->text[j] ? xstrdup(m->text[j]) : NULL;
		if (!then)
			then = zt_shadow_read_orig(&x->sh, rel);
		if (!now || !then || strcmp(now, then)) {
			*v = xrealloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = xstrdup(rel);
		}
		free(now);
		free(then);
	}
}

/* The owner sees the type it now embeds: nothing, an #include, or a move. */
static int place_group(struct fixer *x, const struct site *s)
{
	char **args = zt_fix_clang_args(&x->build, s->rel);
	char *abs = path_in(x->src, s->rel), *reason = NULL, *moved = NULL;
	struct zt_place p;
	int ret;

	ret = zt_place_decide(x->src, abs, args, s->owner_type, s->type, &p, &reason);
	zt_argv_free(args);
	free(abs);
	if (ret) {
		fail(x, "place", "%s", reason);
		free(reason);
		return -1;
	}
	ret = zt_place_apply(&x->sh, &p, s->owner_type, s->type, &moved, &reason);
	if (ret) {
		fail(x, "place", "%s", reason);
	} else if (moved) {
		/* Reported once the group is verified (run_group). */
		x->g_moved = moved;
		x->g_moved_from = xstrdup(p.type_rel);
		x->g_moved_to = xstrdup(p.owner_rel);
		moved = NULL;
	} else if (p.action == ZT_PLACE_INCLUDE) {
		x->g_included = xasprintf("%s: #include %s in %s", s->type, p.include,
					  p.owner_rel);
	}
	free(moved);
	free(reason);
	zt_place_release(&p);
	return ret;
}

/* The TUs with a rewritten .c file: where sparse looks (see docs/fix.md). */
static void sparse_tus(char **tus, size_t n, char *const *changed, size_t nc, char ***v,
		       size_t *nv)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < nc; j++)
			if (!strcmp(tus[i], changed[j])) {
				*v = xrealloc(*v, (*nv + 1) * sizeof(**v));
				(*v)[(*nv)++] = tus[i];
			}
	if (!*nv && n) {
		*v = xrealloc(*v, sizeof(**v));
		(*v)[(*nv)++] = tus[0];
	}
}

/* Verify, compile and sparse what the group changed. */
static int check_group(struct fixer *x, size_t g, const struct zt_shadow_mark *m)
{
	char **changed = NULL, **tus = NULL, **sp = NULL, *why = NULL;
	size_t nc = 0, nt = 0, ns = 0;
	int ret = -1;

	if (verify(x, g))
		goto out;
	changed_since(x, m, &changed, &nc);
	zt_fix_affected_tus(&x->build, changed, nc, &tus, &nt);
	if (zt_fix_compile(&x->build, tus, nt, &why)) {
		fail(x, "compile", "%s", why);
		goto out;
	}
	if (x->o->sparse) {
		size_t before = 0, after = 0;

		sparse_tus(tus, nt, changed, nc, &sp, &ns);
		if (zt_fix_sparse(&x->build, sp, ns, &before, &after, &why)) {
			fail(x, "sparse", "%s", why);
			goto out;
		}
		x->r->sparse_ran = true;
		x->r->sparse_before += before;
		x->r->sparse_after += after;
	}
	x->r->n_compiled += nt;
	ret = 0;
out:
	for (size_t i = 0; i < nc; i++)
		free(changed[i]);
	free(changed);
	zt_argv_free(tus ? (tus = xrealloc(tus, (nt + 1) * sizeof(*tus)), tus[nt] = NULL, tus) :
			   NULL);
	free(sp);
	free(why);
	return ret;
}

/* One group, on its own: applied, or refused with its step and reason. */
static int run_group(struct fixer *x, size_t g, char *tmpl)
{
	struct zt_shadow_mark m;
	const struct site *first = NULL;
	int ret = 0;

	zt_shadow_mark(&x->sh, &m);
	x->in_group = true;
	for (size_t k = 0; k < x->n_sites && !x->g_step; k++) {
		struct site *s = &x->sites[k];

		if (s->group != g)
			continue;
		if (x->o->strategy == ZT_FIX_HOIST && !s->anchor) {
			char *o = zt_shadow_read(&x->sh, s->owner_rel);

			s->anchor = o ? default_anchor(o, s->owner_type, s->type) : NULL;
			free(o);
		}
		apply_one(x, k, tmpl);
		if (s->applied && !first)
			first = s;
	}
	if (!x->g_step && first && x->o->strategy == ZT_FIX_HOIST)
		place_group(x, first);
	if (!x->g_step && first)
		check_group(x, g, &m);
	x->in_group = false;
	if (x->g_step) {
		for (size_t k = 0; k < x->n_sites; k++) {
			struct site *s = &x->sites[k];

			if (s->group != g || x->r->items[s->item].status == ZT_FIX_REFUSED)
				continue;
			item_refuse(x, s->item, "step '%s': %s", x->g_step, x->g_reason);
			x->r->items[s->item].step = x->g_step;
			s->applied = false;
		}
		if (zt_shadow_restore(&x->sh, &m))
			ret = fail(x, "restore", "%s", zt_last_error());
		free(x->g_reason);
		x->g_reason = NULL;
		x->g_step = NULL;
	} else if (first && x->o->strategy == ZT_FIX_HOIST && !x->r->field) {
		if (x->g_moved) {
			x->r->moved = x->g_moved;
			x->r->moved_from = x->g_moved_from;
			x->r->moved_to = x->g_moved_to;
			x->g_moved = x->g_moved_from = x->g_moved_to = NULL;
		}
		x->r->included = x->g_included;
		x->g_included = NULL;
		x->r->field = xasprintf("%s: %s %s %s%s", first->owner_type, first->type,
					first->var, first->anchor ? "after " : "at the end",
					first->anchor ? first->anchor : "");
		x->r->field_owner = xstrdup(first->owner_type);
		x->r->field_after = first->anchor ? xstrdup(first->anchor) : NULL;
	}
	free(x->g_moved);
	free(x->g_moved_from);
	free(x->g_moved_to);
	free(x->g_included);
	x->g_moved = x->g_moved_from = x->g_moved_to = x->g_included = NULL;
	zt_shadow_mark_release(&m);
	return ret;
}

/* The same finding twice (same fingerprint): planned once, reported for both. */
static size_t duplicate_of(const struct zt_findings *fs, size_t i)
{
	const char *fp = fs->v[i].fingerprint;

	for (size_t j = 0; fp && fp[0] && j < i; j++)
		if (fs->v[j].fingerprint && !strcmp(fs->v[j].fingerprint, fp))
			return j;
	return i;
}

/* opts->output_dir: a whole rewritten copy, for callers that build it (prove). */
static int materialize(struct fixer *x, const char *dir)
{
	char real[PATH_MAX];

	if (!dir_empty_or_missing(dir))
		return fail(x, "copy", "the output directory %s must not exist or be empty", dir);
	if ((mkdir(dir, 0755) && errno != EEXIST) || !realpath(dir, real))
		return fail(x, "copy", "cannot create %s: %s", dir, strerror(errno));
	if (zt_fix_copy_tree(x->src, real, real))
		return fail(x, "copy", "%s", zt_last_error());
	for (size_t i = 0; i < x->r->n_changed; i++) {
		char *text = zt_shadow_read(&x->sh, x->r->changed[i]);
		char *p = path_in(real, x->r->changed[i]);
		int bad = !text || zt_write_file(p, text, strlen(text));

		free(text);
		free(p);
		if (bad)
			return fail(x, "copy", "cannot write %s into %s", x->r->changed[i], real);
	}
	return 0;
}

int zt_fix_tree(struct zt_ctx *ctx, const struct zt_fix_opts *opts,
		const struct zt_findings *fs, struct zt_fix_result *r)
{
	struct fixer x = { .ctx = ctx, .o = opts, .fs = fs, .r = r };
	char real[PATH_MAX], *tmpl = NULL;
	size_t n_groups = 0;
	int ret = -1;

	memset(r, 0, sizeof(*r));
	x.timeout = opts->timeout_ms ? opts->timeout_ms : DEFAULT_TIMEOUT_MS;
	r->n_items = fs->n;
	r->items = xcalloc(fs->n ? fs->n : 1, sizeof(*r->items));
	for (size_t i = 0; i < fs->n; i++)
		r->items[i].finding = i;

	if (!opts->source_dir || !realpath(opts->source_dir, real))
		return fail(&x, "plan", "cannot resolve the source tree %s: %s",
			    opts->source_dir ? opts->source_dir : "(none)", strerror(errno));
	x.src = xstrdup(real);
	/* Missing tools fail the run before anything: never a silent skip. */
	if (!zt_have_program("spatch")) {
		ret = fail(&x, "plan", "spatch is not installed (Debian package coccinelle)");
		goto out;
	}
	if (opts->sparse && !zt_have_program("sparse")) {
		ret = fail(&x, "plan", "sparse is not installed (Debian package sparse); "
			   "--no-sparse skips the comparison");
		goto out;
	}

	/* plan */
	for (size_t i = 0; i < fs->n; i++)
		if (duplicate_of(fs, i) == i)
			plan_one(&x, i);

	if (zt_shadow_open(&x.sh, x.src)) {
		ret = fail(&x, "plan", "%s", zt_last_error());
		goto out;
	}
	r->scratch_root = xstrdup(x.sh.root);
	r->scratch_tree = xstrdup(x.sh.tree);
	r->source_root = xstrdup(x.src);
	x.build = (struct zt_fix_build){ .db = opts->db, .cflags = opts->cflags, .sh = &x.sh,
					 .timeout_ms = x.timeout, .jobs = opts->jobs };
	if (!x.n_sites)
		goto done;

	if (opts->emit_dir) {
		if ((mkdir(opts->emit_dir, 0755) && errno != EEXIST) ||
		    !realpath(opts->emit_dir, real)) {
			ret = fail(&x, "spatch", "cannot create %s: %s", opts->emit_dir,
				   strerror(errno));
			goto out;
		}
		x.spdir = xstrdup(real);
	} else {
		x.spdir = xasprintf("%s/cocci", x.sh.root);
		if (mkdir(x.spdir, 0700)) {
			ret = fail(&x, "spatch", "cannot create %s: %s", x.spdir, strerror(errno));
			goto out;
		}
	}
	tmpl = zt_cocci_load_template(opts->rules_dir, opts->strategy == ZT_FIX_HOIST ?
				      "hoist-to-queue" : "uninitialized");
	if (!tmpl) {
		ret = fail(&x, "spatch", "%s", zt_last_error());
		goto out;
	}
	/*
	 * Positions are lines of the file as check saw it: per file, the last
	 * finding first, so a rewrite never shifts the lines of the next one.
	 */
	qsort(x.sites, x.n_sites, sizeof(*x.sites), site_cmp);
	make_groups(&x);
	for (size_t k = 0; k < x.n_sites; k++)
		if (x.sites[k].group + 1 > n_groups)
			n_groups = x.sites[k].group + 1;
	for (size_t g = 0; g < n_groups; g++)
		if (run_group(&x, g, tmpl))
			goto out;
done:
	for (size_t i = 0; i < x.sh.n_files; i++) {
		if (!zt_shadow_changed(&x.sh, x.sh.files[i]))
			continue;
		r->changed = xrealloc(r->changed, (r->n_changed + 1) * sizeof(char *));
		r->changed[r->n_changed++] = xstrdup(x.sh.files[i]);
	}
	if (r->n_changed)
		qsort(r->changed, r->n_changed, sizeof(char *), cmp_str);
	if (opts->output_dir && materialize(&x, opts->output_dir))
		goto out;
	ret = 0;
out:
	for (size_t k = 0; k < x.n_sites; k++) {
		/* A failed run applies nothing: the tree stays as it was. */
		if (!ret && x.sites[k].applied &&
		    r->items[x.sites[k].item].status != ZT_FIX_REFUSED) {
			r->items[x.sites[k].item].status = ZT_FIX_APPLIED;
			r->items[x.sites[k].item].why = why_of(&x, &x.sites[k]);
		}
		site_release(&x.sites[k]);
	}
	for (size_t i = 0; i < fs->n; i++) {
		size_t j = duplicate_of(fs, i);

		if (j != i) {
			r->items[i].status = r->items[j].status;
			r->items[i].step = r->items[j].step;
			r->items[i].reason = r->items[j].reason ? xstrdup(r->items[j].reason) : NULL;
			r->items[i].why = r->items[j].why ? xstrdup(r->items[j].why) : NULL;
			r->items[i].duplicate_of = j + 1;
		}
		r->n_refused += r->items[i].status == ZT_FIX_REFUSED;
		r->n_applied += r->items[i].status == ZT_FIX_APPLIED;
	}
	free(x.sites);
	free(x.spdir);
	free(tmpl);
	free(x.src);
	/* The rewritten files stay for zt_fix_diff()/write-back; release removes them. */
	for (size_t i = 0; i < x.sh.n_files; i++)
		free(x.sh.files[i]);
	free(x.sh.files);
	free(x.sh.src);
	free(x.sh.root);
	free(x.sh.tree);
	return ret;
}

void zt_fix_result_release(struct zt_fix_result *r)
{
	if (r->scratch_root) {
		struct zt_shadow sh = { .root = r->scratch_root };

		r->scratch_root = NULL;
		zt_shadow_close(&sh);
	}
	free(r->scratch_tree);
	free(r->source_root);
	free(r->included);
	for (size_t i = 0; i < r->n_items; i++) {
		free(r->items[i].reason);
		free(r->items[i].why);
		free(r->items[i].sp_file);
	}
	free(r->items);
	free_list(r->changed, r->n_changed);
	free(r->moved);
	free(r->field);
	free(r->field_owner);
	free(r->field_after);
	free(r->moved_from);
	free(r->moved_to);
	free(r->failure);
	memset(r, 0, sizeof(*r));
}


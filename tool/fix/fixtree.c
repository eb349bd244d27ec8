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
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmdline.h"
#include "cocci.h"
#include "fixtree.h"
#include "process.h"

#define DEFAULT_TIMEOUT_MS 120000

/* One finding the plan accepted, with everything the rewrite needs. */
struct site {
	size_t item;
	const struct zt_finding *f;
	char *rel;		/* the function's file, relative to the tree */
	char *type, *var;
	char *owner_type, *owner_param;
	char *owner_rel;	/* the owner struct's file */
	char *type_rel;		/* where the type is defined (NULL: unknown, searched) */
	unsigned int type_line;
	char *anchor;		/* from the layout model: details.owner.after */
	char *fill;		/* uninitialized: the function that writes it first */
	bool applied;
};

struct fixer {
	struct zt_ctx *ctx;
	const struct zt_fix_opts *o;
	const struct zt_findings *fs;
	struct zt_fix_result *r;
	char *src;		/* realpath of the source tree */
	char *out;		/* realpath of the copy */
	char *spdir;		/* where the instantiated semantic patches go */
	bool spdir_temp;
	struct site *sites;
	size_t n_sites;
	char **touched;		/* files relative to the tree the steps may have changed */
	size_t n_touched;
	unsigned int timeout;
};

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
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = xstrdup(fmt);
	va_end(ap);
	if (!x->r->failed_step) {
		x->r->failed_step = step;
		x->r->failure = msg;
	} else {
		free(msg);
	}
	return error("fix: step '%s' failed: %s", step, x->r->failure);
}

static void touch(struct fixer *x, const char *rel)
{
	for (size_t i = 0; i < x->n_touched; i++)
		if (!strcmp(x->touched[i], rel))
			return;
	x->touched = xrealloc(x->touched, (x->n_touched + 1) * sizeof(*x->touched));
	x->touched[x->n_touched++] = xstrdup(rel);
}

/* @path relative to @root, or NULL when outside it. */
static char *relative_to(const char *root, const char *path)
{
	char real[PATH_MAX];
	size_t n = strlen(root);

	if (!path || !realpath(path, real))
		return NULL;
	if (strncmp(real, root, n) || real[n] != '/')
		return NULL;
	return xstrdup(real + n + 1);
}

static char *path_in(const char *dir, const char *rel)
{
	return xasprintf("%s/%s", dir, rel);
}

/* ---- JSON details --------------------------------------------------------- */

static const char *jstr(json_t *o, const char *key)
{
	json_t *v = o ? json_object_get(o, key) : NULL;

	return json_is_string(v) ? json_string_value(v) : NULL;
}

static bool jtrue(json_t *o, const char *key)
{
	return o && json_is_true(json_object_get(o, key));
}

static long long jint(json_t *o, const char *key, long long dflt)
{
	json_t *v = o ? json_object_get(o, key) : NULL;

	return json_is_integer(v) ? json_integer_value(v) : dflt;
}

/* ---- the plan: what is safe, from the finding's own details ---------------- */

static void item_refuse(struct fixer *x, size_t i, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void item_refuse(struct fixer *x, size_t i, const char *fmt, ...)
{
	struct zt_fix_item *it = &x->r->items[i];
	va_list ap;

	va_start(ap, fmt);
	free(it->reason);
	if (vasprintf(&it->reason, fmt, ap) < 0)
		it->reason = xstrdup(fmt);
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
	json_t *d = f->details, *owner, *uses, *decl, *tdecl, *ev;
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
	s.rel = relative_to(x->src, f->file);
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
		s.owner_rel = relative_to(x->src, jstr(owner, "file"));
		if (!s.owner_rel) {
			item_refuse(x, i, "%s is not defined in the tree", ot);
			goto drop;
		}
		if (jstr(owner, "after") && zt_is_c_identifier(jstr(owner, "after")))
			s.anchor = xstrdup(jstr(owner, "after"));
		tdecl = json_object_get(d, "type_decl");
		s.type_rel = relative_to(x->src, jstr(tdecl, "file"));
		s.type_line = (unsigned int)jint(tdecl, "line", 0);
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
	free(s.type_rel);
}

static void site_release(struct site *s)
{
	free(s->rel);
	free(s->type);
	free(s->var);
	free(s->owner_type);
	free(s->owner_param);
	free(s->owner_rel);
	free(s->type_rel);
	free(s->anchor);
	free(s->fill);
}

/* ---- copy ------------------------------------------------------------------ */

static bool is_build_dir(const char *dir)
{
	char *p = xasprintf("%s/CMakeCache.txt", dir);
	bool yes = access(p, F_OK) == 0;

	free(p);
	return yes;
}

static int copy_file(const char *from, const char *to, mode_t mode)
{
	char *data;
	size_t len;
	int ret;

	if (zt_read_file(from, &data, &len))
		return -1;
	ret = zt_write_file(to, data, len);
	free(data);
	if (!ret)
		chmod(to, mode & 07777);
	return ret;
}

/* The sources only: no .git, no build directories, not the copy itself. */
static int copy_tree(const char *from, const char *to, const char *skip)
{
	DIR *d = opendir(from);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return error("cannot read %s: %s", from, strerror(errno));
	if (mkdir(to, 0755) && errno != EEXIST) {
		closedir(d);
		return error("cannot create %s: %s", to, strerror(errno));
	}
	while (!ret && (e = readdir(d))) {
		char *a, *b;
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !strcmp(e->d_name, ".git"))
			continue;
		a = path_in(from, e->d_name);
		b = path_in(to, e->d_name);
		if (lstat(a, &st)) {
			ret = error("cannot stat %s: %s", a, strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			char real[PATH_MAX];

			/* The copy may live inside the tree: never copy it into itself. */
			if (!(realpath(a, real) && !strcmp(real, skip)) && !is_build_dir(a))
				ret = copy_tree(a, b, skip);
		} else if (S_ISLNK(st.st_mode)) {
			char target[PATH_MAX];
			struct stat tst;
			ssize_t n;

			/*
			 * A linked file is copied as a file: the rewrite writes into the
			 * copy, and through a link it would reach the user's tree.
			 */
			if (!stat(a, &tst) && S_ISREG(tst.st_mode)) {
				if (copy_file(a, b, tst.st_mode))
					ret = error("cannot copy %s: %s", a, strerror(errno));
			} else if ((n = readlink(a, target, sizeof(target) - 1)) < 0 ||
				   (target[n] = '\0', symlink(target, b))) {
				ret = error("cannot copy the link %s: %s", a, strerror(errno));
			}
		} else if (S_ISREG(st.st_mode)) {
			if (copy_file(a, b, st.st_mode))
				ret = error("cannot copy %s: %s", a, strerror(errno));
		}
		free(a);
		free(b);
	}
	closedir(d);
	return ret;
}

static int remove_tree(const char *path)
{
	char *argv[] = { "rm", "-rf", "--", (char *)path, NULL };
	struct zt_spawn_result res;
	int ret = zt_spawn(argv, NULL, &res);

	ret = ret || res.exit_code ? -1 : 0;
	zt_spawn_result_release(&res);
	return ret;
}

/* ---- text helpers ---------------------------------------------------------- */

/*
 * Not inlined: gcc-12 at -O2 otherwise mistakes the returned buffer for the
 * address of the local 'text' and warns (-Wdangling-pointer) at its users.
 */
static __attribute__((noinline)) char *read_rel(const char *dir, const char *rel)
{
	char *p = path_in(dir, rel), *text = NULL;

	if (zt_read_file(p, &text, NULL))
		text = NULL;
	free(p);
	return text;
}

static int write_rel(const char *dir, const char *rel, const char *text)
{
	char *p = path_in(dir, rel);
	int ret = zt_write_file(p, text, strlen(text));

	free(p);
	return ret;
}

static unsigned int line_of(const char *text, const char *at)
{
	unsigned int n = 1;

	for (const char *p = text; p < at; p++)
		n += *p == '\n';
	return n;
}

/* The matching close brace of the open brace at @open; skips comments and strings. */
static const char *match_brace(const char *open)
{
	int depth = 0;

	for (const char *p = open; *p; p++) {
		if (p[0] == '/' && p[1] == '*') {
			p = strstr(p + 2, "*/");
			if (!p)
				return NULL;
			p++;
		} else if (p[0] == '/' && p[1] == '/') {
			p = strchr(p, '\n');
			if (!p)
				return NULL;
		} else if (*p == '"' || *p == '\'') {
			char q = *p;

			for (p++; *p && *p != q; p++)
				if (*p == '\\' && p[1])
					p++;
			if (!*p)
				return NULL;
		} else if (*p == '{') {
			depth++;
		} else if (*p == '}' && !--depth) {
			return p;
		}
	}
	return NULL;
}

/* "struct NAME {" (any spacing) at the start of a line: the definition of @type. */
static const char *find_definition(const char *text, const char *type)
{
	const char *name = strchr(type, ' ') + 1;
	size_t kw = (size_t)(name - type - 1), nl = strlen(name);

	for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *p = l;

		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, type, kw) || (p[kw] != ' ' && p[kw] != '\t'))
			continue;
		p += kw;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, name, nl))
			continue;
		p += nl;
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (*p == '{')
			return l;
	}
	return NULL;
}

/* Back over the comment block that documents the definition starting at @l. */
static const char *with_leading_comment(const char *text, const char *l)
{
	while (l > text) {
		const char *prev = l - 1, *p;

		while (prev > text && prev[-1] != '\n')
			prev--;
		p = prev;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, "/*", 2) || !strncmp(p, "*", 1) || !strncmp(p, "//", 2))
			l = prev;
		else
			break;
	}
	return l;
}

/* ---- includes: does the owner's header see the type's? ------------------- */

static bool reaches(const char *root, const char *from_rel, const char *to_rel, int depth,
		    char ***seen, size_t *n_seen)
{
	char *text, *dir, *slash;
	bool found = false;

	if (!strcmp(from_rel, to_rel))
		return true;
	if (depth > 16)
		return false;
	for (size_t i = 0; i < *n_seen; i++)
		if (!strcmp((*seen)[i], from_rel))
			return false;
	*seen = xrealloc(*seen, (*n_seen + 1) * sizeof(**seen));
	(*seen)[(*n_seen)++] = xstrdup(from_rel);
	text = read_rel(root, from_rel);
	if (!text)
		return false;
	dir = xstrdup(from_rel);
	slash = strrchr(dir, '/');
	if (slash)
		slash[1] = '\0';
	else
		dir[0] = '\0';
	for (const char *l = text; !found && l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *p = l, *q;
		char *inc, *cand, *rel;

		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '#')
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "include", 7))
			continue;
		p = strchr(p, '"');
		q = p ? strchr(p + 1, '"') : NULL;
		if (!q || memchr(p, '\n', (size_t)(q - p)))
			continue;
		inc = xstrndup(p + 1, (size_t)(q - p - 1));
		/* Quoted includes: next to the including file first, then the tree's root. */
		cand = xasprintf("%s/%s%s", root, dir, inc);
		rel = relative_to(root, cand);
		if (!rel) {
			free(cand);
			cand = xasprintf("%s/%s", root, inc);
			rel = relative_to(root, cand);
		}
		if (rel)
			found = reaches(root, rel, to_rel, depth + 1, seen, n_seen);
		free(rel);
		free(cand);
		free(inc);
	}
	free(dir);
	free(text);
	return found;
}

static bool header_sees(const char *root, const char *from_rel, const char *to_rel)
{
	char **seen = NULL;
	size_t n = 0;
	bool yes = reaches(root, from_rel, to_rel, 0, &seen, &n);

	for (size_t i = 0; i < n; i++)
		free(seen[i]);
	free(seen);
	return yes;
}

/* ---- the struct definition the owner must see ------------------------------ */

static void list_files(const char *root, const char *sub, char ***v, size_t *n)
{
	char *dir = sub[0] ? path_in(root, sub) : xstrdup(root);
	DIR *d = opendir(dir);
	struct dirent *e;

	free(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		char *rel, *abs;
		struct stat st;
		size_t l = strlen(e->d_name);

		if (e->d_name[0] == '.')
			continue;
		rel = sub[0] ? xasprintf("%s/%s", sub, e->d_name) : xstrdup(e->d_name);
		abs = path_in(root, rel);
		if (!lstat(abs, &st) && S_ISDIR(st.st_mode)) {
			list_files(root, rel, v, n);
			free(rel);
		} else if (l > 2 && e->d_name[l - 2] == '.' &&
			   (e->d_name[l - 1] == 'h' || e->d_name[l - 1] == 'c')) {
			*v = xrealloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = rel;
		} else {
			free(rel);
		}
		free(abs);
	}
	closedir(d);
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The definition's text: its comment, the braces, up to the end of the ";" line. */
static int definition_span(const char *text, const char *def, const char **start,
			   const char **end)
{
	const char *open = strchr(def, '{'), *close = open ? match_brace(open) : NULL;
	const char *semi = close ? strchr(close, ';') : NULL;
	const char *eol = semi ? strchr(semi, '\n') : NULL;

	if (!eol)
		return -1;
	*start = with_leading_comment(text, def);
	*end = eol + 1;
	return 0;
}

static char *text_splice(const char *text, size_t at, size_t del, const char *ins)
{
	size_t tl = strlen(text), il = strlen(ins);
	char *s = xmalloc(tl - del + il + 1);

	memcpy(s, text, at);
	memcpy(s + at, ins, il);
	memcpy(s + at + il, text + at + del, tl - at - del + 1);
	return s;
}

static int move_definition(struct fixer *x, struct site *s)
{
	char *otext = NULL, *ttext = NULL, *block = NULL, *t2 = NULL, *o2 = NULL;
	const char *odef, *tdef, *bs, *be, *ins;
	char **files = NULL;
	size_t n_files = 0, del;
	int ret = -1;

	if (!s->type_rel || !(ttext = read_rel(x->out, s->type_rel)) ||
	    !find_definition(ttext, s->type)) {
		/* No usable location in the finding: the tree's own files say. */
		free(ttext);
		ttext = NULL;
		free(s->type_rel);
		s->type_rel = NULL;
		list_files(x->out, "", &files, &n_files);
		for (size_t i = 0; i < n_files && !s->type_rel; i++) {
			char *t = read_rel(x->out, files[i]);

			if (t && find_definition(t, s->type)) {
				s->type_rel = xstrdup(files[i]);
				ttext = t;
			} else {
				free(t);
			}
		}
		free_list(files, n_files);
		if (!s->type_rel)
			return fail(x, "move", "cannot find the definition of %s in the tree",
				    s->type);
	}
	otext = read_rel(x->out, s->owner_rel);
	odef = otext ? find_definition(otext, s->owner_type) : NULL;
	if (!odef) {
		ret = fail(x, "move", "cannot find the definition of %s in %s", s->owner_type,
			   s->owner_rel);
		goto out;
	}
	tdef = find_definition(ttext, s->type);
	if (!strcmp(s->type_rel, s->owner_rel)) {
		/* Two reads of one file: compare offsets, not pointers. */
		if (tdef - ttext < odef - otext) {
			ret = 0;
			goto out;
		}
	} else if (header_sees(x->out, s->owner_rel, s->type_rel) &&
		   !header_sees(x->out, s->type_rel, s->owner_rel)) {
		ret = 0;
		goto out;
	}
	if (definition_span(ttext, tdef, &bs, &be)) {
		ret = fail(x, "move", "cannot find the end of %s in %s", s->type, s->type_rel);
		goto out;
	}
	block = xstrndup(bs, (size_t)(be - bs));
	del = (size_t)(be - bs);
	/* Do not leave two blank lines where the definition was. */
	if (bs > ttext + 1 && bs[-1] == '\n' && bs[-2] == '\n' && *be == '\n')
		del++;
	free(x->r->moved);
	{
		/* Lines as the user's tree has them, not as the copy has them by now. */
		char *st = read_rel(x->src, s->type_rel), *so = read_rel(x->src, s->owner_rel);
		const char *sd = st ? find_definition(st, s->type) : NULL;
		const char *sod = so ? find_definition(so, s->owner_type) : NULL;

		x->r->moved = xasprintf("%s: %s:%u -> %s:%u", s->type, s->type_rel,
					sd ? line_of(st, sd) : line_of(ttext, tdef), s->owner_rel,
					sod ? line_of(so, sod) : line_of(otext, odef));
		free(st);
		free(so);
		free(x->r->moved_from);
		free(x->r->moved_to);
		x->r->moved_from = xstrdup(s->type_rel);
		x->r->moved_to = xstrdup(s->owner_rel);
	}
	t2 = text_splice(ttext, (size_t)(bs - ttext), del, "");
	if (!strcmp(s->type_rel, s->owner_rel)) {
		free(otext);
		otext = t2;
		t2 = NULL;
		odef = find_definition(otext, s->owner_type);
	}
	ins = with_leading_comment(otext, odef);
	{
		char *withsep = xasprintf("%s\n", block);

		o2 = text_splice(otext, (size_t)(ins - otext), 0, withsep);
		free(withsep);
	}
	if ((t2 && write_rel(x->out, s->type_rel, t2)) || write_rel(x->out, s->owner_rel, o2)) {
		ret = fail(x, "move", "cannot write the copy: %s", strerror(errno));
		goto out;
	}
	touch(x, s->type_rel);
	touch(x, s->owner_rel);
	ret = 0;
out:
	free(otext);
	free(ttext);
	free(block);
	free(t2);
	free(o2);
	return ret;
}

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
static char *default_anchor(const char *otext, const char *owner_type)
{
	const char *def = find_definition(otext, owner_type);
	const char *open = def ? strchr(def, '{') : NULL, *close = open ? match_brace(open) : NULL;
	const char *p, *stmt;
	char *names[2] = { NULL, NULL };
	bool last_aligned = false;
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
			if (!depth && names[1] && cold_comment(p, e)) {
				free(names[0]);
				return names[1];
			}
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

/* __uninitialized when the tree defines it, else the attribute spelled out. */
static const char *uninit_attr(struct fixer *x)
{
	char **files = NULL;
	size_t n = 0;
	bool have = false;

	list_files(x->out, "", &files, &n);
	for (size_t i = 0; i < n && !have; i++) {
		char *t = read_rel(x->out, files[i]);

		have = t && strstr(t, "define __uninitialized");
		free(t);
	}
	free_list(files, n);
	return have ? "__uninitialized" : "__attribute__((__uninitialized__))";
}

static char *map_arg(struct fixer *x, const char *arg, const char *root);
static bool file_changed(struct fixer *x, const char *rel);
static int tidy(struct fixer *x, const struct site *s);
static int tidy_owner(struct fixer *x, const struct site *s);

static size_t incs_count(char **v)
{
	size_t n = 0;

	while (v && v[n])
		n++;
	return n;
}

/* The -I directories of @rel's compile command, moved into the copy: spatch's -I. */
static char **include_dirs(struct fixer *x, const char *rel)
{
	char **v = xcalloc(1, sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; x->o->db && i < x->o->db->n; i++) {
		const struct zt_compile_cmd *c = &x->o->db->v[i];
		char *r = relative_to(x->src, c->file);
		bool match = r && !strcmp(r, rel);

		free(r);
		if (!match)
			continue;
		for (size_t k = 1; k < c->argc; k++) {
			const char *d = NULL;
			char *abs, *m;

			if (!strcmp(c->argv[k], "-I") || !strcmp(c->argv[k], "-iquote"))
				d = k + 1 < c->argc ? c->argv[++k] : NULL;
			else if (!strncmp(c->argv[k], "-I", 2))
				d = c->argv[k] + 2;
			if (!d)
				continue;
			abs = d[0] == '/' ? xstrdup(d) : xasprintf("%s/%s", c->directory, d);
			m = map_arg(x, abs, x->out);
			free(abs);
			v = xrealloc(v, (n + 2) * sizeof(*v));
			v[n++] = m;
			v[n] = NULL;
		}
		break;
	}
	return v;
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
	const char *def = find_definition(otext, owner_type);
	const char *open = def ? strchr(def, '{') : NULL, *close = open ? match_brace(open) : NULL;
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
		line = line_of(otext, p);
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
		v.attr = uninit_attr(x);
	} else {
		char *o = read_rel(x->out, s->owner_rel);
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
	ret = zt_cocci_run(sp, "patch", true, files, 1, incs, x->out, x->timeout, &res);
	free_list(incs, incs_count(incs));
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
	if (x->r->items[s->item].status != ZT_FIX_REFUSED) {
		s->fill = fill_of(res.out, s->f->function);
		s->applied = true;
		touch(x, s->rel);
		if (s->owner_rel)
			touch(x, s->owner_rel);
	}
	ret = 0;
	if (s->applied && file_changed(x, s->rel))
		ret = tidy(x, s);
	if (!ret && s->applied && s->owner_rel && file_changed(x, s->owner_rel))
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
	char *orig = read_rel(x->src, s->rel), *now = read_rel(x->out, s->rel), *out;
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
	if (strcmp(out, now) && write_rel(x->out, s->rel, out))
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
	char *orig = read_rel(x->src, s->owner_rel), *now = read_rel(x->out, s->owner_rel);
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
	if (strcmp(out, now) && write_rel(x->out, s->owner_rel, out))
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
		*e = match_brace(q);
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

static int verify(struct fixer *x)
{
	for (size_t k = 0; k < x->n_sites; k++) {
		struct site *s = &x->sites[k];
		char *text = NULL, *want = NULL, *old = NULL;
		const char *b, *e;
		bool ok;

		if (!s->applied)
			continue;
		text = read_rel(x->out, s->rel);
		if (x->o->strategy == ZT_FIX_HOIST)
			want = xasprintf("%s *%s = &%s->%s;", s->type, s->var, s->owner_param, s->var);
		else
			want = xasprintf("%s %s %s;", s->type, s->var, uninit_attr(x));
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

			text = read_rel(x->out, s->owner_rel);
			b = text ? find_definition(text, s->owner_type) : NULL;
			e = b ? match_brace(strchr(b, '{')) : NULL;
			if (e)
				n = count_in(b, e, old);
			free(text);
			if (n != 1) {
				fail(x, "verify", "%s should hold one '%s' after the rewrite, it holds %zu",
				     s->owner_type, old, n);
				free(old);
				return -1;
			}
			if (!x->r->field) {
				x->r->field = xasprintf("%s: %s %s %s%s", s->owner_type, s->type, s->var,
							s->anchor ? "after " : "at the end",
							s->anchor ? s->anchor : "");
				x->r->field_owner = xstrdup(s->owner_type);
				x->r->field_after = s->anchor ? xstrdup(s->anchor) : NULL;
			}
		}
		free(old);
	}
	return 0;
}

/* ---- compile and sparse ------------------------------------------------------ */

static bool file_changed(struct fixer *x, const char *rel)
{
	char *a = read_rel(x->src, rel), *b = read_rel(x->out, rel);
	bool diff = !a || !b || strcmp(a, b);

	free(a);
	free(b);
	return diff;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void collect_changed(struct fixer *x)
{
	for (size_t i = 0; i < x->n_touched; i++) {
		if (!file_changed(x, x->touched[i]))
			continue;
		x->r->changed = xrealloc(x->r->changed, (x->r->n_changed + 1) * sizeof(char *));
		x->r->changed[x->r->n_changed++] = xstrdup(x->touched[i]);
	}
	if (x->r->n_changed)
		qsort(x->r->changed, x->r->n_changed, sizeof(char *), cmp_str);
}

static bool is_header(const char *rel)
{
	size_t l = strlen(rel);

	return l > 2 && !strcmp(rel + l - 2, ".h");
}

/* A path of the source tree, moved into @root (a copy, or the tree itself). */
static char *map_arg(struct fixer *x, const char *arg, const char *root)
{
	const char *hit = strstr(arg, x->src);
	size_t n = strlen(x->src);

	if (!hit || (hit[n] && hit[n] != '/'))
		return xstrdup(arg);
	return xasprintf("%.*s%s%s", (int)(hit - arg), arg, root, hit + n);
}

/* Is @arg (relative to @dir) the source @rel of the tree? */
static bool keep_for_syntax(const struct zt_cc_arg *a, void *data)
{
	return strcmp(a->word, "-o") && strcmp(a->word, "-MF") && strcmp(a->word, "-MT") &&
	       strcmp(a->word, "-MQ") && strcmp(a->word, "-MD") && strcmp(a->word, "-MMD") &&
	       strcmp(a->word, "-c");
}

static bool keep_for_sparse(const struct zt_cc_arg *a, void *data)
{
	if (a->n_val)
		return !strcmp(a->word, "-I") || !strcmp(a->word, "-D") || !strcmp(a->word, "-U") ||
		       !strcmp(a->word, "-include") || !strcmp(a->word, "-isystem") ||
		       !strcmp(a->word, "-iquote");
	return !strncmp(a->word, "-I", 2) || !strncmp(a->word, "-D", 2) ||
	       !strncmp(a->word, "-U", 2) || !strncmp(a->word, "-std", 4);
}

/* The compile command of TU @rel, with paths moved into @root and no outputs. */
static char **tu_argv(struct fixer *x, const char *rel, const char *root, bool for_sparse,
		      char **cwd)
{
	const struct zt_compile_cmd *c = NULL;
	char *abs = path_in(x->src, rel);
	struct zt_argv kept = { 0 };
	char **argv;
	size_t n = 0;

	for (size_t i = 0; x->o->db && i < x->o->db->n && !c; i++) {
		char *r = relative_to(x->src, x->o->db->v[i].file);

		if (r && !strcmp(r, rel))
			c = &x->o->db->v[i];
		free(r);
	}
	if (!c) {
		size_t nf = 0;

		while (x->o->cflags && x->o->cflags[nf])
			nf++;
		argv = xcalloc(nf + 10, sizeof(*argv));
		argv[n++] = xstrdup(for_sparse ? "sparse" : ZT_GCC);
		argv[n++] = xstrdup("-std=gnu11");
		if (!for_sparse)
			argv[n++] = xstrdup("-fsyntax-only");
		for (size_t i = 0; i < nf; i++)
			argv[n++] = map_arg(x, x->o->cflags[i], root);
		argv[n++] = path_in(root, rel);
		*cwd = xstrdup(root);
		free(abs);
		return argv;
	}
	/* the build's options, each with its values (tool/ast/cmdline.c), outputs dropped */
	zt_cmdline_rebuild(c, for_sparse ? keep_for_sparse : keep_for_syntax, NULL, &kept);
	argv = xcalloc(kept.n + 4, sizeof(*argv));
	argv[n++] = xstrdup(for_sparse ? "sparse" : c->argv[0]);
	for (size_t i = 0; i < kept.n; i++)
		argv[n++] = map_arg(x, kept.v[i], root);
	zt_argv_release(&kept);
	if (!for_sparse)
		argv[n++] = xstrdup("-fsyntax-only");
	argv[n++] = path_in(root, rel);
	*cwd = map_arg(x, c->directory, root);
	free(abs);
	return argv;
}

/* Every TU the changes reach: the changed .c files, or all of them when a header changed. */
static void affected_tus(struct fixer *x, char ***v, size_t *n)
{
	bool header = false;

	for (size_t i = 0; i < x->r->n_changed; i++)
		header |= is_header(x->r->changed[i]);
	if (!header) {
		for (size_t i = 0; i < x->r->n_changed; i++) {
			*v = xrealloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = xstrdup(x->r->changed[i]);
		}
		return;
	}
	if (x->o->db) {
		for (size_t i = 0; i < x->o->db->n; i++) {
			char *r = relative_to(x->src, x->o->db->v[i].file);

			if (!r)
				continue;
			*v = xrealloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = r;
		}
		return;
	}
	{
		char **files = NULL;
		size_t nf = 0;

		list_files(x->out, "", &files, &nf);
		for (size_t i = 0; i < nf; i++) {
			if (is_header(files[i])) {
				free(files[i]);
				continue;
			}
			*v = xrealloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = files[i];
		}
		free(files);
	}
}

static int run_tu(struct fixer *x, const char *rel, const char *root, bool sparse,
		  struct zt_spawn_result *res)
{
	struct zt_spawn_opts so = { .timeout_ms = x->timeout };
	char *cwd = NULL;
	char **argv = tu_argv(x, rel, root, sparse, &cwd);
	int ret;

	so.cwd = cwd;
	ret = zt_spawn(argv, &so, res);
	for (size_t i = 0; argv[i]; i++)
		free(argv[i]);
	free(argv);
	free(cwd);
	return ret;
}

static int compile_step(struct fixer *x, char **tus, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct zt_spawn_result res;
		int ret = run_tu(x, tus[i], x->out, false, &res);

		if (ret || res.exit_code) {
			char *msg = xstrdup(res.err && res.err[0] ? res.err :
					    res.timed_out ? "timed out" : "the compiler could not run");
			size_t l = strlen(msg);

			while (l && msg[l - 1] == '\n')
				msg[--l] = '\0';
			fail(x, "compile", "%s does not compile after the rewrite:\n%s", tus[i], msg);
			free(msg);
			zt_spawn_result_release(&res);
			return -1;
		}
		zt_spawn_result_release(&res);
	}
	return 0;
}

/* sparse's warnings without their locations: lines move, messages should not appear. */
static size_t sparse_messages(const char *err, char ***msgs)
{
	size_t n = 0;

	for (const char *l = err; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *eol = strchr(l, '\n'), *m = strstr(l, ": warning: ");

		if (!m)
			m = strstr(l, ": error: ");
		if (!m || (eol && m > eol))
			continue;
		*msgs = xrealloc(*msgs, (n + 1) * sizeof(**msgs));
		(*msgs)[n++] = eol ? xstrndup(m + 2, (size_t)(eol - m - 2)) : xstrdup(m + 2);
	}
	return n;
}

static int sparse_step(struct fixer *x, char **tus, size_t n)
{
	if (!zt_have_program("sparse"))
		return 0;
	x->r->sparse_ran = true;
	for (size_t i = 0; i < n; i++) {
		struct zt_spawn_result a, b;
		char **ma = NULL, **mb = NULL;
		size_t na, nb;
		int ret = -1;

		if (run_tu(x, tus[i], x->src, true, &a)) {
			zt_spawn_result_release(&a);
			return fail(x, "sparse", "sparse did not run on %s", tus[i]);
		}
		if (run_tu(x, tus[i], x->out, true, &b)) {
			zt_spawn_result_release(&a);
			zt_spawn_result_release(&b);
			return fail(x, "sparse", "sparse did not run on the rewritten %s", tus[i]);
		}
		na = sparse_messages(a.err, &ma);
		nb = sparse_messages(b.err, &mb);
		x->r->sparse_before += na;
		x->r->sparse_after += nb;
		ret = 0;
		for (size_t j = 0; j < nb && !ret; j++) {
			bool seen = false;

			for (size_t k = 0; k < na && !seen; k++)
				if (ma[k] && !strcmp(ma[k], mb[j])) {
					seen = true;
					free(ma[k]);
					ma[k] = NULL;
				}
			if (!seen)
				ret = fail(x, "sparse", "new sparse warning in %s: %s", tus[i], mb[j]);
		}
		free_list(ma, na);
		free_list(mb, nb);
		zt_spawn_result_release(&a);
		zt_spawn_result_release(&b);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- the whole run ---------------------------------------------------------- */

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

int zt_fix_tree(struct zt_ctx *ctx, const struct zt_fix_opts *opts,
		const struct zt_findings *fs, struct zt_fix_result *r)
{
	struct fixer x = { .ctx = ctx, .o = opts, .fs = fs, .r = r };
	char real[PATH_MAX], **tus = NULL, *tmpl = NULL;
	size_t n_tus = 0;
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
	if (!opts->output_dir || !dir_empty_or_missing(opts->output_dir)) {
		ret = fail(&x, "copy", "the output directory %s must not exist or be empty",
			   opts->output_dir ? opts->output_dir : "(none)");
		goto out;
	}

	/* plan */
	for (size_t i = 0; i < fs->n; i++)
		plan_one(&x, i);

	/* copy */
	if ((mkdir(opts->output_dir, 0755) && errno != EEXIST) || !realpath(opts->output_dir, real)) {
		ret = fail(&x, "copy", "cannot create %s: %s", opts->output_dir, strerror(errno));
		goto out;
	}
	x.out = xstrdup(real);
	if (copy_tree(x.src, x.out, x.out)) {
		ret = fail(&x, "copy", "%s", zt_last_error());
		goto out;
	}
	if (!x.n_sites) {
		ret = 0;
		goto out;
	}

	/* spatch, one semantic patch per finding, in order */
	if (opts->emit_dir) {
		if (mkdir(opts->emit_dir, 0755) && errno != EEXIST) {
			ret = fail(&x, "spatch", "cannot create %s: %s", opts->emit_dir,
				   strerror(errno));
			goto out;
		}
		/* spatch runs inside the copy: the path must not be relative. */
		if (!realpath(opts->emit_dir, real)) {
			ret = fail(&x, "spatch", "cannot resolve %s: %s", opts->emit_dir,
				   strerror(errno));
			goto out;
		}
		x.spdir = xstrdup(real);
	} else {
		char tmp[] = "/tmp/zerotax-fix-XXXXXX";

		if (!mkdtemp(tmp)) {
			ret = fail(&x, "spatch", "cannot create a scratch directory: %s",
				   strerror(errno));
			goto out;
		}
		x.spdir = xstrdup(tmp);
		x.spdir_temp = true;
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
	for (size_t k = 0; k < x.n_sites; k++) {
		if (opts->strategy == ZT_FIX_HOIST && !x.sites[k].anchor) {
			char *o = read_rel(x.out, x.sites[k].owner_rel);

			x.sites[k].anchor = o ? default_anchor(o, x.sites[k].owner_type) : NULL;
			free(o);
		}
		if (apply_one(&x, k, tmpl))
			goto out;
	}

	/* move: the owner embeds the type by value now, so it must see its definition */
	for (size_t k = 0; opts->strategy == ZT_FIX_HOIST && k < x.n_sites; k++) {
		bool done = false;

		if (!x.sites[k].applied)
			continue;
		for (size_t j = 0; j < k; j++)
			done |= x.sites[j].applied && !strcmp(x.sites[j].type, x.sites[k].type) &&
				!strcmp(x.sites[j].owner_type, x.sites[k].owner_type);
		if (!done && move_definition(&x, &x.sites[k]))
			goto out;
	}

	if (verify(&x))
		goto out;
	collect_changed(&x);
	affected_tus(&x, &tus, &n_tus);
	if (compile_step(&x, tus, n_tus))
		goto out;
	if (opts->sparse && sparse_step(&x, tus, n_tus))
		goto out;
	ret = 0;
out:
	for (size_t i = 0; i < fs->n; i++) {
		if (r->items[i].status == ZT_FIX_REFUSED)
			r->n_refused++;
	}
	for (size_t k = 0; k < x.n_sites; k++) {
		/* A failed run applies nothing: the tree stays as it was. */
		if (!ret && x.sites[k].applied &&
		    r->items[x.sites[k].item].status != ZT_FIX_REFUSED) {
			r->items[x.sites[k].item].status = ZT_FIX_APPLIED;
			r->items[x.sites[k].item].why = why_of(&x, &x.sites[k]);
			r->n_applied++;
		}
		site_release(&x.sites[k]);
	}
	free(x.sites);
	if (x.spdir_temp)
		remove_tree(x.spdir);
	free(x.spdir);
	free_list(x.touched, x.n_touched);
	free_list(tus, n_tus);
	free(tmpl);
	free(x.src);
	free(x.out);
	return ret;
}

void zt_fix_result_release(struct zt_fix_result *r)
{
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

/* ---- handing the verified copy back ----------------------------------------- */

int zt_fix_diff(const struct zt_fix_opts *opts, const struct zt_fix_result *r, char **diff)
{
	char src[PATH_MAX], out[PATH_MAX];
	size_t len = 0;

	*diff = xstrdup("");
	if (!realpath(opts->source_dir, src) || !realpath(opts->output_dir, out))
		return error("cannot resolve the trees to compare: %s", strerror(errno));
	for (size_t i = 0; i < r->n_changed; i++) {
		char *a = path_in(src, r->changed[i]), *b = path_in(out, r->changed[i]);
		char *la = xasprintf("a/%s", r->changed[i]), *lb = xasprintf("b/%s", r->changed[i]);
		char *argv[] = { "diff", "-u", "--label", la, "--label", lb, a, b, NULL };
		struct zt_spawn_result res;
		int ret = zt_spawn(argv, NULL, &res);

		free(a);
		free(b);
		free(la);
		free(lb);
		/* diff: 0 same, 1 different, 2 trouble */
		if (ret || res.exit_code > 1 || res.exit_code < 0) {
			zt_spawn_result_release(&res);
			return error("diff failed on %s", r->changed[i]);
		}
		*diff = xrealloc(*diff, len + res.out_len + 1);
		memcpy(*diff + len, res.out, res.out_len + 1);
		len += res.out_len;
		zt_spawn_result_release(&res);
	}
	return 0;
}

/*
 * A git tree with uncommitted changes is the user's work in progress. Only
 * "not a git repository" means there is no git tree; any other failure of
 * git (safe.directory, a broken index) is an error, not a reason to skip.
 */
static int git_dirty(const char *dir, bool *is_git, char **status)
{
	char *argv[] = { "git", "-C", (char *)dir, "status", "--porcelain", "--", ".", NULL };
	struct zt_spawn_result res;
	int ret = 0;

	*is_git = false;
	*status = NULL;
	if (zt_spawn(argv, NULL, &res)) {
		/* git itself is missing: the tree cannot be a git tree we can read */
		ret = res.not_found ? 0 : -1;
	} else if (!res.exit_code) {
		*is_git = true;
		*status = xstrdup(res.out);
	} else if (!strstr(res.err, "not a git repository")) {
		ret = error("git status in %s failed: %.*s", dir, (int)strcspn(res.err, "\n"),
			    res.err);
	}
	zt_spawn_result_release(&res);
	return ret;
}

/* A new file beside the old one, with its mode, on disk before it is renamed. */
static int write_new(const char *path, const char *text, mode_t mode)
{
	size_t len = strlen(text), done = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	while (done < len) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto fail;
		done += (size_t)n;
	}
	if (fchmod(fd, mode & 07777) || fsync(fd))
		goto fail;
	return close(fd);
fail:
	close(fd);
	unlink(path);
	return -1;
}

/*
 * Two phases, so the tree is never left half-rewritten: (1) every new file is
 * written beside its original and synced — a failure removes them and nothing
 * has changed; (2) each original is kept as a hard link, the new file renamed
 * over it — a failure renames the kept originals back.
 */
int zt_fix_write_back(const struct zt_fix_opts *opts, const struct zt_fix_result *r, bool force)
{
	char src[PATH_MAX], out[PATH_MAX];
	size_t n = r->n_changed, written = 0, replaced = 0;
	char **dst, **tmp, **keep, *status;
	bool is_git;
	int ret = 0;

	if (r->failed_step)
		return error("not writing back: step '%s' failed", r->failed_step);
	if (!realpath(opts->source_dir, src) || !realpath(opts->output_dir, out))
		return error("cannot resolve the trees: %s", strerror(errno));
	if (git_dirty(src, &is_git, &status))
		return -1;
	if (is_git && status[0] && !force) {
		free(status);
		return error("%s has uncommitted changes; commit or stash them, or use --force", src);
	}
	free(status);

	dst = xcalloc(n + 1, sizeof(*dst));
	tmp = xcalloc(n + 1, sizeof(*tmp));
	keep = xcalloc(n + 1, sizeof(*keep));
	for (size_t i = 0; i < n; i++) {
		dst[i] = path_in(src, r->changed[i]);
		tmp[i] = xasprintf("%s.zerotax-new", dst[i]);
		keep[i] = xasprintf("%s.zerotax-orig", dst[i]);
	}

	/* phase 1: nothing in the tree changes */
	for (; !ret && written < n; written++) {
		char *text = read_rel(out, r->changed[written]);
		struct stat st;

		if (lstat(dst[written], &st))
			ret = error("cannot write %s: %s", dst[written], strerror(errno));
		else if (!S_ISREG(st.st_mode))
			ret = error("not writing through %s: not a regular file (a symbolic link?)",
				    dst[written]);
		else if (!text || write_new(tmp[written], text, st.st_mode))
			ret = error("cannot write %s: %s", tmp[written], strerror(errno));
		free(text);
		if (ret)
			break;
	}
	if (ret) {
		for (size_t i = 0; i < written; i++)
			unlink(tmp[i]);
		goto out;
	}

	/* phase 2: each rename is atomic; keep the originals until all are in */
	for (; replaced < n; replaced++) {
		if (link(dst[replaced], keep[replaced])) {
			ret = error("cannot keep %s: %s", dst[replaced], strerror(errno));
			break;
		}
		if (rename(tmp[replaced], dst[replaced])) {
			ret = error("cannot replace %s: %s", dst[replaced], strerror(errno));
			unlink(keep[replaced]);
			break;
		}
	}
	if (ret) {
		for (size_t i = 0; i < replaced; i++)
			if (rename(keep[i], dst[i]))
				error("tree left partially rewritten: restore %s from %s", dst[i],
				      keep[i]);
		for (size_t i = replaced; i < n; i++)
			unlink(tmp[i]);
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		unlink(keep[i]);
out:
	for (size_t i = 0; i < n; i++) {
		free(dst[i]);
		free(tmp[i]);
		free(keep[i]);
	}
	free(dst);
	free(tmp);
	free(keep);
	return ret;
}

/* "mlx5e_skb_from_cqe_linear" -> "mlx5e": the driver's prefix. */
static char *prefix_of(const char *name)
{
	const char *u = name ? strchr(name, '_') : NULL;

	return u ? xstrndup(name, (size_t)(u - name)) : xstrdup(name ? name : "driver");
}

/* "xdp_buff" -> "XDP buffer", "rq" -> "RQ": how netdev subjects spell them. */
static char *humanize(const char *s)
{
	static const char *const upper[] = { "xdp", "rq", "sq", "cq", "skb", "tx", "rx", "dma",
					     "cqe", "wqe", "xsk", "napi" };
	char *out = xstrdup(""), *copy = xstrdup(s), *save = NULL;

	for (char *t = strtok_r(copy, "_", &save); t; t = strtok_r(NULL, "_", &save)) {
		char *w = xstrdup(t), *n;

		for (size_t i = 0; i < ARRAY_SIZE(upper); i++)
			if (!strcmp(t, upper[i]))
				for (char *c = w; *c; c++)
					*c = (char)toupper((unsigned char)*c);
		if (!strcmp(t, "buff") || !strcmp(t, "buf")) {
			free(w);
			w = xstrdup("buffer");
		}
		n = xasprintf("%s%s%s", out, out[0] ? " " : "", w);
		free(out);
		free(w);
		out = n;
	}
	free(copy);
	return out;
}

static const struct zt_finding *first_applied(const struct zt_findings *fs,
					      const struct zt_fix_result *r)
{
	for (size_t i = 0; i < r->n_items; i++)
		if (r->items[i].status == ZT_FIX_APPLIED)
			return &fs->v[r->items[i].finding];
	return NULL;
}

char *zt_fix_subject(const struct zt_findings *fs, const struct zt_fix_result *r)
{
	const struct zt_finding *f = first_applied(fs, r);
	json_t *owner;
	char *pfx, *obj, *own, *subject, *tname, *oname;
	const char *ot;

	if (!f)
		return xstrdup("zerotax: nothing to change");
	pfx = prefix_of(f->function);
	owner = json_object_get(f->details, "owner");
	ot = jstr(owner, "type");
	tname = xstrdup(strchr(f->type, ' ') + 1);
	/* Drop the driver's prefix from the names: mlx5e_xdp_buff -> xdp_buff. */
	if (!strncmp(tname, pfx, strlen(pfx)) && tname[strlen(pfx)] == '_')
		memmove(tname, tname + strlen(pfx) + 1, strlen(tname + strlen(pfx) + 1) + 1);
	oname = xstrdup(ot && strchr(ot, ' ') ? strchr(ot, ' ') + 1 : "queue");
	if (!strncmp(oname, pfx, strlen(pfx)) && oname[strlen(pfx)] == '_')
		memmove(oname, oname + strlen(pfx) + 1, strlen(oname + strlen(pfx) + 1) + 1);
	obj = humanize(tname);
	own = humanize(oname);
	subject = xasprintf("net/%s: Reuse per-%s %s to avoid stack zeroing overhead", pfx, own,
			    obj);
	free(pfx);
	free(obj);
	free(own);
	free(tname);
	free(oname);
	return subject;
}

/* A paragraph at 72 columns, as commit messages are written. */
static void wrap(FILE *m, const char *text)
{
	const char *p = text;
	size_t col = 0;

	while (*p) {
		size_t w = strcspn(p, " ");

		if (col && col + 1 + w > 72) {
			fputc('\n', m);
			col = 0;
		} else if (col) {
			fputc(' ', m);
			col++;
		}
		fwrite(p, 1, w, m);
		col += w;
		p += w;
		while (*p == ' ')
			p++;
	}
	fputc('\n', m);
}

static void add_evidence(FILE *m, const struct zt_finding *f)
{
	json_t *ev = json_object_get(f->details, "evidence");
	json_t *fr = json_object_get(f->details, "frame_size");
	const char *names[] = { "gcc", "clang" };

	fprintf(m, "- %s(): %s %s, %lld bytes", f->function, f->type, f->symbol, f->size);
	if (f->freq == ZT_FREQ_PER_PACKET)
		fputs(", per packet", m);
	fputc('\n', m);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		json_t *e = json_object_get(ev, names[i]);

		if (!json_is_object(e))
			continue;
		fprintf(m, "    %s: %lld bytes of zeroing survive -O2", jstr(e, "compiler") ?
			jstr(e, "compiler") : names[i], jint(e, "bytes", -1));
		if (jint(fr, names[i], -1) >= 0)
			fprintf(m, ", frame %lld bytes", jint(fr, names[i], -1));
		fputc('\n', m);
	}
	if (f->n_chain) {
		fputs("    hot chain: ", m);
		for (size_t i = 0; i < f->n_chain; i++)
			fprintf(m, "%s%s", i ? " -> " : "", f->chain[i]);
		fputc('\n', m);
	}
}

int zt_fix_format_patch(const struct zt_fix_opts *opts, const struct zt_findings *fs,
			const struct zt_fix_result *r, const char *dir,
			const char *bench_table, char **path_out)
{
	const struct zt_finding *f = first_applied(fs, r);
	char *subject, *diff = NULL, *slug, *path, *bench = NULL, *mail = NULL;
	size_t mlen = 0;
	FILE *m;
	int ret = -1;

	*path_out = NULL;
	if (!f)
		return error("no rewrite was applied: nothing to put in a patch");
	if (bench_table && zt_read_file(bench_table, &bench, NULL))
		return error("cannot read the bench table %s: %s", bench_table, strerror(errno));
	if (zt_fix_diff(opts, r, &diff))
		goto out;
	subject = zt_fix_subject(fs, r);
	m = open_memstream(&mail, &mlen);
	fprintf(m, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	fprintf(m, "From: zerotax <zerotax@localhost>\n");
	fprintf(m, "Subject: [PATCH] %s\n\n", subject);
	{
		char *p1 = xasprintf("With stack auto-initialization (CONFIG_INIT_STACK_ALL_ZERO) "
				     "every local struct is zeroed on entry. The functions below "
				     "declare %s %s on the stack and run once per received packet, "
				     "so the zeroing is paid per packet:", f->type, f->symbol);

		wrap(m, p1);
		free(p1);
	}
	fputc('\n', m);
	for (size_t i = 0; i < r->n_items; i++)
		if (r->items[i].status == ZT_FIX_APPLIED)
			add_evidence(m, &fs->v[r->items[i].finding]);
	fputc('\n', m);
	{
		const struct zt_fix_item *it = NULL;
		char *p2, *where, *moved = NULL, *fill;

		for (size_t i = 0; i < r->n_items && !it; i++)
			if (r->items[i].status == ZT_FIX_APPLIED)
				it = &r->items[i];
		where = r->field_after ?
			xasprintf("after %s, the last member of the hot part", r->field_after) :
			xstrdup("at its end");
		if (r->moved_from)
			moved = xasprintf(" The owner embeds it by value now, so the definition of "
					  "%s moves from %s into %s, before the owner.", f->type,
					  r->moved_from, r->moved_to);
		/* The guard rule's finding, without the strategy's own explanation. */
		fill = it && it->why ? xstrndup(it->why, strcspn(it->why, ";")) :
		       xstrdup("every field is written before it is read");
		p2 = xasprintf("Keep one %s per queue instead: it becomes the member %s of %s, "
			       "%s, and each function takes a pointer to it. A queue is "
			       "processed by one NAPI context at a time, and %s, so no "
			       "packet sees what the previous one left.%s", f->type, f->symbol,
			       r->field_owner ? r->field_owner : "the owner", where, fill,
			       moved ? moved : "");
		wrap(m, p2);
		free(p2);
		free(fill);
		free(where);
		free(moved);
	}
	if (bench) {
		fputs("\nMeasured on the bundled reference driver:\n\n", m);
		fputs(bench, m);
		if (bench[0] && bench[strlen(bench) - 1] != '\n')
			fputc('\n', m);
	}
	for (size_t i = 0; i < r->n_items; i++)
		if (r->items[i].status == ZT_FIX_REFUSED)
			fprintf(m, "\nNot changed: %s() in %s: %s", fs->v[r->items[i].finding].function,
				fs->v[r->items[i].finding].file, r->items[i].reason);
	fprintf(m, "\n---\n");
	for (size_t i = 0; i < r->n_changed; i++)
		fprintf(m, " %s\n", r->changed[i]);
	fprintf(m, "\n%s-- \nzerotax %s\n\n", diff, ZT_VERSION);
	fclose(m);

	if (mkdir(dir, 0755) && errno != EEXIST) {
		error("cannot create %s: %s", dir, strerror(errno));
		free(subject);
		goto out;
	}
	slug = xstrdup(subject);
	for (char *c = slug; *c; c++)
		if (!isalnum((unsigned char)*c))
			*c = '-';
	path = xasprintf("%s/0001-%.52s.patch", dir, slug);
	free(slug);
	free(subject);
	if (zt_write_file(path, mail, mlen)) {
		error("cannot write %s: %s", path, strerror(errno));
		free(path);
		goto out;
	}
	*path_out = path;
	ret = 0;
out:
	free(mail);
	free(diff);
	free(bench);
	return ret;
}

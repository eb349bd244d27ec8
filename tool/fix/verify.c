// SPDX-License-Identifier: GPL-2.0-only
/* Compile and sparse the rewritten files in place of the originals, writing nothing. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parallel.h"
#include "cmdline.h"
#include "placement.h"
#include "process.h"
#include "strbuf.h"
#include "verify.h"
#include "zerotax.h"

const struct zt_compile_cmd *zt_fix_command(const struct zt_fix_build *b, const char *rel)
{
	for (size_t i = 0; b->db && i < b->db->n; i++) {
		char *r = zt_real_path_under(b->sh->src, b->db->v[i].file);
		bool yes = r && !strcmp(r, rel);

		free(r);
		if (yes)
			return &b->db->v[i];
	}
	return NULL;
}

/* A path of the tree, moved into the shadow. */
static char *map_arg(const struct zt_fix_build *b, const char *arg, bool shadow)
{
	const char *src = b->sh->src, *hit = shadow ? strstr(arg, src) : NULL;
	size_t n = strlen(src);

	if (!hit || (hit[n] && hit[n] != '/'))
		return xstrdup(arg);
	return xasprintf("%.*s%s%s", (int)(hit - arg), arg, b->sh->tree, hit + n);
}

/* The syntax check writes nothing: -fsyntax-only replaces the action. */
static bool keep_for_syntax(const struct zt_cc_arg *a, void *data)
{
	return !zt_cmdline_writes_file(a) && strcmp(a->word, "-c") && strcmp(a->word, "-S") &&
	       strcmp(a->word, "-E");
}

/* sparse takes the preprocessor's options and the language standard. */
static bool keep_for_sparse(const struct zt_cc_arg *a, void *data)
{
	const char *w = a->word;

	return !zt_cmdline_writes_file(a) &&
	       (!strncmp(w, "-I", 2) || !strncmp(w, "-D", 2) || !strncmp(w, "-U", 2) ||
		!strncmp(w, "-std", 4) || !strcmp(w, "-include") || !strcmp(w, "-isystem") ||
		!strcmp(w, "-iquote"));
}

/* The compile command of TU @rel, from the shadow or the tree, writing nothing. */
static char **tu_argv(const struct zt_fix_build *b, const char *rel, bool shadow, bool sparse,
		      char **cwd)
{
	const struct zt_compile_cmd *c = zt_fix_command(b, rel);
	const char *root = shadow ? b->sh->tree : b->sh->src;
	struct zt_strvec kept = { 0 };
	char **argv;
	size_t n = 0;

	if (!c) {
		size_t nf = 0;

		while (b->cflags && b->cflags[nf])
			nf++;
		argv = xcalloc(nf + 10, sizeof(*argv));
		argv[n++] = xstrdup(sparse ? "sparse" : ZT_GCC);
		argv[n++] = xstrdup("-std=gnu11");
		if (!sparse)
			argv[n++] = xstrdup("-fsyntax-only");
		for (size_t i = 0; i < nf; i++) {
			const char *a = b->cflags[i];
			char real[PATH_MAX], *abs;

			/* Relative to where fix runs; absolute, so they move into the shadow. */
			if (!strncmp(a, "-I", 2) && a[2] && a[2] != '/' && realpath(a + 2, real)) {
				abs = xasprintf("-I%s", real);
				argv[n++] = map_arg(b, abs, shadow);
				free(abs);
				continue;
			}
			argv[n++] = map_arg(b, a, shadow);
		}
		argv[n++] = xasprintf("%s/%s", root, rel);
		*cwd = NULL;
		return argv;
	}
	zt_cmdline_rebuild(c, sparse ? keep_for_sparse : keep_for_syntax, NULL, &kept);
	argv = xcalloc(kept.n + 4, sizeof(*argv));
	argv[n++] = xstrdup(sparse ? "sparse" : c->argv[zt_cmdline_first(c) - 1]);
	for (size_t i = 0; i < kept.n; i++)
		argv[n++] = map_arg(b, kept.v[i], shadow);
	zt_strvec_clear(&kept);
	if (!sparse)
		argv[n++] = xstrdup("-fsyntax-only");
	argv[n++] = xasprintf("%s/%s", root, rel);
	*cwd = map_arg(b, c->directory, shadow);
	return argv;
}

char **zt_fix_clang_args(const struct zt_fix_build *b, const char *rel)
{
	const struct zt_compile_cmd *c = zt_fix_command(b, rel);
	size_t n = 0, nf = 0;
	char **v;

	if (c)
		return zt_compdb_clang_args(c, &n);
	while (b->cflags && b->cflags[nf])
		nf++;
	v = xcalloc(nf + 2, sizeof(*v));
	v[n++] = xstrdup("-std=gnu11");
	for (size_t i = 0; i < nf; i++)
		v[n++] = xstrdup(b->cflags[i]);
	return v;
}

/* ---- which TUs include a changed file ---------------------------------------- */

struct scan {
	const struct zt_fix_build *b;
	char *const *changed;
	size_t n_changed;
	struct zt_strvec dirs;	/* the TU's include directories, absolute */
	struct zt_strvec seen;
};

static bool is_changed(struct scan *s, const char *rel)
{
	for (size_t i = 0; i < s->n_changed; i++)
		if (!strcmp(s->changed[i], rel))
			return true;
	return false;
}

/*
 * Follow the includes of @rel (quoted: its directory first; then the -iquote
 * and -I directories). Public headers (include/, arch/x/include/) are not
 * followed: fix never changes them, and they never include a driver's.
 */
static bool scan_file(struct scan *s, const char *rel, int depth)
{
	char *p, *text, *r;
	bool hit = false;

	if (is_changed(s, rel))
		return true;
	if (depth > 24 || zt_place_is_public(rel))
		return false;
	if (zt_strvec_has(&s->seen, rel))
		return false;
	zt_strvec_push(&s->seen, rel);
	p = xasprintf("%s/%s", s->b->sh->src, rel);
	if (zt_read_file(p, &text, NULL))
		text = NULL;
	free(p);
	for (const char *l = text; !hit && l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *a = l, *q;
		char close;
		char *inc;

		while (*a == ' ' || *a == '\t')
			a++;
		if (*a++ != '#')
			continue;
		a += strspn(a, " \t");
		if (strncmp(a, "include", 7))
			continue;
		a += 7;
		a += strspn(a, " \t");
		if (*a != '"' && *a != '<')
			continue;
		close = *a == '<' ? '>' : '"';
		q = strchr(a + 1, close);
		if (!q || memchr(a, '\n', (size_t)(q - a)))
			continue;
		inc = xstrndup(a + 1, (size_t)(q - a - 1));
		r = zt_fix_resolve_include(s->b->sh->src, rel, inc, close == '"', &s->dirs);
		if (r)
			hit = scan_file(s, r, depth + 1);
		free(r);
		free(inc);
	}
	free(text);
	return hit;
}

char *zt_fix_resolve_include(const char *src, const char *includer, const char *inc,
			     bool quoted, const struct zt_strvec *dirs)
{
	const char *slash = strrchr(includer, '/');
	char *here = slash ? xstrndup(includer, (size_t)(slash - includer)) : xstrdup("");

	for (size_t d = quoted ? 0 : 1; d <= dirs->n; d++) {
		char *cand = d ? xasprintf("%s/%s", dirs->v[d - 1], inc) :
				 xasprintf("%s/%s%s%s", src, here, here[0] ? "/" : "", inc);
		char *r = zt_real_path_under(src, cand);

		free(cand);
		if (r) {
			free(here);
			return r;	/* the first directory that has it */
		}
	}
	free(here);
	return NULL;
}

static void scan_dirs(struct zt_strvec *dirs, const struct zt_fix_build *b,
		      const struct zt_compile_cmd *c)
{
	for (size_t k = 1; c && k < c->argc; k++) {
		const char *d = NULL;

		if (!strcmp(c->argv[k], "-I") || !strcmp(c->argv[k], "-iquote"))
			d = k + 1 < c->argc ? c->argv[++k] : NULL;
		else if (!strncmp(c->argv[k], "-I", 2))
			d = c->argv[k] + 2;
		else if (!strncmp(c->argv[k], "-iquote", 7))
			d = c->argv[k] + 7;
		if (!d || !*d)
			continue;
		zt_strvec_push_nodup(dirs, d[0] == '/' ? xstrdup(d)
						       : xasprintf("%s/%s", c->directory, d));
	}
	for (size_t k = 0; !c && b->cflags && b->cflags[k]; k++) {
		const char *a = b->cflags[k];

		if (strncmp(a, "-I", 2) || !a[2])
			continue;
		zt_strvec_push(dirs, a + 2);
	}
}

void zt_fix_include_dirs(const struct zt_fix_build *b, const char *rel, struct zt_strvec *dirs)
{
	scan_dirs(dirs, b, zt_fix_command(b, rel));
}

static void scan_release(struct scan *s)
{
	zt_strvec_clear(&s->dirs);
	zt_strvec_clear(&s->seen);
}

static void add_tu(char ***tus, size_t *n, const char *rel)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*tus)[i], rel))
			return;
	*tus = xrealloc(*tus, (*n + 1) * sizeof(**tus));
	(*tus)[(*n)++] = xstrdup(rel);
}

static void list_c_files(const char *root, const char *sub, char ***v, size_t *n);

void zt_fix_affected_tus(const struct zt_fix_build *b, char *const *changed, size_t n,
			 char ***tus, size_t *n_tus)
{
	struct scan s = { .b = b, .changed = changed, .n_changed = n };
	char **files = NULL;
	size_t nf = 0;

	if (b->db) {
		for (size_t i = 0; i < b->db->n; i++) {
			char *r = zt_real_path_under(b->sh->src, b->db->v[i].file);

			if (r) {
				scan_dirs(&s.dirs, b, &b->db->v[i]);
				if (scan_file(&s, r, 0))
					add_tu(tus, n_tus, r);
				scan_release(&s);
			}
			free(r);
		}
		return;
	}
	list_c_files(b->sh->src, "", &files, &nf);
	for (size_t i = 0; i < nf; i++) {
		scan_dirs(&s.dirs, b, NULL);
		if (scan_file(&s, files[i], 0))
			add_tu(tus, n_tus, files[i]);
		scan_release(&s);
		free(files[i]);
	}
	free(files);
}

#include <dirent.h>
#include <sys/stat.h>

static void list_c_files(const char *root, const char *sub, char ***v, size_t *n)
{
	char *dir = sub[0] ? xasprintf("%s/%s", root, sub) : xstrdup(root);
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
		abs = xasprintf("%s/%s", root, rel);
		if (!lstat(abs, &st) && S_ISDIR(st.st_mode)) {
			list_c_files(root, rel, v, n);
			free(rel);
		} else if (l > 2 && !strcmp(e->d_name + l - 2, ".c")) {
			*v = xrealloc(*v, (*n + 1) * sizeof(**v));
			(*v)[(*n)++] = rel;
		} else {
			free(rel);
		}
		free(abs);
	}
	closedir(d);
}

/* ---- running them --------------------------------------------------------- */

struct run_job {
	const struct zt_fix_build *b;
	char *const *tus;
	bool shadow, sparse;
	struct zt_spawn_result *res;
	int *ran;
};

static void run_one(size_t i, void *arg)
{
	struct run_job *j = arg;
	struct zt_spawn_opts so = { .timeout_ms = j->b->timeout_ms };
	char *cwd = NULL;
	char **argv = tu_argv(j->b, j->tus[i], j->shadow, j->sparse, &cwd);

	so.cwd = cwd;
	j->ran[i] = zt_spawn(argv, &so, &j->res[i]);
	zt_argv_free(argv);
	free(cwd);
}

static void run_all(const struct zt_fix_build *b, char *const *tus, size_t n, bool shadow,
		    bool sparse, struct zt_spawn_result *res, int *ran)
{
	struct run_job j = { b, tus, shadow, sparse, res, ran };

	zt_parallel_for(n, b->jobs, run_one, &j);
}

/* The first "error:" line of a compiler's @log (else its first line); *@more: the lines after. */
static char *first_error(const char *log, size_t *more)
{
	const char *e = strstr(log, ": error: "), *b, *eol;

	b = e ? e : log;
	while (b > log && b[-1] != '\n')
		b--;
	eol = strchr(b, '\n');
	*more = 0;
	for (const char *p = eol; p && p[1]; p = strchr(p + 1, '\n'))
		(*more)++;
	return eol ? xstrndup(b, (size_t)(eol - b)) : xstrdup(b);
}

/*
 * Why TU @tu failed after the rewrite (@log): its first error, and whether
 * the original compiles with the same flags (when it does not either, the
 * database does not build this tree, and the rewrite is not to blame).
 */
static char *compile_failure(const struct zt_fix_build *b, char *tu, const char *log)
{
	struct zt_spawn_opts so = { .timeout_ms = b->timeout_ms };
	struct zt_spawn_result orig = { 0 };
	char *cwd = NULL, **argv = tu_argv(b, tu, false, false, &cwd), *first, *msg;
	size_t more;
	bool before;

	so.cwd = cwd;
	before = !zt_spawn(argv, &so, &orig) && !orig.exit_code;
	zt_argv_free(argv);
	free(cwd);
	zt_spawn_result_release(&orig);
	first = first_error(log, &more);
	msg = xasprintf("%s does not compile %s: %s%s", tu,
			before ? "after the rewrite (it compiles before)" :
				 "before the rewrite either: the compile database's flags do "
				 "not build it",
			first, more ? " (the compiler printed more: run the database's "
				      "command for it to see all)" : "");
	free(first);
	return msg;
}

int zt_fix_compile(const struct zt_fix_build *b, char *const *tus, size_t n, char **failure)
{
	struct zt_spawn_result *res = xcalloc(n + 1, sizeof(*res));
	int *ran = xcalloc(n + 1, sizeof(*ran)), ret = 0;

	*failure = NULL;
	run_all(b, tus, n, true, false, res, ran);
	for (size_t i = 0; i < n; i++) {
		if (!ret && (ran[i] || res[i].exit_code)) {
			char *msg = res[i].err && res[i].err[0] ?
				    xstrdup(res[i].err) :
				    xasprintf("the compiler could not run: %s",
					      zt_spawn_failure(&res[i]));
			size_t l = strlen(msg);

			while (l && msg[l - 1] == '\n')
				msg[--l] = '\0';
			*failure = res[i].err && res[i].err[0] ? compile_failure(b, tus[i], msg) :
				   xasprintf("%s does not compile after the rewrite: %s", tus[i], msg);
			free(msg);
			ret = -1;
		}
		zt_spawn_result_release(&res[i]);
	}
	free(res);
	free(ran);
	return ret;
}

/* sparse's warnings without their locations: lines move, messages should not appear. */
static void sparse_messages(const char *err, struct zt_strvec *msgs)
{
	for (const char *l = err; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *eol = strchr(l, '\n'), *m = strstr(l, ": warning: ");

		if (!m)
			m = strstr(l, ": error: ");
		if (!m || (eol && m > eol))
			continue;
		zt_strvec_push_nodup(msgs,
				     eol ? xstrndup(m + 2, (size_t)(eol - m - 2)) : xstrdup(m + 2));
	}
}

int zt_fix_sparse(const struct zt_fix_build *b, char *const *tus, size_t n, size_t *before,
		  size_t *after, char **failure)
{
	struct zt_spawn_result *ra = xcalloc(n + 1, sizeof(*ra)), *rb = xcalloc(n + 1, sizeof(*rb));
	int *xa = xcalloc(n + 1, sizeof(*xa)), *xb = xcalloc(n + 1, sizeof(*xb)), ret = 0;

	*failure = NULL;
	run_all(b, tus, n, false, true, ra, xa);
	run_all(b, tus, n, true, true, rb, xb);
	for (size_t i = 0; i < n; i++) {
		struct zt_strvec ma = ZT_STRVEC_INIT, mb = ZT_STRVEC_INIT;

		if (!ret && (xa[i] || xb[i])) {
			*failure = xasprintf("sparse did not run on %s: %s", tus[i],
					     zt_spawn_failure(xa[i] ? &ra[i] : &rb[i]));
			ret = -1;
		}
		if (!ret) {
			sparse_messages(ra[i].err, &ma);
			sparse_messages(rb[i].err, &mb);
			*before += ma.n;
			*after += mb.n;
		}
		for (size_t j = 0; j < mb.n && !ret; j++) {
			bool seen = false;

			for (size_t k = 0; k < ma.n && !seen; k++)
				if (ma.v[k] && !strcmp(ma.v[k], mb.v[j])) {
					seen = true;
					free(ma.v[k]);
					ma.v[k] = NULL;
				}
			if (!seen) {
				*failure = xasprintf("new sparse warning in %s: %s", tus[i],
						     mb.v[j]);
				ret = -1;
			}
		}
		zt_strvec_clear(&ma);
		zt_strvec_clear(&mb);
		zt_spawn_result_release(&ra[i]);
		zt_spawn_result_release(&rb[i]);
	}
	free(ra);
	free(rb);
	free(xa);
	free(xb);
	return ret;
}

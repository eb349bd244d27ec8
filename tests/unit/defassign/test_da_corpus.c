// SPDX-License-Identifier: GPL-2.0-only
/*
 * The definite-assignment corpus, asked directly (no spatch, no compile): every
 * .c file under corpus/defassign/ and corpus/fix/ whose locals carry their
 * expected answer in a comment on the declaration's line,
 *
 *	struct buf b;	// or a block comment:  zt-da: written-first
 *	zt-da: read-before-written PATH @LINE
 *	zt-da: unknown REASON [PATH @LINE]
 *
 * (PATH as the messages spell it, '*' for all of the local; REASON one of
 * zt_da_unknown_name()'s). Where a comment on the declaration's line would
 * change what the file is tested for (fix rewrites that line), the answer
 * names the local instead, in a block at the end of the file (sparse's
 * habit): "zt-da: FUNCTION LOCAL: written-first". A file may add libclang
 * arguments, "zt-da-args: -I../include", relative -I from its directory. A
 * callee without a body in the file is looked for in the .c files of the
 * same directory. One cmocka test per file; each local's answer is printed.
 */
#include <dirent.h>
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <clang-c/Index.h>

#include "compdb.h"
#include "defassign.h"
#include "fixtext.h"
#include "zerotax.h"

struct expect {
	unsigned int line;	/* of the declaration, or 0: @fn and @var name it */
	char *fn, *var;
	enum zt_da_verdict verdict;
	enum zt_da_unknown unknown;
	char *path;		/* NULL: not given */
	unsigned int read_line;
};

struct da_file {
	char *path;		/* absolute */
	char *name;		/* relative to the source tree */
	char *text;
	struct zt_strvec args;
	struct expect *v;
	size_t n, alloc;
};

struct corpus {
	struct da_file *v;
	size_t n, alloc;
	const struct zt_da_helpers *helpers;
};

static struct corpus corpus;

/* "read-before-written info @83": *@e filled; false with the reason in *@err */
static bool parse_expect(const char *s, struct expect *e, char **err)
{
	char word[64];
	const char *at;
	int n = 0;

	if (sscanf(s, "%63s%n", word, &n) != 1)
		goto bad;
	s += n;
	if (!strcmp(word, "written-first")) {
		e->verdict = ZT_DA_WRITTEN_FIRST;
		return true;
	}
	if (!strcmp(word, "unknown")) {
		e->verdict = ZT_DA_UNKNOWN;
		if (sscanf(s, "%63s%n", word, &n) != 1)
			goto bad;
		s += n;
		e->unknown = zt_da_unknown_parse(word);
		if (e->unknown == ZT_DA_N_UNKNOWN) {
			*err = xasprintf("no reason '%s'", word);
			return false;
		}
	} else if (!strcmp(word, "read-before-written")) {
		e->verdict = ZT_DA_READ_BEFORE_WRITTEN;
	} else {
		goto bad;
	}
	/* PATH may hold spaces ("q[0, count)"): it ends at the last " @" */
	at = strrchr(s, '@');
	if (at && sscanf(at, "@%u", &e->read_line) == 1) {
		while (*s == ' ')
			s++;
		while (at > s && at[-1] == ' ')
			at--;
		e->path = xstrndup(s, (size_t)(at - s));
		if (!strcmp(e->path, "*"))
			e->path[0] = '\0';
	} else if (e->verdict == ZT_DA_READ_BEFORE_WRITTEN) {
		goto bad;
	}
	return true;
bad:
	*err = xasprintf("cannot read the expectation '%s'", s);
	return false;
}

static void expect_release(struct da_file *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].path);
		free(f->v[i].fn);
		free(f->v[i].var);
	}
	free(f->v);
	zt_strvec_clear(&f->args);
	free(f->text);
	free(f->path);
	free(f->name);
}

/* The file's expectations and arguments; 0 when it has none. */
static int read_expectations(struct da_file *f)
{
	char *dir = xstrdup(f->path), *slash = strrchr(dir, '/');
	unsigned int line = 1;

	*slash = '\0';
	zt_strvec_push(&f->args, "-std=gnu11");
	zt_strvec_pushf(&f->args, "-I%s", dir);
	for (const char *p = f->text; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "", line++) {
		const char *eol = strchrnul(p, '\n'), *at = strstr(p, "zt-da: ");
		const char *args = strstr(p, "zt-da-args: ");
		char *err = NULL;

		if (args && args < eol) {
			char *copy = xstrndup(args + 12, (size_t)(eol - args - 12)), *save, *tok;

			if (strstr(copy, "*/"))
				*strstr(copy, "*/") = '\0';
			for (tok = strtok_r(copy, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save))
				if (!strncmp(tok, "-I", 2) && tok[2] != '/')
					zt_strvec_pushf(&f->args, "-I%s/%s", dir, tok + 2);
				else
					zt_strvec_push(&f->args, tok);
			free(copy);
		}
		if (!at || at > eol)
			continue;
		ZT_ALLOC_GROW(f->v, f->n + 1, f->alloc);
		memset(&f->v[f->n], 0, sizeof(f->v[f->n]));
		f->v[f->n].line = line;
		{
			char *one = xstrndup(at + 7, (size_t)(eol - at - 7));
			char *end = strstr(one, "*/");

			char fn[128], var[128];
			int used = 0;

			if (end)
				*end = '\0';
			/* the block form: "FUNCTION LOCAL: answer" */
			if (sscanf(one, "%127s %127[^: ]:%n", fn, var, &used) == 2 && used) {
				memmove(one, one + used, strlen(one + used) + 1);
				f->v[f->n].fn = xstrdup(fn);
				f->v[f->n].var = xstrdup(var);
				f->v[f->n].line = 0;
			}
			if (!parse_expect(one, &f->v[f->n], &err))
				fail_msg("%s:%u: %s", f->name, line, err);
			free(one);
		}
		f->n++;
	}
	free(dir);
	return (int)f->n;
}

/*
 * The local declared on @line and its function, from libclang; or, for a
 * block's answer (@want_fn, @want_var), the line of that local's declaration.
 */
struct local_at {
	unsigned int line;
	char *var, *fn;
	const char *want_fn, *want_var;
};

static enum CXChildVisitResult find_local(CXCursor c, CXCursor parent, CXClientData d)
{
	struct local_at *l = d;
	unsigned int line;
	CXCursor fn;
	CXString s;

	(void)parent;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	clang_getSpellingLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	fn = clang_getCursorSemanticParent(c);
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || (!l->want_var && line != l->line))
		return CXChildVisit_Recurse;
	s = clang_getCursorSpelling(c);
	l->var = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	s = clang_getCursorSpelling(fn);
	l->fn = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	if (l->want_var && (strcmp(l->var, l->want_var) || strcmp(l->fn, l->want_fn))) {
		free(l->var);
		free(l->fn);
		l->var = l->fn = NULL;
		return CXChildVisit_Recurse;
	}
	l->line = line;
	return CXChildVisit_Break;
}

/* zt_da_resolver: a .c file of the same directory that defines @fn; 1 when two do. */
static int sibling_defining(void *arg, const char *fn, char **file, char ***args)
{
	const struct da_file *f = arg;
	char *dir = xstrdup(f->path);
	DIR *d;
	struct dirent *e;
	int ret = -1;

	*strrchr(dir, '/') = '\0';
	d = opendir(dir);
	while (d && ret <= 0 && (e = readdir(d))) {
		size_t n = strlen(e->d_name);
		char *p, *text = NULL;
		const char *b, *end;

		if (n < 3 || strcmp(e->d_name + n - 2, ".c"))
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if (strcmp(p, f->path) && !zt_rules_read(p, &text) &&
		    zt_function_body(text, fn, &b, &end)) {
			if (!ret) {
				/* a second definition: neither is known to be the one linked */
				free(*file);
				zt_argv_free(*args);
				*file = NULL;
				*args = NULL;
				ret = 1;
				free(text);
				free(p);
				break;
			}
			*file = p;
			p = NULL;
			*args = xcalloc(f->args.n + 1, sizeof(**args));
			for (size_t i = 0; i < f->args.n; i++)
				(*args)[i] = xstrdup(f->args.v[i]);
			ret = 0;
		}
		free(text);
		free(p);
	}
	if (d)
		closedir(d);
	free(dir);
	return ret;
}

static const char *verdict_name(enum zt_da_verdict v)
{
	return v == ZT_DA_WRITTEN_FIRST ? "written-first" :
	       v == ZT_DA_READ_BEFORE_WRITTEN ? "read-before-written" : "unknown";
}

/* The answer as an expectation is written: "unknown depth info @83". */
static char *answer_text(const struct zt_da_answer *a)
{
	struct zt_strbuf sb = { 0 };

	zt_strbuf_adds(&sb, verdict_name(a->verdict));
	if (a->verdict == ZT_DA_UNKNOWN)
		zt_strbuf_addf(&sb, " %s", zt_da_unknown_name(a->unknown) ?
						   zt_da_unknown_name(a->unknown) : "?");
	if (a->verdict != ZT_DA_WRITTEN_FIRST && a->read_path)
		zt_strbuf_addf(&sb, " %s @%u", a->read_path[0] ? a->read_path : "*",
			       a->read_line);
	return zt_strbuf_detach(&sb, NULL);
}

static bool answer_matches(const struct zt_da_answer *a, const struct expect *e)
{
	if (a->verdict != e->verdict)
		return false;
	if (e->verdict == ZT_DA_UNKNOWN && a->unknown != e->unknown)
		return false;
	if (e->path && (!a->read_path || strcmp(a->read_path, e->path) ||
			a->read_line != e->read_line))
		return false;
	return true;
}

static void test_file(void **state)
{
	struct da_file *f = *state;
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	struct zt_da_resolver res = { sibling_defining, NULL, f };
	unsigned int wrong = 0;

	assert_int_equal(clang_parseTranslationUnit2(index, f->path,
						     (const char *const *)f->args.v,
						     (int)f->args.n, NULL, 0, 0, &tu),
			 CXError_Success);
	for (size_t i = 0; i < f->n; i++) {
		struct local_at l = { f->v[i].line, NULL, NULL, f->v[i].fn, f->v[i].var };
		struct zt_da_answer a;
		char *got;

		clang_visitChildren(clang_getTranslationUnitCursor(tu), find_local, &l);
		if (!l.var) {
			print_error("%s:%u: no local %s%s%s declared %s\n", f->name, l.line,
				    f->v[i].var ? f->v[i].var : "", f->v[i].var ? " in " : "",
				    f->v[i].fn ? f->v[i].fn : "", f->v[i].fn ? "" : "on this line");
			wrong++;
			continue;
		}
		if (zt_da_check(f->path, f->args.v, l.fn, l.var, l.line, corpus.helpers, &res, NULL,
				&a)) {
			print_error("%s:%u: %s in %s(): %s\n", f->name, l.line, l.var, l.fn,
				    a.why ? a.why : "?");
			wrong++;
		} else {
			got = answer_text(&a);
			print_message("%s:%u: %s in %s(): %s%s\n", f->name, l.line, l.var, l.fn,
				      got, answer_matches(&a, &f->v[i]) ? "" : "  <-- WRONG");
			if (!answer_matches(&a, &f->v[i])) {
				print_error("  wanted %s %s @%u; %s\n",
					    verdict_name(f->v[i].verdict),
					    f->v[i].path ? f->v[i].path : "",
					    f->v[i].read_line, a.why ? a.why : "");
				wrong++;
			}
			free(got);
		}
		zt_da_answer_release(&a);
		free(l.var);
		free(l.fn);
	}
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	if (wrong)
		fail_msg("%s: %u of %zu locals answered wrong", f->name, wrong, f->n);
}

static int add_file(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	size_t n = strlen(path);
	struct da_file f = { 0 };

	(void)st;
	(void)ftw;
	if (flag != FTW_F || n < 3 || strcmp(path + n - 2, ".c"))
		return 0;
	f.path = xstrdup(path);
	f.name = xstrdup(path + strlen(ZT_SOURCE_DIR) + 1);
	f.args = (struct zt_strvec)ZT_STRVEC_INIT;
	if (zt_rules_read(path, &f.text) || read_expectations(&f) <= 0) {
		expect_release(&f);
		return 0;
	}
	ZT_ALLOC_GROW(corpus.v, corpus.n + 1, corpus.alloc);
	corpus.v[corpus.n++] = f;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct da_file *)a)->name, ((const struct da_file *)b)->name);
}

int main(int argc, char **argv)
{
	static const char *const dirs[] = { "corpus/defassign", "corpus/fix" };
	struct CMUnitTest *tests;
	struct zt_da_helpers *h = zt_da_helpers_load(NULL);
	size_t cases = 0;
	int ret;

	if (!h)
		return 1;
	corpus.helpers = h;
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		char *d = xasprintf("%s/%s", ZT_SOURCE_DIR, dirs[i]);

		nftw(d, add_file, 16, FTW_PHYS);
		free(d);
	}
	qsort(corpus.v, corpus.n, sizeof(*corpus.v), by_name);
	tests = xcalloc(corpus.n, sizeof(*tests));
	for (size_t i = 0; i < corpus.n; i++) {
		/* one file with argv[1] in its name, when given (a planted bug's check) */
		if (argc > 1 && !strstr(corpus.v[i].name, argv[1]))
			continue;
		tests[cases].name = corpus.v[i].name;
		tests[cases].test_func = test_file;
		tests[cases].initial_state = &corpus.v[i];
		cases++;
	}
	ret = _cmocka_run_group_tests("definite-assignment corpus", tests, cases, NULL, NULL);
	for (size_t i = 0; i < corpus.n; i++)
		expect_release(&corpus.v[i]);
	free(corpus.v);
	free(tests);
	zt_da_helpers_free(h);
	return ret;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The libclang walk of one translation unit: functions, calls (direct and
 * through function-pointer fields), automatic locals of record/array type
 * and how they are used, roots registered with netif_napi_add*(), functions
 * stored into function-pointer fields. The only file that sees libclang.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <clang-c/Index.h>

#include "facts.h"
#include "strbuf.h"
#include "strmap.h"
#include "zerotax.h"

#define MAX_DEPTH 512
#define MAX_ERRORS 20

struct zt_facts_index {
	CXIndex index;
};

/*
 * Surviving a TU that crashes libclang. libclang's crash recovery catches a
 * crash during the parse and returns CXError_Crashed, but not a stack
 * overflow (deep nesting): its handler runs on the overflowed stack. So the
 * parse runs on our own thread (LIBCLANG_NOTHREADS: not on libclang's 8 MiB
 * one) with a large stack and an alternate signal stack, and SIGSEGV/SIGBUS
 * reach libclang's handler through ours, installed with SA_ONSTACK.
 */
#define PARSE_STACK (512UL << 20)	/* reserved, touched only as deep as the TU goes */
#define ALT_STACK (256UL << 10)

struct crash_forward {
	pthread_once_t once;
	struct sigaction prev[2];	/* libclang's SIGSEGV and SIGBUS handlers */
};

/* Process-wide by nature (signal dispositions are): written once under pthread_once. */
static struct crash_forward forward = { .once = PTHREAD_ONCE_INIT };

static void on_alt_stack(int sig, siginfo_t *si, void *uc)
{
	const struct sigaction *p = &forward.prev[sig == SIGBUS];

	if (p->sa_flags & SA_SIGINFO) {
		p->sa_sigaction(sig, si, uc);
		return;
	}
	if (p->sa_handler != SIG_DFL && p->sa_handler != SIG_IGN) {
		p->sa_handler(sig);
		return;
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void install_forward(void)
{
	static const int sigs[2] = { SIGSEGV, SIGBUS };
	struct sigaction sa = { .sa_sigaction = on_alt_stack, .sa_flags = SA_SIGINFO | SA_ONSTACK };

	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 2; i++)
		sigaction(sigs[i], &sa, &forward.prev[i]);
}

static void no_parse_threads(void)
{
	/* before the first index, so no libclang thread reads the environment meanwhile */
	setenv("LIBCLANG_NOTHREADS", "1", 0);
}

static pthread_once_t env_once = PTHREAD_ONCE_INIT;

struct zt_facts_index *zt_facts_index_new(void)
{
	struct zt_facts_index *ix = xcalloc(1, sizeof(*ix));

	pthread_once(&env_once, no_parse_threads);
	ix->index = clang_createIndex(0, 0);
	/* libclang enabled its crash recovery with the first index: route it through ours */
	if (ix->index)
		pthread_once(&forward.once, install_forward);
	if (!ix->index) {
		free(ix);
		return NULL;
	}
	return ix;
}

void zt_facts_index_free(struct zt_facts_index *ix)
{
	if (!ix)
		return;
	clang_disposeIndex(ix->index);
	free(ix);
}

struct zt_facts_pool {
	pthread_mutex_t lock;		/* guards the two lists */
	struct zt_facts_index **free_ix;
	size_t n_free;
	struct zt_facts_index **all_ix;
	size_t n_all;
};

struct zt_facts_pool *zt_facts_pool_new(void)
{
	struct zt_facts_pool *pool = xcalloc(1, sizeof(*pool));

	pthread_mutex_init(&pool->lock, NULL);
	return pool;
}

void zt_facts_pool_free(struct zt_facts_pool *pool)
{
	if (!pool)
		return;
	for (size_t i = 0; i < pool->n_all; i++)
		zt_facts_index_free(pool->all_ix[i]);
	free(pool->all_ix);
	free(pool->free_ix);
	pthread_mutex_destroy(&pool->lock);
	free(pool);
}

static struct zt_facts_index *pool_take(struct zt_facts_pool *pool)
{
	struct zt_facts_index *ix = NULL;

	pthread_mutex_lock(&pool->lock);
	if (pool->n_free)
		ix = pool->free_ix[--pool->n_free];
	pthread_mutex_unlock(&pool->lock);
	if (ix)
		return ix;
	ix = zt_facts_index_new();
	if (!ix)
		return NULL;
	pthread_mutex_lock(&pool->lock);
	pool->all_ix = xrealloc(pool->all_ix, (pool->n_all + 1) * sizeof(*pool->all_ix));
	pool->all_ix[pool->n_all++] = ix;
	pool->free_ix = xrealloc(pool->free_ix, pool->n_all * sizeof(*pool->free_ix));
	pthread_mutex_unlock(&pool->lock);
	return ix;
}

static void pool_give(struct zt_facts_pool *pool, struct zt_facts_index *ix)
{
	pthread_mutex_lock(&pool->lock);
	pool->free_ix[pool->n_free++] = ix;
	pthread_mutex_unlock(&pool->lock);
}

void zt_facts_pool_collect(struct zt_facts_pool *pool, const struct zt_compile_cmd *cmd,
			   const struct zt_facts_opts *opts, struct zt_tu_facts *out)
{
	struct zt_facts_index *ix = pool_take(pool);

	if (!ix || zt_facts_collect(ix, cmd, opts, out)) {
		zt_tu_facts_release(out);
		out->file = xstrdup(cmd->file);
		out->failed = true;
	}
	if (ix)
		pool_give(pool, ix);
}

/* ---- small libclang helpers ---- */

static char *take(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");

	clang_disposeString(s);
	return r;
}

struct kids {
	CXCursor *v;
	size_t n, cap;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kids *k = data;

	if (k->n == k->cap) {
		k->cap = k->cap ? k->cap * 2 : 8;
		k->v = xrealloc(k->v, k->cap * sizeof(*k->v));
	}
	k->v[k->n++] = c;
	return CXChildVisit_Continue;
}

static void get_kids(CXCursor c, struct kids *k)
{
	k->n = 0;
	clang_visitChildren(c, collect, k);
}

static char *file_name(CXFile f)
{
	CXString s;
	const char *p;

	if (!f)
		return xstrdup("<unknown>");
	s = clang_File_tryGetRealPathName(f);
	p = clang_getCString(s);
	if (p && p[0])
		return take(s);
	clang_disposeString(s);
	return take(clang_getFileName(f));
}

static void expansion(CXSourceLocation loc, char **file, unsigned int *line, unsigned int *col)
{
	CXFile f;

	clang_getExpansionLocation(loc, &f, line, col, NULL);
	if (file)
		*file = file_name(f);
}

static bool is_expr_wrapper(enum CXCursorKind k)
{
	return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
	       k == CXCursor_CStyleCastExpr;
}

/* The last child of a wrapper (casts put a TypeRef first). */
static CXCursor strip(CXCursor c)
{
	struct kids k = { 0 };

	while (is_expr_wrapper(clang_getCursorKind(c))) {
		get_kids(c, &k);
		if (!k.n)
			break;
		c = k.v[k.n - 1];
	}
	free(k.v);
	return c;
}

/* The function a (stripped) expression names: f, &f, (void *)f. */
static bool function_ref(CXCursor e, CXCursor *fn)
{
	e = strip(e);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
		struct kids k = { 0 };

		get_kids(e, &k);
		if (k.n)
			e = strip(k.v[0]);
		free(k.v);
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	*fn = clang_getCursorReferenced(e);
	return clang_getCursorKind(*fn) == CXCursor_FunctionDecl;
}

/* The record a field belongs to, named: anonymous members climb to the named parent. */
static char *record_of_field(CXCursor field)
{
	CXCursor p = clang_getCursorSemanticParent(field);

	for (int i = 0; i < 8 && !clang_Cursor_isNull(p); i++) {
		if (!clang_Cursor_isAnonymous(p) && !clang_Cursor_isAnonymousRecordDecl(p))
			return take(clang_getTypeSpelling(clang_getCursorType(p)));
		p = clang_getCursorSemanticParent(p);
	}
	return xstrdup("<anonymous>");
}

/* __builtin_expect(x, V) at the top of a condition: V, or -1. */
static long long expect_value(CXCursor cond)
{
	CXCursor c = strip(cond);
	long long v = -1;
	CXString name;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 2)
		return -1;
	name = clang_getCursorSpelling(c);
	if (!strcmp(clang_getCString(name), "__builtin_expect")) {
		CXEvalResult r = clang_Cursor_Evaluate(clang_Cursor_getArgument(c, 1));

		if (r) {
			if (clang_EvalResult_getKind(r) == CXEval_Int)
				v = clang_EvalResult_getAsLongLong(r);
			clang_EvalResult_dispose(r);
		}
	}
	clang_disposeString(name);
	return v;
}

/* ---- appending ---- */

/* A zeroed new last element of @arr (grown by doubling: strbuf.h). */
#define PUSH(arr, n) \
	(ZT_PUSH_IMPLICIT(arr, n), memset(&(arr)[n], 0, sizeof(*(arr))), &(arr)[(n)++])

struct frame {
	CXCursor c;
	enum CXCursorKind kind;
	unsigned int index;	/* position among the parent's children */
};

struct walk {
	struct zt_tu_facts *tu;
	const struct zt_facts_opts *opts;
	struct zt_strmap fn_map;	/* USR -> index in tu->funcs */
	size_t fn;			/* current function, (size_t)-1 outside */
	CXCursor *local_cursors;	/* parallel to the current function's locals */
	struct frame stack[MAX_DEPTH];
	int depth;
	/*
	 * Header functions are walked only when code already walked calls or
	 * stores them: a kernel TU includes thousands of inline helpers it never
	 * uses, and the TUs that use them walk them.
	 */
	CXCursor *queue;
	size_t n_queue, queue_head;
	struct zt_strmap queued;	/* USR -> 1; keys owned (queued_keys) */
	struct file_text *files;	/* file buffers already asked for */
	size_t n_files;
	char **queued_keys;
	size_t n_queued_keys;
	/* the current function's parameters, and locals computed from them */
	CXCursor *param_cursors;
	size_t n_param_cursors;
	struct derived *derived;
	size_t n_derived;
	/* the bounds of the loops around the current statement */
	unsigned int loop_params;
	bool loop_budget;
	unsigned int batch_n;	/* inside if (n == X_BATCH): the batch size */
	enum zt_batch_why batch_why;
	/* inside a hot if (unlikely(x)): "x" (several nested: joined with &&), else NULL */
	char *cond;
	/* on a path only marked packets take: the condition (several: joined with &&), else NULL */
	char *slow;
	/* the current function's packet variables: locals computed from its descriptor or skb */
	CXCursor *pkt_vars;
	size_t n_pkt_vars;
	/* the current function's body and its goto-err ladders' labels (found when needed) */
	CXCursor body;
	CXCursor *ladder_labels;
	size_t n_ladder_labels;
	bool ladders_known;
};

/* A scalar local computed from parameters: int share = budget / n; */
struct derived {
	CXCursor var;
	unsigned int params;
};

static bool in_main_file(CXCursor c)
{
	return clang_Location_isFromMainFile(clang_getCursorLocation(c));
}

/* Walk @fn's definition later if it lives in a header and was not walked yet. */
static void want_definition(struct walk *w, CXCursor fn, const char *usr)
{
	CXCursor def;
	char *key;

	if (zt_strmap_get(&w->queued, usr) != (size_t)-1)
		return;
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def) || in_main_file(def) ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
		return;
	key = xstrdup(usr);
	ZT_PUSH_IMPLICIT(w->queued_keys, w->n_queued_keys);
	w->queued_keys[w->n_queued_keys++] = key;
	zt_strmap_put(&w->queued, key, 1);
	ZT_PUSH_IMPLICIT(w->queue, w->n_queue);
	w->queue[w->n_queue++] = def;
}

static struct zt_function *cur(struct walk *w)
{
	return w->fn == (size_t)-1 ? NULL : &w->tu->funcs[w->fn];
}

/* ---- which parameters an expression is computed from ---- */

static unsigned int ref_params(struct walk *w, CXCursor ref)
{
	for (size_t i = 0; i < w->n_param_cursors && i < 32; i++)
		if (clang_equalCursors(w->param_cursors[i], ref))
			return 1u << i;
	for (size_t i = 0; i < w->n_derived; i++)
		if (clang_equalCursors(w->derived[i].var, ref))
			return w->derived[i].params;
	return 0;
}

static enum CXChildVisitResult params_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	void **a = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		*(unsigned int *)a[1] |= ref_params(a[0], clang_getCursorReferenced(c));
	return CXChildVisit_Recurse;
}

/* Parameters (bit i) that @e reads, directly or through derived locals. */
static unsigned int expr_params(struct walk *w, CXCursor e)
{
	unsigned int m = 0;
	void *a[2] = { w, &m };

	if (!w->n_param_cursors || clang_Cursor_isNull(e))
		return 0;
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		m |= ref_params(w, clang_getCursorReferenced(e));
	clang_visitChildren(e, params_visit, a);
	return m;
}

static void add_derived(struct walk *w, CXCursor var, unsigned int params)
{
	for (size_t i = 0; i < w->n_derived; i++) {
		if (clang_equalCursors(w->derived[i].var, var)) {
			w->derived[i].params |= params;
			return;
		}
	}
	ZT_PUSH_IMPLICIT(w->derived, w->n_derived);
	w->derived[w->n_derived++] = (struct derived){ .var = var, .params = params };
}

static bool names_budget(const char *t)
{
	for (; *t; t++)
		if (!strncasecmp(t, "budget", 6))
			return true;
	return false;
}

static bool names_batch(const char *t)
{
	for (; *t; t++)
		if (!strncasecmp(t, "batch", 5) || !strncasecmp(t, "bulk", 4))
			return true;
	return false;
}

/* The value of @e when it is a constant spelled with a *BATCH* / *BULK* name, else 0. */
static unsigned int batch_constant(CXCursor e)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
	CXEvalResult r;
	CXToken *toks;
	unsigned int nt, n = 0;
	bool named = false;

	clang_tokenize(tu, clang_getCursorExtent(e), &toks, &nt);
	for (unsigned int t = 0; t < nt && !named; t++) {
		CXString sp = clang_getTokenSpelling(tu, toks[t]);

		named = clang_getTokenKind(toks[t]) == CXToken_Identifier &&
			names_batch(clang_getCString(sp));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, nt);
	if (!named || !(r = clang_Cursor_Evaluate(e)))
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int &&
	    clang_EvalResult_getAsLongLong(r) > 1 && clang_EvalResult_getAsLongLong(r) < 65536)
		n = (unsigned int)clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return n;
}

static enum CXChildVisitResult batch_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	unsigned int *n = data;
	struct kids k = { 0 };

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return CXChildVisit_Recurse;
	get_kids(c, &k);
	for (size_t i = 0; i < k.n && k.n == 2 && !*n; i++)
		*n = batch_constant(k.v[i]);
	free(k.v);
	return *n ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool is_relational(CXCursor c)
{
	enum CXBinaryOperatorKind op;

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op = clang_getCursorBinaryOperatorKind(c);
	return op == CXBinaryOperator_LT || op == CXBinaryOperator_GT ||
	       op == CXBinaryOperator_LE || op == CXBinaryOperator_GE;
}

static enum CXChildVisitResult fraction_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
	    (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Div ||
	     clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Shr)) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult threshold_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	bool fraction = false;

	(void)parent;
	if (!is_relational(c))
		return CXChildVisit_Recurse;
	clang_visitChildren(c, fraction_visit, &fraction);
	if (!fraction)
		return CXChildVisit_Recurse;
	*(bool *)data = true;
	return CXChildVisit_Break;
}

/*
 * if (unused < ring_size / 4) refill(): a comparison with a fraction of
 * something (a division or a right shift), a ring threshold. What it guards
 * runs once per that many packets, a number not known here.
 */
static bool threshold_cond(CXCursor cond)
{
	bool found = false;

	if (threshold_visit(cond, clang_getNullCursor(), &found) == CXChildVisit_Break)
		return true;
	clang_visitChildren(cond, threshold_visit, &found);
	return found;
}

/* if (bq->count == XDP_BULK_QUEUE_SIZE): the constant batch size compared, else 0. */
static unsigned int batch_size(CXCursor cond)
{
	unsigned int n = 0;

	batch_visit(cond, clang_getNullCursor(), &n);
	if (!n)
		clang_visitChildren(cond, batch_visit, &n);
	return n;
}

/* Does the source of @c name a budget (NAPI_POLL_BUDGET, rq->budget, ...)? */
static bool mentions_budget(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *toks;
	unsigned int n;
	bool found = false;

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	for (unsigned int i = 0; i < n && !found; i++) {
		CXString sp;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		sp = clang_getTokenSpelling(tu, toks[i]);
		found = names_budget(clang_getCString(sp));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

static bool token_is_cold(const char *t)
{
	return !strcmp(t, "__cold") || !strcmp(t, "cold") || !strcmp(t, "__cold__");
}

struct file_text {
	CXFile file;
	const char *text;
	size_t size;
};

/*
 * clang_getFileContents() scans the whole source manager for the file, so
 * it is asked once per file: attributes are spelled in a handful of headers.
 */
static const char *file_text(struct walk *w, CXTranslationUnit tu, CXFile f, size_t *size)
{
	struct file_text *ft;

	for (size_t i = 0; i < w->n_files; i++) {
		if (clang_File_isEqual(w->files[i].file, f)) {
			*size = w->files[i].size;
			return w->files[i].text;
		}
	}
	ZT_PUSH_IMPLICIT(w->files, w->n_files);
	ft = &w->files[w->n_files++];
	ft->file = f;
	ft->text = clang_getFileContents(tu, f, &ft->size);
	*size = ft->size;
	return ft->text;
}

/* Is the identifier where @where is spelled cold (cold, __cold__)? */
static bool ident_at_is_cold(struct walk *w, CXTranslationUnit tu, CXSourceLocation where)
{
	unsigned int offset;
	const char *text;
	size_t size, n = 0;
	char ident[16];
	CXFile f;

	clang_getSpellingLocation(where, &f, NULL, NULL, &offset);
	if (!f)
		return false;
	text = file_text(w, tu, f, &size);
	if (!text || offset >= size)
		return false;
	while (offset + n < size && n < sizeof(ident) - 1 &&
	       (text[offset + n] == '_' || (text[offset + n] >= 'a' && text[offset + n] <= 'z') ||
		(text[offset + n] >= 'A' && text[offset + n] <= 'Z') ||
		(text[offset + n] >= '0' && text[offset + n] <= '9'))) {
		ident[n] = text[offset + n];
		n++;
	}
	ident[n] = '\0';
	return token_is_cold(ident);
}

/*
 * Is __attribute__((cold)) (or the kernel's __cold) written on this
 * declaration? libclang exposes the attribute without its kind, so read the
 * identifier where it is spelled: "cold" or "__cold__" (inside __cold).
 */
static bool decl_is_cold(struct walk *w, CXCursor fn)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
	struct kids k = { 0 };
	bool cold = false;

	get_kids(fn, &k);
	for (size_t i = 0; i < k.n && !cold; i++) {
		CXSourceLocation loc;

		if (!clang_isAttribute(clang_getCursorKind(k.v[i])))
			continue;
		loc = clang_getCursorLocation(k.v[i]);
		cold = ident_at_is_cold(w, tu, loc);
	}
	free(k.v);
	return cold;
}

/* ---- error paths: which unlikely() branches are error handling ---- */

/*
 * Error reporting, by name: WARN*(), BUG*(), dev_err(), netdev_warn_once(),
 * pr_crit(), net_err_ratelimited(), net_ratelimit(). Code that reports an
 * error is handling one, whatever its condition says.
 */
static bool names_error_report(const char *t)
{
	static const char *const prefixes[] = {
		"dev_", "netdev_", "netif_", "pr_", "net_", "pci_"
	};
	static const char *const levels[] = { "err", "warn", "crit", "alert", "emerg" };
	size_t len;

	while (*t == '_')
		t++;
	if ((!strncmp(t, "WARN", 4) && (!t[4] || t[4] == '_')) ||
	    (!strncmp(t, "BUG", 3) && (!t[3] || t[3] == '_')))
		return true;
	len = strlen(t);
	if (!strcmp(t, "ratelimit") || (len > 10 && !strcmp(t + len - 10, "_ratelimit")))
		return true;
	for (size_t p = 0; p < ARRAY_SIZE(prefixes); p++) {
		size_t pl = strlen(prefixes[p]);

		if (strncmp(t, prefixes[p], pl))
			continue;
		for (size_t l = 0; l < ARRAY_SIZE(levels); l++) {
			size_t ll = strlen(levels[l]);

			if (!strncasecmp(t + pl, levels[l], ll) &&
			    (!t[pl + ll] || t[pl + ll] == '_'))
				return true;
		}
	}
	return false;
}

/* @loc where it was expanded: a file location, so its tokens can be read. */
static CXSourceLocation file_location(CXTranslationUnit tu, CXSourceLocation loc)
{
	CXFile f;
	unsigned int offset;

	clang_getExpansionLocation(loc, &f, NULL, NULL, &offset);
	return f ? clang_getLocationForOffset(tu, f, offset) : loc;
}

/*
 * The tokens from @from to @to as written: code from a macro (WARN_ONCE(...),
 * unlikely(x)) has no tokens of its own, so both ends are taken where the
 * macro was expanded (the end: where its expansion starts).
 */
static void written_tokens(CXTranslationUnit tu, CXSourceLocation from, CXSourceLocation to,
			   CXToken **toks, unsigned int *n)
{
	clang_tokenize(tu, clang_getRange(file_location(tu, from), file_location(tu, to)), toks, n);
}

/* Does the source of @c name error reporting (a macro or a function, not a field)? */
static bool calls_error_report(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceRange ext = clang_getCursorExtent(c);
	CXToken *toks;
	unsigned int n;
	bool found = false;

	written_tokens(tu, clang_getRangeStart(ext), clang_getRangeEnd(ext), &toks, &n);
	for (unsigned int i = 0; i < n && !found; i++) {
		CXString sp, prev;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		if (i) {
			prev = clang_getTokenSpelling(tu, toks[i - 1]);
			found = strcmp(clang_getCString(prev), ".") &&
				strcmp(clang_getCString(prev), "->");
			clang_disposeString(prev);
			if (!found)
				continue;
		}
		sp = clang_getTokenSpelling(tu, toks[i]);
		found = names_error_report(clang_getCString(sp));
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return found;
}

/* Is @fn (a function declaration) cold on the declaration called or its first one? */
static bool callee_is_cold(struct walk *w, CXCursor fn)
{
	return decl_is_cold(w, fn) || decl_is_cold(w, clang_getCanonicalCursor(fn));
}

static enum CXChildVisitResult cold_call_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	void **a = data;
	CXCursor ref;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl && callee_is_cold(a[0], ref)) {
		*(bool *)a[1] = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does expression or statement @c call a __cold function? */
static bool calls_cold(struct walk *w, CXCursor c)
{
	bool found = false;
	void *a[2] = { w, &found };

	if (cold_call_visit(c, clang_getNullCursor(), a) == CXChildVisit_Recurse)
		clang_visitChildren(c, cold_call_visit, a);
	return found;
}

/* A negative integer constant (-ENOMEM), or a call given one (ERR_PTR(-EINVAL)). */
static bool negative_errno(CXCursor e)
{
	CXEvalResult r;
	bool neg = false;

	e = strip(e);
	if (clang_getCursorKind(e) == CXCursor_CallExpr) {
		for (int i = 0; i < clang_Cursor_getNumArguments(e) && !neg; i++)
			neg = negative_errno(clang_Cursor_getArgument(e, (unsigned int)i));
		return neg;
	}
	r = clang_Cursor_Evaluate(e);
	if (!r)
		return false;
	if (clang_EvalResult_getKind(r) == CXEval_Int && !clang_EvalResult_isUnsignedInt(r))
		neg = clang_EvalResult_getAsLongLong(r) < 0;
	clang_EvalResult_dispose(r);
	return neg;
}

/*
 * The labels of the current function's goto-err ladders: labelled statements
 * after a return of the same block (as walk() marks them), found once, when
 * a goto first needs them.
 */
static void find_ladders(struct walk *w, CXCursor c, int depth)
{
	struct kids k = { 0 };
	bool ladder = false;

	if (depth >= MAX_DEPTH)
		return;
	get_kids(c, &k);
	for (size_t i = 0; i < k.n; i++) {
		enum CXCursorKind kind = clang_getCursorKind(k.v[i]);

		if (clang_getCursorKind(c) == CXCursor_CompoundStmt && kind == CXCursor_LabelStmt &&
		    i && clang_getCursorKind(k.v[i - 1]) == CXCursor_ReturnStmt)
			ladder = true;
		if (ladder && kind == CXCursor_LabelStmt) {
			ZT_PUSH_IMPLICIT(w->ladder_labels, w->n_ladder_labels);
			w->ladder_labels[w->n_ladder_labels++] = k.v[i];
		}
		/* err_free: err: a label's statement may be another label */
		find_ladders(w, k.v[i], depth + 1);
	}
	free(k.v);
}

static bool goto_into_ladder(struct walk *w, CXCursor go)
{
	struct kids k = { 0 };
	bool found = false;

	if (!w->ladders_known) {
		find_ladders(w, w->body, 0);
		w->ladders_known = true;
	}
	get_kids(go, &k);
	if (k.n == 1 && clang_getCursorKind(k.v[0]) == CXCursor_LabelRef) {
		CXCursor label = clang_getCursorReferenced(k.v[0]);

		/* by where it is: the label a LabelRef names is not the walked cursor */
		for (size_t i = 0; i < w->n_ladder_labels && !found; i++)
			found = clang_equalLocations(clang_getCursorLocation(w->ladder_labels[i]),
						     clang_getCursorLocation(label));
	}
	free(k.v);
	return found;
}

static bool error_branch(struct walk *w, CXCursor then, int depth);

/*
 * Is statement @s error handling: a return of a negative errno, a goto into
 * a goto-err ladder, error reporting (WARN*, dev_err*, net_ratelimit()), a
 * call to a __cold function? Nested ifs and loops are judged when walked:
 * only their condition counts here (if (net_ratelimit()) netdev_err(...)).
 */
static bool error_stmt(struct walk *w, CXCursor s, int depth)
{
	struct kids k = { 0 };
	bool err = false;

	switch (clang_getCursorKind(s)) {
	case CXCursor_ReturnStmt:
		get_kids(s, &k);
		err = k.n && negative_errno(k.v[0]);
		free(k.v);
		return err;
	case CXCursor_GotoStmt:
		return goto_into_ladder(w, s);
	case CXCursor_CompoundStmt:
		return error_branch(w, s, depth + 1);
	case CXCursor_IfStmt:
		get_kids(s, &k);
		err = k.n && (calls_error_report(k.v[0]) || calls_cold(w, k.v[0]));
		free(k.v);
		return err;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_SwitchStmt:
	case CXCursor_LabelStmt:
		return false;
	default:
		return calls_error_report(s) || calls_cold(w, s);
	}
}

/* Is the then-branch of an if (unlikely(...)) error handling (error_stmt())? */
static bool error_branch(struct walk *w, CXCursor then, int depth)
{
	struct kids k = { 0 };
	bool err = false;

	if (depth >= MAX_DEPTH)
		return false;
	if (clang_getCursorKind(then) != CXCursor_CompoundStmt)
		return error_stmt(w, then, depth);
	get_kids(then, &k);
	for (size_t i = 0; i < k.n && !err; i++)
		err = error_stmt(w, k.v[i], depth);
	free(k.v);
	return err;
}

/* Tokens that read as operators between operands: spaced when joined. */
static bool binary_token(const char *t, bool after_operand)
{
	static const char *const ops[] = { "&&", "||", "==", "!=", "<=", ">=", "<", ">", "|",
					   "^", "/", "%", "?", ":", "<<", ">>", "=" };

	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (!strcmp(t, ops[i]))
			return true;
	/* & - * + are binary only after an operand (a & b, not &x) */
	return after_operand && t[0] && !t[1] && strchr("&-*+", t[0]);
}

/*
 * The condition of if (unlikely(x)) as written, "x": the tokens between the
 * if's parentheses joined, the unlikely() (or __builtin_expect(x, 0))
 * wrapper dropped. What the finding says the path depends on.
 */
static char *cond_text(CXCursor ifstmt, CXCursor then)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(ifstmt);
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	unsigned int n, from = 2, to = 2;
	bool operand = false, prev_word = false;
	char **sp;
	CXToken *toks;

	written_tokens(tu, clang_getRangeStart(clang_getCursorExtent(ifstmt)),
		       clang_getRangeStart(clang_getCursorExtent(then)), &toks, &n);
	sp = xcalloc(n + 1, sizeof(*sp));
	for (unsigned int i = 0; i < n; i++)
		sp[i] = take(clang_getTokenSpelling(tu, toks[i]));
	/* if ( ... ): the matching parenthesis */
	for (unsigned int i = 1, depth = 0; n > 2 && i < n && to == 2; i++) {
		if (!strcmp(sp[i], "("))
			depth++;
		else if (!strcmp(sp[i], ")") && !--depth)
			to = i;
	}
	/* unlikely ( x ) and __builtin_expect ( x , 0 ) */
	if (to > from + 3 && clang_getTokenKind(toks[from]) == CXToken_Identifier &&
	    !strcmp(sp[from + 1], "(") && !strcmp(sp[to - 1], ")")) {
		unsigned int inner = to - 1;

		from += 2;
		to = inner;
		for (unsigned int i = from, depth = 0; i < inner; i++) {
			if (!strcmp(sp[i], "(") || !strcmp(sp[i], "["))
				depth++;
			else if (!strcmp(sp[i], ")") || !strcmp(sp[i], "]"))
				depth--;
			else if (!depth && !strcmp(sp[i], ","))
				to = i < to ? i : to;
		}
	}
	for (unsigned int i = from; i < to; i++) {
		CXTokenKind tk = clang_getTokenKind(toks[i]);
		bool word = tk == CXToken_Identifier || tk == CXToken_Keyword ||
			    tk == CXToken_Literal;
		bool bin = binary_token(sp[i], operand);

		if (i > from && (bin || !strcmp(sp[i - 1], ",") || (word && prev_word)))
			zt_strbuf_adds(&sb, " ");
		zt_strbuf_adds(&sb, sp[i]);
		if (bin)
			zt_strbuf_adds(&sb, " ");
		operand = word || !strcmp(sp[i], ")") || !strcmp(sp[i], "]");
		prev_word = word;
	}
	if (!sb.len)
		zt_strbuf_adds(&sb, "...");	/* no tokens to read: a macro's own if */
	for (unsigned int i = 0; i < n; i++)
		free(sp[i]);
	free(sp);
	clang_disposeTokens(tu, toks, n);
	return zt_strbuf_detach(&sb, NULL);
}

static enum CXVisitorResult field_name(CXCursor c, CXClientData data)
{
	struct zt_param *p = data;

	ZT_PUSH_IMPLICIT(p->fields, p->n_fields);
	p->fields[p->n_fields++] = take(clang_getCursorSpelling(c));
	return CXVisit_Continue;
}

static void add_params(struct zt_function *f, CXCursor fn)
{
	int n = clang_Cursor_getNumArguments(fn);

	for (int i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(fn, (unsigned int)i);
		CXType t = clang_getCanonicalType(clang_getCursorType(a));
		struct zt_param *p = PUSH(f->params, f->n_params);

		p->name = take(clang_getCursorSpelling(a));
		p->type = take(clang_getTypeSpelling(clang_getCursorType(a)));
		if (t.kind == CXType_Pointer) {
			CXType pt = clang_getCanonicalType(clang_getPointeeType(t));

			if (pt.kind == CXType_Record) {
				CXCursor d = clang_getTypeDeclaration(pt);

				p->record = take(clang_getTypeSpelling(clang_getUnqualifiedType(pt)));
				p->is_const = clang_isConstQualifiedType(pt);
				expansion(clang_getCursorLocation(d), &p->record_file, &p->record_line,
					  NULL);
				clang_Type_visitFields(pt, field_name, p);
			}
		}
	}
}

/* Find or add the function for this declaration cursor. */
static size_t function_for(struct walk *w, CXCursor c)
{
	CXString usr = clang_getCursorUSR(c);
	const char *u = clang_getCString(usr);
	struct zt_function *f;
	size_t i = zt_strmap_get(&w->fn_map, u);

	if (i == (size_t)-1) {
		i = w->tu->n_funcs;
		f = PUSH(w->tu->funcs, w->tu->n_funcs);
		f->usr = xstrdup(u);
		f->name = take(clang_getCursorSpelling(c));
		/* The key is the heap string, which does not move with the array. */
		zt_strmap_put(&w->fn_map, f->usr, i);
	}
	clang_disposeString(usr);
	f = &w->tu->funcs[i];
	if (decl_is_cold(w, c))
		f->cold = true;
	if (clang_Cursor_getStorageClass(c) == CX_SC_Static)
		f->is_static = true;
	if (clang_Cursor_isFunctionInlined(c))
		f->is_inline = true;
	return i;
}

static struct zt_local *local_for(struct walk *w, CXCursor ref)
{
	struct zt_function *f = cur(w);

	if (!f)
		return NULL;
	for (size_t i = 0; i < f->n_locals; i++)
		if (clang_equalCursors(w->local_cursors[i], ref))
			return &f->locals[i];
	return NULL;
}

static int up_skip(struct walk *w, int i)
{
	while (i >= 0 && is_expr_wrapper(w->stack[i].kind))
		i--;
	return i;
}

/* Where does the address computed at stack[i] go? */
static unsigned int address_use(struct walk *w, int i)
{
	int p = up_skip(w, i - 1);
	unsigned int child;

	if (p < 0)
		return ZT_USE_ADDR_LOCAL;
	child = w->stack[p + 1].index;
	switch (w->stack[p].kind) {
	case CXCursor_CallExpr:
		return child ? ZT_USE_ADDR_PASSED : ZT_USE_ADDR_LOCAL;
	case CXCursor_BinaryOperator:
		if (clang_getCursorBinaryOperatorKind(w->stack[p].c) == CXBinaryOperator_Assign &&
		    child == 1)
			return ZT_USE_ADDR_ESCAPES;
		return ZT_USE_ADDR_LOCAL;
	case CXCursor_ReturnStmt:
	case CXCursor_InitListExpr:
	case CXCursor_VarDecl:
		/* Kept in a pointer, a struct or returned: the optimizer loses track. */
		return ZT_USE_ADDR_ESCAPES;
	case CXCursor_ConditionalOperator:
		return address_use(w, p);
	default:
		return ZT_USE_ADDR_LOCAL;
	}
}

static bool is_array_type(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	return t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
	       t.kind == CXType_IncompleteArray;
}

enum member_access { MEMBER_READ, MEMBER_WRITE, MEMBER_RMW };

/* Is stack[i] inside a branch (if/switch/?:) of the function? */
static bool in_branch(struct walk *w, int i)
{
	for (int k = 0; k < i; k++) {
		enum CXCursorKind kind = w->stack[k].kind;

		if ((kind == CXCursor_IfStmt || kind == CXCursor_SwitchStmt ||
		     kind == CXCursor_ConditionalOperator) && w->stack[k + 1].index >= 1)
			return true;
	}
	return false;
}

/* How the member expression at stack[i] (the outermost of a chain) is used. */
static enum member_access member_access(struct walk *w, int i)
{
	int p = up_skip(w, i - 1);
	unsigned int child;

	if (p < 0)
		return MEMBER_READ;
	child = w->stack[p + 1].index;
	if (w->stack[p].kind == CXCursor_CompoundAssignOperator && child == 0)
		return MEMBER_RMW;
	if (w->stack[p].kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(w->stack[p].c);

		if (u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
		    u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec)
			return MEMBER_RMW;
	}
	if (w->stack[p].kind == CXCursor_BinaryOperator && child == 0 &&
	    clang_getCursorBinaryOperatorKind(w->stack[p].c) == CXBinaryOperator_Assign)
		return MEMBER_WRITE;
	return MEMBER_READ;
}

static bool in_rmw_asm(struct walk *w, int i);

/* Fields of a pointer parameter used in the body: p->f read, or p->f += v. */
static void param_field_use(struct walk *w)
{
	int i = w->depth - 1;	/* the DeclRefExpr naming the parameter */
	int p = up_skip(w, i - 1);
	struct zt_function *f = cur(w);
	CXCursor ref = clang_getCursorReferenced(w->stack[i].c);
	size_t a;

	if (!f || p < 0 || w->stack[p].kind != CXCursor_MemberRefExpr || w->stack[p + 1].index)
		return;
	for (a = 0; a < w->n_param_cursors && a < f->n_params; a++)
		if (clang_equalCursors(w->param_cursors[a], ref))
			break;
	if (a == w->n_param_cursors || a == f->n_params)
		return;
	/* the outermost member of p->a.b[i] */
	for (int q = up_skip(w, p - 1); q >= 0 && w->stack[q + 1].index == 0 &&
	     (w->stack[q].kind == CXCursor_MemberRefExpr ||
	      w->stack[q].kind == CXCursor_ArraySubscriptExpr);
	     q = up_skip(w, q - 1))
		p = q;
	switch (in_rmw_asm(w, p) ? MEMBER_RMW : member_access(w, p)) {
	case MEMBER_RMW:
		f->params[a].fields_rmw = true;
		break;
	case MEMBER_READ:
		f->params[a].fields_read = true;
		break;
	default:
		break;
	}
}

/* Classify a DeclRefExpr (top of the stack) naming a tracked local. */
static unsigned int classify_use(struct walk *w)
{
	int i = w->depth - 1;	/* the DeclRefExpr */
	unsigned int uses = 0;

	for (;;) {
		int p = up_skip(w, i - 1);
		enum CXCursorKind k = p >= 0 ? w->stack[p].kind : CXCursor_InvalidCode;
		unsigned int child = w->stack[p + 1].index;

		if (k == CXCursor_MemberRefExpr && child == 0) {
			uses |= ZT_USE_MEMBER;
			i = p;
			continue;
		}
		if (k == CXCursor_ArraySubscriptExpr && child == 0) {
			uses |= ZT_USE_MEMBER;
			i = p;
			continue;
		}
		if (k == CXCursor_UnaryExpr)	/* sizeof, _Alignof */
			return uses | ZT_USE_SIZEOF;
		if (k == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(w->stack[p].c) == CXUnaryOperator_AddrOf)
			return uses | address_use(w, p);
		/* An array (or an array member) used as a value decays to its address. */
		if (is_array_type(w->stack[i].c))
			return uses | address_use(w, i);
		if (uses & ZT_USE_MEMBER) {
			enum member_access m = member_access(w, i);

			if (m == MEMBER_RMW)
				uses |= ZT_USE_ACCUMULATED;
			else if (m == MEMBER_WRITE && in_branch(w, i))
				uses |= ZT_USE_COND_WRITE;
			return uses;
		}
		if (k == CXCursor_BinaryOperator && child == 0 &&
		    clang_getCursorBinaryOperatorKind(w->stack[p].c) == CXBinaryOperator_Assign)
			return ZT_USE_ASSIGNED;
		return ZT_USE_BY_VALUE;
	}
}

struct field_list {
	CXCursor *v;
	size_t n;
};

static enum CXVisitorResult field_cursor(CXCursor c, CXClientData data)
{
	struct field_list *l = data;

	ZT_PUSH_IMPLICIT(l->v, l->n);
	l->v[l->n++] = c;
	return CXVisit_Continue;
}

/* {} , { 0 }, { .a = x } or { a, b }: read from the tokens, as written. */
static enum zt_init_kind list_kind(CXCursor list)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(list);
	enum zt_init_kind kind = ZT_INIT_LIST;
	CXToken *toks;
	unsigned int n;
	char **sp;

	clang_tokenize(tu, clang_getCursorExtent(list), &toks, &n);
	sp = xcalloc(n + 1, sizeof(*sp));
	for (unsigned int i = 0; i < n; i++)
		sp[i] = take(clang_getTokenSpelling(tu, toks[i]));
	if (n == 2 && !strcmp(sp[0], "{") && !strcmp(sp[1], "}"))
		kind = ZT_INIT_EMPTY;
	else if (n == 3 && !strcmp(sp[0], "{") && !strcmp(sp[1], "0") && !strcmp(sp[2], "}"))
		kind = ZT_INIT_ZERO;
	for (unsigned int i = 1, depth = 1; i < n && kind == ZT_INIT_LIST; i++) {
		if (!strcmp(sp[i], "{") || !strcmp(sp[i], "(") || !strcmp(sp[i], "["))
			depth++;
		if ((!strcmp(sp[i], ".") || !strcmp(sp[i], "[")) && depth <= 2 &&
		    (!strcmp(sp[i - 1], "{") || !strcmp(sp[i - 1], ",")))
			kind = ZT_INIT_DESIGNATED;
		if (!strcmp(sp[i], "}") || !strcmp(sp[i], ")") || !strcmp(sp[i], "]"))
			depth--;
	}
	for (unsigned int i = 0; i < n; i++)
		free(sp[i]);
	free(sp);
	clang_disposeTokens(tu, toks, n);
	return kind;
}

/* The init list of an initializer: { ... } or (struct foo){ ... }, else a null cursor. */
static CXCursor init_list_of(CXCursor init)
{
	struct kids k = { 0 };
	CXCursor c = strip(init);

	if (clang_getCursorKind(c) == CXCursor_CompoundLiteralExpr) {
		get_kids(c, &k);
		for (size_t i = 0; i < k.n; i++)
			if (clang_getCursorKind(k.v[i]) == CXCursor_InitListExpr)
				c = k.v[i];
		free(k.v);
	}
	return clang_getCursorKind(c) == CXCursor_InitListExpr ? c : clang_getNullCursor();
}

static enum zt_init_kind init_kind(CXCursor init)
{
	CXCursor c = init_list_of(init);

	if (clang_Cursor_isNull(c))
		return ZT_INIT_COPY;
	return list_kind(c);
}

static long long field_bytes(CXCursor field)
{
	if (clang_Cursor_isBitField(field))
		return 0;	/* shares its storage unit: counted as not named */
	return clang_Type_getSizeOf(clang_getCursorType(field));
}

/*
 * How many bytes of the object the fields an init list names cover: each
 * top-level field named by a designator (.a = x, and .a.b = x names a) or by
 * position, once. An array's elements by position; -1 when not known (an
 * array with designators, a type libclang cannot size).
 */
static long long init_named_bytes(CXCursor list, enum zt_init_kind kind)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(list));
	struct field_list fl = { 0 };
	struct kids k = { 0 };
	long long named = 0;
	bool *seen;
	size_t pos = 0;

	get_kids(list, &k);
	if (t.kind == CXType_ConstantArray) {
		long long elem = clang_Type_getSizeOf(clang_getArrayElementType(t));

		/* [i] = x: which elements is not read */
		named = elem > 0 && kind != ZT_INIT_DESIGNATED ? elem * (long long)k.n : -1;
		free(k.v);
		return named;
	}
	if (t.kind != CXType_Record) {
		free(k.v);
		return -1;
	}
	clang_Type_visitFields(t, field_cursor, &fl);
	seen = xcalloc(fl.n + 1, sizeof(*seen));
	for (size_t i = 0; i < k.n; i++) {
		CXCursor e = k.v[i], field = clang_getNullCursor();
		size_t j;

		while (i < k.n && clang_getCursorKind(k.v[i]) == CXCursor_MemberRef) {
			/* .a.b = x: the first designator is the top-level field */
			if (clang_Cursor_isNull(field))
				field = clang_getCursorReferenced(k.v[i]);
			i++;
		}
		if (clang_Cursor_isNull(field) && clang_getCursorKind(e) == CXCursor_UnexposedExpr) {
			struct kids d = { 0 };

			get_kids(e, &d);
			if (d.n >= 2 && clang_getCursorKind(d.v[0]) == CXCursor_MemberRef)
				field = clang_getCursorReferenced(d.v[0]);
			free(d.v);
		}
		if (clang_Cursor_isNull(field)) {
			j = pos;
		} else {
			for (j = 0; j < fl.n; j++)
				if (clang_equalCursors(fl.v[j], field))
					break;
		}
		pos = j + 1;
		if (j < fl.n && !seen[j]) {
			seen[j] = true;
			named += field_bytes(fl.v[j]);
		}
	}
	free(seen);
	free(fl.v);
	free(k.v);
	return named;
}

static void add_local(struct walk *w, CXCursor c, int loop, bool unlikely)
{
	struct zt_function *f = cur(w);
	CXType t = clang_getCursorType(c);
	CXType ct = clang_getCanonicalType(t);
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
	CXSourceRange ext = clang_getCursorExtent(c);
	struct zt_local *l;
	CXCursor init;
	CXFile sf;
	unsigned int sl;

	if (sc == CX_SC_Static || sc == CX_SC_Extern || clang_getCursorKind(c) != CXCursor_VarDecl)
		return;
	if (ct.kind != CXType_Record && ct.kind != CXType_ConstantArray &&
	    ct.kind != CXType_VariableArray)
		return;
	w->local_cursors = xrealloc(w->local_cursors, (f->n_locals + 1) * sizeof(CXCursor));
	w->local_cursors[f->n_locals] = c;
	l = PUSH(f->locals, f->n_locals);
	l->name = take(clang_getCursorSpelling(c));
	l->type = take(clang_getTypeSpelling(t));
	l->is_record = ct.kind == CXType_Record;
	l->is_array = !l->is_record;
	l->is_vla = ct.kind == CXType_VariableArray;
	l->size = l->is_vla ? -1 : clang_Type_getSizeOf(ct);
	expansion(clang_getCursorLocation(c), &l->file, &l->line, &l->column);
	clang_getSpellingLocation(clang_getCursorLocation(c), &sf, &sl, NULL, NULL);
	l->from_macro = sl != l->line;
	if (!l->from_macro && sf) {
		char *sfile = file_name(sf);

		l->from_macro = strcmp(sfile, l->file) != 0;
		free(sfile);
	}
	if (!l->from_macro) {
		/* DECLARE_X(name): the name is spelled here, the declaration in the macro */
		unsigned int el, ec, xl, xc;

		clang_getSpellingLocation(clang_getRangeStart(ext), NULL, &el, &ec, NULL);
		clang_getExpansionLocation(clang_getRangeStart(ext), NULL, &xl, &xc, NULL);
		l->from_macro = el != xl || ec != xc;
	}
	expansion(clang_getRangeStart(ext), NULL, &l->start_line, &l->start_column);
	expansion(clang_getRangeEnd(ext), NULL, &l->end_line, &l->end_column);
	if (l->is_record) {
		CXCursor d = clang_getTypeDeclaration(ct);

		expansion(clang_getCursorLocation(d), &l->type_file, &l->type_line, NULL);
	}
	l->in_loop = loop > 0;
	l->in_unlikely = unlikely;
	l->cond = w->cond && !unlikely ? xstrdup(w->cond) : NULL;
	l->slow = w->slow && !unlikely ? xstrdup(w->slow) : NULL;
	l->loop_params = w->loop_params;
	l->loop_budget = w->loop_budget;
	init = clang_Cursor_getVarDeclInitializer(c);
	l->init = clang_Cursor_isNull(init) ? ZT_INIT_NONE : init_kind(init);
	l->init_named = -1;
	if (l->init != ZT_INIT_NONE && l->init != ZT_INIT_COPY)
		l->init_named = init_named_bytes(init_list_of(init), l->init);
}

/*
 * x = (struct foo){ .a = 1 }: the compound literal zeroes what it does not
 * name, as an initializer would, where the assignment runs. The first such
 * assignment of a local declared without an initializer makes it explicitly
 * initialized, at the assignment's loop depth when that is deeper.
 */
static void compound_literal_assign(struct walk *w, CXCursor lhs, CXCursor rhs, int loop,
				    bool unlikely)
{
	struct zt_local *l = local_for(w, clang_getCursorReferenced(lhs));
	CXCursor e = strip(rhs), list;
	enum zt_init_kind kind;

	if (!l || unlikely || l->init != ZT_INIT_NONE ||
	    clang_getCursorKind(e) != CXCursor_CompoundLiteralExpr)
		return;
	list = init_list_of(e);
	if (clang_Cursor_isNull(list) || (kind = list_kind(list)) == ZT_INIT_COPY)
		return;
	l->init = kind;
	l->init_named = init_named_bytes(list, kind);
	expansion(clang_getCursorLocation(e), NULL, &l->init_line, NULL);
	if (loop > 0 && !l->in_loop) {
		l->in_loop = true;
		l->loop_params = w->loop_params;
		l->loop_budget = w->loop_budget;
	}
	if (w->cond && !l->cond)
		l->cond = xstrdup(w->cond);
}

/*
 * A function stored into a function-pointer local or parameter: recorded like
 * a field store, under a key of its own ("local:USR", "param:FN#i"), so a call
 * through the pointer reaches exactly the functions ever stored into it.
 * pointer_key() is the key of a function-pointer local or parameter @var,
 * NULL for anything else.
 */
static char *pointer_key(struct walk *w, CXCursor var)
{
	enum CXCursorKind kind = clang_getCursorKind(var);
	struct zt_function *f = cur(w);
	enum CX_StorageClass sc;

	if (!f)
		return NULL;
	if (kind == CXCursor_ParmDecl) {
		for (size_t i = 0; i < w->n_param_cursors; i++)
			if (clang_equalCursors(w->param_cursors[i], var))
				return xasprintf("param:%s#%zu", f->usr, i);
		return NULL;
	}
	sc = clang_Cursor_getStorageClass(var);
	if (kind == CXCursor_VarDecl && sc != CX_SC_Static && sc != CX_SC_Extern &&
	    clang_getCursorKind(clang_getCursorSemanticParent(var)) != CXCursor_TranslationUnit) {
		char *usr = take(clang_getCursorUSR(var)), *key = xasprintf("local:%s", usr);

		free(usr);
		return key;
	}
	return NULL;
}

static bool is_function_pointer(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return false;
	t = clang_getCanonicalType(clang_getPointeeType(t));
	return t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto;
}

/*
 * The key of the function-pointer local or parameter @e reads (poll in
 * netif_napi_add(dev, napi, poll)), else NULL.
 */
static char *pointer_source(struct walk *w, CXCursor e)
{
	CXCursor var;
	enum CXCursorKind k;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return NULL;
	var = clang_getCursorReferenced(e);
	k = clang_getCursorKind(var);
	if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) ||
	    !is_function_pointer(clang_getCursorType(var)))
		return NULL;
	return pointer_key(w, var);
}

/*
 * Every function @e may evaluate to (f, &f, c ? f : g) stored under
 * @field_usr (a field's USR or a pointer's key); a function-pointer local or
 * parameter is stored as its key (an alias, resolved in the program): the
 * functions ever stored into it.
 */
static void store_values(struct walk *w, const char *field_usr, const char *record,
			 const char *field, CXCursor e, int depth)
{
	struct zt_field_assign *a;
	CXCursor fn;
	char *src;

	e = strip(e);
	if (function_ref(e, &fn)) {
		a = PUSH(w->tu->assigns, w->tu->n_assigns);
		a->field_usr = xstrdup(field_usr);
		a->record = xstrdup(record);
		a->field = xstrdup(field);
		a->fn_usr = take(clang_getCursorUSR(fn));
		a->fn_name = take(clang_getCursorSpelling(fn));
		want_definition(w, fn, a->fn_usr);
	} else if (clang_getCursorKind(e) == CXCursor_ConditionalOperator && depth < 8) {
		struct kids k = { 0 };

		get_kids(e, &k);
		for (size_t i = 1; i < k.n; i++)
			store_values(w, field_usr, record, field, k.v[i], depth + 1);
		free(k.v);
	} else if ((src = pointer_source(w, e))) {
		if (strcmp(src, field_usr)) {
			a = PUSH(w->tu->assigns, w->tu->n_assigns);
			a->field_usr = xstrdup(field_usr);
			a->record = xstrdup(record);
			a->field = xstrdup(field);
			a->fn_usr = src;
			a->fn_name = take(clang_getCursorSpelling(clang_getCursorReferenced(e)));
			src = NULL;
		}
		free(src);
	}
}

static void add_pointer_values(struct walk *w, const char *key, const char *name, CXCursor e)
{
	store_values(w, key, "", name, e, 0);
}

/*
 * The functions a registration's argument may be: f, c ? f : g, or a
 * function-pointer parameter or local (a wrapper's 'poll'), recorded by its
 * key and resolved in the program to what its callers give it.
 */
static void add_root_values(struct walk *w, CXCursor e, const char *why, int depth)
{
	struct zt_root_ref *r;
	CXCursor fn;
	char *src;

	e = strip(e);
	if (function_ref(e, &fn)) {
		r = PUSH(w->tu->roots, w->tu->n_roots);
		r->fn_usr = take(clang_getCursorUSR(fn));
		want_definition(w, fn, r->fn_usr);
		r->fn_name = take(clang_getCursorSpelling(fn));
		r->why = xstrdup(why);
	} else if (clang_getCursorKind(e) == CXCursor_ConditionalOperator && depth < 8) {
		struct kids k = { 0 };

		get_kids(e, &k);
		for (size_t i = 1; i < k.n; i++)
			add_root_values(w, k.v[i], why, depth + 1);
		free(k.v);
	} else if ((src = pointer_source(w, e))) {
		r = PUSH(w->tu->roots, w->tu->n_roots);
		r->fn_usr = src;
		r->fn_name = take(clang_getCursorSpelling(clang_getCursorReferenced(e)));
		r->why = xstrdup(why);
	}
}

/* 1 + the index of the local whose address @arg is (&x, or an array x), else 0. */
static unsigned int address_of_local(struct walk *w, CXCursor arg)
{
	struct zt_function *f = cur(w);
	CXCursor e = strip(arg);
	struct kids k = { 0 };
	struct zt_local *l;

	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
		get_kids(e, &k);
		e = k.n ? strip(k.v[0]) : clang_getNullCursor();
		free(k.v);
	}
	if (!f || clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	l = local_for(w, clang_getCursorReferenced(e));
	return l ? (unsigned int)(l - f->locals) + 1 : 0;
}

/* The parameter (1 + its index) @arg passes on: p itself or &p->f (&p->a.b[i]), else 0. */
static unsigned int param_passed_on(struct walk *w, CXCursor arg)
{
	CXCursor e = strip(arg);
	struct kids k = { 0 };
	bool addr = false;

	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf) {
		get_kids(e, &k);
		e = k.n ? strip(k.v[0]) : clang_getNullCursor();
		addr = true;
	}
	/*
	 * &p->f: down the member chain to p, only behind an address-of; through
	 * the addresses macros take of it on the way (local64_add(): &(&p->v)->a)
	 */
	while (addr && (clang_getCursorKind(e) == CXCursor_MemberRefExpr ||
			clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr ||
			(clang_getCursorKind(e) == CXCursor_UnaryOperator &&
			 clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf))) {
		get_kids(e, &k);
		e = k.n ? strip(k.v[0]) : clang_getNullCursor();
	}
	free(k.v);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	for (size_t i = 0; i < w->n_param_cursors && i < 32; i++)
		if (clang_equalCursors(w->param_cursors[i], clang_getCursorReferenced(e)))
			return (unsigned int)i + 1;
	return 0;
}

/*
 * Is stack[i] an operand of an asm statement with a read-write operand
 * ("+m" (l->a)): how the kernel's local_add(), atomic_add() accumulate.
 */
static bool in_rmw_asm(struct walk *w, int i)
{
	for (int k = i - 1; k >= 0; k--) {
		CXTranslationUnit tu;
		CXSourceRange ext;
		CXToken *toks;
		unsigned int n;
		bool rmw = false;

		if (w->stack[k].kind != CXCursor_AsmStmt)
			continue;
		tu = clang_Cursor_getTranslationUnit(w->stack[k].c);
		ext = clang_getCursorExtent(w->stack[k].c);
		clang_tokenize(tu, ext, &toks, &n);
		for (unsigned int t = 0; t < n && !rmw; t++) {
			CXString sp;

			if (clang_getTokenKind(toks[t]) != CXToken_Literal)
				continue;
			sp = clang_getTokenSpelling(tu, toks[t]);
			rmw = !strncmp(clang_getCString(sp), "\"+", 2);
			clang_disposeString(sp);
		}
		clang_disposeTokens(tu, toks, n);
		return rmw;
	}
	return false;
}

/* ---- paths only marked packets take ---- */

/*
 * A packet's own data: the skb, or a descriptor the device wrote (a record
 * of plain values, no pointer in it: a completion, an RX descriptor).
 */
static bool packet_type(CXType t)
{
	CXType pt;
	char *name;
	bool pkt;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Pointer)
		return false;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Record)
		return false;
	name = take(clang_getTypeSpelling(clang_getUnqualifiedType(pt)));
	pkt = !strcmp(name, "struct sk_buff");
	free(name);
	return pkt;
}

/* A field that is a pointer (nested unions and structs: theirs) ends a descriptor. */
static enum CXVisitorResult no_pointer_field(CXCursor c, CXClientData data)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	if (t.kind == CXType_ConstantArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind == CXType_Record)
		clang_Type_visitFields(t, no_pointer_field, data);
	if (t.kind == CXType_Pointer || t.kind == CXType_IncompleteArray)
		*(bool *)data = false;
	return *(bool *)data ? CXVisit_Continue : CXVisit_Break;
}

static bool descriptor_type(CXType t)
{
	CXType pt;
	bool plain = true, any = false;

	t = clang_getCanonicalType(t);
	if (packet_type(t))
		return true;
	if (t.kind != CXType_Pointer)
		return false;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Record || clang_Type_getSizeOf(pt) <= 0)
		return false;
	any = clang_Type_getSizeOf(pt) > 0;
	clang_Type_visitFields(pt, no_pointer_field, &plain);
	return any && plain;
}

static bool is_pkt_var(struct walk *w, CXCursor ref)
{
	enum CXCursorKind k = clang_getCursorKind(ref);

	if ((k == CXCursor_ParmDecl || k == CXCursor_VarDecl) &&
	    descriptor_type(clang_getCursorType(ref)))
		return true;
	for (size_t i = 0; i < w->n_pkt_vars; i++)
		if (clang_equalCursors(w->pkt_vars[i], ref))
			return true;
	return false;
}

static enum CXChildVisitResult pkt_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	void **a = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    is_pkt_var(a[0], clang_getCursorReferenced(c))) {
		*(bool *)a[1] = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does @e read the packet (its skb, its descriptor, a value computed from them)? */
static bool reads_packet(struct walk *w, CXCursor e)
{
	bool found = false;
	void *a[2] = { w, &found };

	if (clang_Cursor_isNull(e))
		return false;
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		return is_pkt_var(w, clang_getCursorReferenced(e));
	clang_visitChildren(e, pkt_visit, a);
	return found;
}

/* reg = be32_to_cpu(cqe->ft_metadata): reg carries the packet's data */
static void note_pkt_var(struct walk *w, CXCursor var, CXCursor value)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var));

	if (t.kind == CXType_Record || t.kind == CXType_ConstantArray || !cur(w) ||
	    is_pkt_var(w, var) || !reads_packet(w, value))
		return;
	ZT_PUSH_IMPLICIT(w->pkt_vars, w->n_pkt_vars);
	w->pkt_vars[w->n_pkt_vars++] = var;
}

/*
 * The words of a mark only some packets carry, as the kernel names them: a
 * TC chain or an action miss to restore, a flow tag, skb->mark, a hardware
 * timestamp (PTP), a sampling request.
 */
static const char *mark_path(const char *text)
{
	bool flow = false, tag = false;
	const char *path = NULL;

	for (const char *s = text; *s && !path;) {
		size_t n = 0;
		char word[64];

		while (isalnum((unsigned char)s[n]))
			n++;
		if (!n) {
			s++;
			continue;
		}
		if (n < sizeof(word)) {
			for (size_t i = 0; i < n; i++)
				word[i] = (char)tolower((unsigned char)s[i]);
			word[n] = '\0';
			if (!strcmp(word, "chain") || !strcmp(word, "miss"))
				path = "TC-restore";
			else if (!strcmp(word, "mark"))
				path = "marked-packet";
			else if (!strcmp(word, "tstamp") || !strcmp(word, "hwtstamp") ||
				 !strcmp(word, "timestamp") || !strcmp(word, "ptp"))
				path = "timestamp";
			else if (!strcmp(word, "sample") || !strcmp(word, "psample") ||
				 !strcmp(word, "sampled"))
				path = "sampling";
			flow |= !strcmp(word, "flow");
			tag |= !strcmp(word, "tag");
		}
		s += n;
	}
	if (!path && flow && tag)
		path = "TC-restore";
	return path;
}

/* The tokens of expression @e as written, spaced as cond_text() spaces them. */
static char *expr_text(CXCursor e)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
	CXSourceRange ext = clang_getCursorExtent(e);
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	bool operand = false, prev_word = false;
	CXToken *toks;
	unsigned int n;

	written_tokens(tu, clang_getRangeStart(ext), clang_getRangeEnd(ext), &toks, &n);
	for (unsigned int i = 0; i < n; i++) {
		CXTokenKind tk = clang_getTokenKind(toks[i]);
		char *sp = take(clang_getTokenSpelling(tu, toks[i]));
		bool word = tk == CXToken_Identifier || tk == CXToken_Keyword ||
			    tk == CXToken_Literal;
		bool bin = binary_token(sp, operand);

		if (i && (bin || (word && prev_word)))
			zt_strbuf_adds(&sb, " ");
		zt_strbuf_adds(&sb, sp);
		if (bin)
			zt_strbuf_adds(&sb, " ");
		operand = word || !strcmp(sp, ")") || !strcmp(sp, "]");
		prev_word = word;
		free(sp);
	}
	clang_disposeTokens(tu, toks, n);
	if (!sb.len)
		zt_strbuf_adds(&sb, "...");
	return zt_strbuf_detach(&sb, NULL);
}

/*
 * if (C) where C tests the packet for a mark (mark_path()): the text of C,
 * else NULL. Only the packets that carry the mark take the branch.
 */
static char *mark_cond(struct walk *w, CXCursor ifstmt, CXCursor cond, CXCursor then)
{
	char *text;

	if (!cur(w) || !reads_packet(w, cond))
		return NULL;
	/* cond_text() reads f(x) as unlikely(x): only a hint's wrapper is dropped */
	text = expect_value(cond) != -1 ? cond_text(ifstmt, then) : expr_text(cond);
	if (mark_path(text))
		return text;
	free(text);
	return NULL;
}

/* if (C) goto out; / return ...;: the statements after it run only when !C */
static bool is_early_exit(CXCursor then)
{
	struct kids k = { 0 };
	enum CXCursorKind kind = clang_getCursorKind(then);
	bool exit;

	if (kind == CXCursor_GotoStmt || kind == CXCursor_ReturnStmt)
		return true;
	if (kind != CXCursor_CompoundStmt)
		return false;
	get_kids(then, &k);
	exit = k.n == 1 && (clang_getCursorKind(k.v[0]) == CXCursor_GotoStmt ||
			    clang_getCursorKind(k.v[0]) == CXCursor_ReturnStmt);
	free(k.v);
	return exit;
}

/* if (C) goto out; with C a test for a mark: "!(C)", what the rest of the block runs under */
static char *early_exit_mark(struct walk *w, CXCursor s)
{
	struct kids k = { 0 };
	char *text = NULL, *neg = NULL;

	if (clang_getCursorKind(s) != CXCursor_IfStmt || !cur(w))
		return NULL;
	get_kids(s, &k);
	if (k.n == 2 && is_early_exit(k.v[1]) && expect_value(k.v[0]) != 0)
		text = mark_cond(w, s, k.v[0], k.v[1]);
	free(k.v);
	if (text)
		neg = xasprintf("!(%s)", text);
	free(text);
	return neg;
}

static char *join_cond(const char *outer, const char *inner)
{
	return outer ? xasprintf("%s && %s", outer, inner) : xstrdup(inner);
}

/* ---- the NAPI instance's struct, and what it serves ---- */

static bool has_string(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

struct serves {
	struct zt_function *f;
	int depth;
};

static enum CXVisitorResult serves_visit(CXCursor c, CXClientData data)
{
	struct serves *s = data;
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	bool embedded = t.kind == CXType_Record;
	char *name;

	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	else if (t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	if (t.kind != CXType_Record)
		return CXVisit_Continue;
	/* a descriptor the device writes (plain values) is data, not a queue */
	{
		bool plain = true;

		clang_Type_visitFields(t, no_pointer_field, &plain);
		if (plain)
			return CXVisit_Continue;
	}
	name = take(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
	if (!has_string(s->f->napi_serves, s->f->n_napi_serves, name) &&
	    strcmp(name, s->f->napi_owner)) {
		ZT_PUSH_IMPLICIT(s->f->napi_serves, s->f->n_napi_serves);
		s->f->napi_serves[s->f->n_napi_serves++] = xstrdup(name);
	}
	free(name);
	/* a ring container embedded in the vector: the rings it points to */
	if (embedded && s->depth == 0) {
		struct serves inner = { s->f, 1 };

		clang_Type_visitFields(t, serves_visit, &inner);
	}
	return CXVisit_Continue;
}

static bool is_napi_param(CXCursor ref)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(ref));
	char *name;
	bool napi;

	if (clang_getCursorKind(ref) != CXCursor_ParmDecl || t.kind != CXType_Pointer)
		return false;
	name = take(clang_getTypeSpelling(
		clang_getUnqualifiedType(clang_getCanonicalType(clang_getPointeeType(t)))));
	napi = !strcmp(name, "struct napi_struct");
	free(name);
	return napi;
}

static enum CXChildVisitResult napi_ref_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    is_napi_param(clang_getCursorReferenced(c))) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* T *x = container_of(napi, T, m) (or (T *)napi) in a poll: T owns the NAPI instance */
static void napi_container(struct walk *w, CXCursor var, CXCursor init)
{
	struct zt_function *f = cur(w);
	CXType t = clang_getCanonicalType(clang_getCursorType(var)), pt;
	bool from_napi = false;
	char *name;

	if (!f || f->napi_owner || clang_Cursor_isNull(init) || t.kind != CXType_Pointer)
		return;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Record)
		return;
	if (clang_getCursorKind(init) == CXCursor_DeclRefExpr)
		from_napi = is_napi_param(clang_getCursorReferenced(init));
	else
		clang_visitChildren(init, napi_ref_visit, &from_napi);
	if (!from_napi)
		return;
	name = take(clang_getTypeSpelling(clang_getUnqualifiedType(pt)));
	if (!strcmp(name, "struct napi_struct")) {
		free(name);
		return;
	}
	f->napi_owner = name;
	{
		struct serves s = { f, 0 };

		clang_Type_visitFields(pt, serves_visit, &s);
	}
}

static bool is_netdev_priv_call(CXCursor e)
{
	CXCursor c = strip(e);
	CXString sp;
	bool yes;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	sp = clang_getCursorSpelling(c);
	yes = !strcmp(clang_getCString(sp), "netdev_priv");
	clang_disposeString(sp);
	return yes;
}

/* priv = netdev_priv(dev): priv's record is the adapter's, shared by every queue */
static void note_dev_priv(struct walk *w, CXCursor var, CXCursor value)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(var)), pt;
	char *name;

	if (clang_Cursor_isNull(value) || t.kind != CXType_Pointer || !is_netdev_priv_call(value))
		return;
	pt = clang_getCanonicalType(clang_getPointeeType(t));
	if (pt.kind != CXType_Record)
		return;
	name = take(clang_getTypeSpelling(clang_getUnqualifiedType(pt)));
	if (has_string(w->tu->dev_privs, w->tu->n_dev_privs, name)) {
		free(name);
		return;
	}
	ZT_PUSH_IMPLICIT(w->tu->dev_privs, w->tu->n_dev_privs);
	w->tu->dev_privs[w->tu->n_dev_privs++] = name;
}

/* kmem_cache_alloc_bulk(), kmem_cache_free_bulk(), alloc_pages_bulk_array(): many at once. */
static bool is_bulk_call(const char *name)
{
	return name && strstr(name, "bulk") && (strstr(name, "alloc") || strstr(name, "free"));
}

/*
 * How many objects a bulk call handles: the length of the array it fills
 * (a local void *objs[N]), else a constant *BATCH* / *BULK* count given to
 * it, else ZT_BATCH_UNKNOWN.
 */
static unsigned int bulk_size(CXCursor call)
{
	unsigned int n = 0;

	for (int i = 0; i < clang_Cursor_getNumArguments(call) && !n; i++) {
		CXCursor a = strip(clang_Cursor_getArgument(call, (unsigned int)i));
		CXType t = clang_getCanonicalType(clang_getCursorType(a));
		long long len;

		if (clang_getCursorKind(a) != CXCursor_DeclRefExpr || t.kind != CXType_ConstantArray)
			continue;
		len = clang_getArraySize(t);
		if (len > 1 && len < 65536)
			n = (unsigned int)len;
	}
	for (int i = 0; i < clang_Cursor_getNumArguments(call) && !n; i++)
		n = batch_constant(clang_Cursor_getArgument(call, (unsigned int)i));
	return n ? n : ZT_BATCH_UNKNOWN;
}

static void add_call(struct walk *w, CXCursor call, int loop, bool unlikely)
{
	struct zt_function *f = cur(w);
	struct kids k = { 0 };
	CXCursor callee, ref;
	struct zt_call *cl;
	unsigned int line;
	enum CXCursorKind rk;
	char *key;

	get_kids(call, &k);
	if (!k.n) {
		free(k.v);
		return;
	}
	callee = strip(k.v[0]);
	free(k.v);
	ref = clang_getCursorReferenced(callee);
	rk = clang_getCursorKind(ref);
	if (clang_getCursorKind(callee) == CXCursor_UnaryOperator)	/* (*fp)() */
		rk = CXCursor_InvalidCode;
	if (rk == CXCursor_FunctionDecl) {
		char *name = take(clang_getCursorSpelling(ref));

		if (!strncmp(name, "__builtin_", 10)) {
			free(name);
			return;
		}
		/* Registration of a NAPI poll function: a root. */
		if (!strncmp(name, "netif_napi_add", 14) || !strncmp(name, "netif_tx_napi_add", 17)) {
			int n = clang_Cursor_getNumArguments(call);
			char *why = xasprintf("%s()", name);

			for (int i = 0; i < n; i++)
				add_root_values(w, clang_Cursor_getArgument(call, (unsigned int)i), why,
						0);
			free(why);
		}
		if (!f) {
			free(name);
			return;
		}
		cl = PUSH(f->calls, f->n_calls);
		cl->kind = ZT_CALL_DIRECT;
		cl->target = take(clang_getCursorUSR(ref));
		cl->name = name;
		want_definition(w, ref, cl->target);
		/* a function passed as an argument lands in the callee's parameter */
		for (int i = 0; i < clang_Cursor_getNumArguments(call); i++) {
			key = xasprintf("param:%s#%d", cl->target, i);
			add_pointer_values(w, key, name,
					   clang_Cursor_getArgument(call, (unsigned int)i));
			free(key);
		}
	} else {
		if (!f)
			return;
		cl = PUSH(f->calls, f->n_calls);
		key = rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl ? pointer_key(w, ref) : NULL;
		if (rk == CXCursor_FieldDecl) {
			cl->kind = ZT_CALL_FIELD;
			cl->target = take(clang_getCursorUSR(ref));
			cl->name = take(clang_getCursorSpelling(ref));
		} else if (key) {
			/* through a pointer local or parameter: what was stored into it */
			cl->kind = ZT_CALL_FIELD;
			cl->target = key;
			cl->name = take(clang_getCursorSpelling(ref));
		} else {
			cl->kind = ZT_CALL_POINTER;
			cl->target = xstrdup("");
			cl->name = take(clang_getCursorSpelling(callee));
		}
	}
	expansion(clang_getCursorLocation(call), NULL, &line, NULL);
	cl->line = line;
	cl->in_loop = loop > 0;
	cl->in_unlikely = unlikely;
	cl->loop_params = w->loop_params;
	cl->loop_budget = w->loop_budget;
	cl->batch_n = w->batch_n;
	cl->batch_why = w->batch_why;
	cl->cond = w->cond && !unlikely ? xstrdup(w->cond) : NULL;
	cl->slow = w->slow && !unlikely ? xstrdup(w->slow) : NULL;
	/* refill(rq, X_RX_BATCH): given a batch of N to do */
	for (int i = 0; i < clang_Cursor_getNumArguments(call) && !cl->batch_n; i++) {
		cl->batch_n = batch_constant(clang_Cursor_getArgument(call, (unsigned int)i));
		cl->batch_why = cl->batch_n ? ZT_BATCH_ARG : ZT_BATCH_NONE;
	}
	if (!unlikely && is_bulk_call(cl->name)) {
		unsigned int n = bulk_size(call);

		if (!f->bulk_n || n < f->bulk_n)
			f->bulk_n = n;
	}
	for (int i = 0; i < clang_Cursor_getNumArguments(call) && i < ZT_CALL_ARGS; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned int)i);

		cl->arg_params[i] = expr_params(w, arg);
		cl->arg_local[i] = address_of_local(w, arg);
		cl->arg_param[i] = param_passed_on(w, arg);
	}
}

/* Functions stored into a function-pointer field: { .f = fn }, p->f = c ? a : b. */
static void add_field_values(struct walk *w, CXCursor field, CXCursor e)
{
	char *usr = take(clang_getCursorUSR(field)), *record = record_of_field(field);
	char *name = take(clang_getCursorSpelling(field));

	store_values(w, usr, record ? record : "", name, e, 0);
	free(usr);
	free(record);
	free(name);
}

/* { .fn = f } and positional { f, g }: functions stored into fields. */
static void scan_init_list(struct walk *w, CXCursor list, const struct kids *k)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(list));
	struct field_list fl = { 0 };
	CXCursor pending = clang_getNullCursor();
	size_t pos = 0;

	if (t.kind != CXType_Record)
		return;
	clang_Type_visitFields(t, field_cursor, &fl);
	for (size_t i = 0; i < k->n; i++) {
		CXCursor e = k->v[i], field;

		if (clang_getCursorKind(e) == CXCursor_MemberRef) {
			pending = clang_getCursorReferenced(e);
			continue;
		}
		if (clang_getCursorKind(e) == CXCursor_UnexposedExpr) {
			/* A designated initializer: MemberRef (the field), then the value. */
			struct kids d = { 0 };

			get_kids(e, &d);
			if (d.n >= 2 && clang_getCursorKind(d.v[0]) == CXCursor_MemberRef) {
				pending = clang_getCursorReferenced(d.v[0]);
				e = d.v[d.n - 1];
			}
			free(d.v);
		}
		if (!clang_Cursor_isNull(pending)) {
			field = pending;
			pending = clang_getNullCursor();
			for (size_t j = 0; j < fl.n; j++)
				if (clang_equalCursors(fl.v[j], field))
					pos = j;
		} else if (pos < fl.n) {
			field = fl.v[pos];
		} else {
			continue;
		}
		pos++;
		if (clang_getCursorKind(field) == CXCursor_FieldDecl)
			add_field_values(w, field, e);
	}
	free(fl.v);
}

static void add_access(struct walk *w, CXCursor member)
{
	CXCursor field = clang_getCursorReferenced(member);
	struct zt_field_access *a;
	int p = up_skip(w, w->depth - 2);
	bool write = false;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl || !cur(w))
		return;
	if (p >= 0 && w->stack[p + 1].index == 0) {
		if (w->stack[p].kind == CXCursor_BinaryOperator)
			write = clang_getCursorBinaryOperatorKind(w->stack[p].c) ==
				CXBinaryOperator_Assign;
		else if (w->stack[p].kind == CXCursor_CompoundAssignOperator)
			write = true;
	}
	if (p >= 0 && w->stack[p].kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(w->stack[p].c);

		write = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec ||
			u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PreDec;
	}
	a = PUSH(w->tu->accesses, w->tu->n_accesses);
	a->fn_usr = xstrdup(cur(w)->usr);
	a->record = record_of_field(field);
	a->field = take(clang_getCursorSpelling(field));
	a->write = write;
}

/*
 * Entering a loop: what bounds it. The header (for: everything but the body;
 * while: the condition; do: the condition after the body) names parameters
 * or a budget; the body's statements inherit the outer loops' bounds too.
 */
static bool leaves_loop(CXCursor s)
{
	enum CXCursorKind kind = clang_getCursorKind(s);
	struct kids k = { 0 };
	bool leaves = false;

	if (kind == CXCursor_BreakStmt || kind == CXCursor_ReturnStmt || kind == CXCursor_GotoStmt)
		return true;
	if (kind != CXCursor_CompoundStmt)
		return false;
	get_kids(s, &k);
	for (size_t i = 0; i < k.n && !leaves; i++)
		leaves = leaves_loop(k.v[i]);
	free(k.v);
	return leaves;
}

/*
 * for (;;) { ...; if (++done == budget) break; }: the tests that leave the
 * loop @body (break, return, goto), read in its statements and the branches
 * of its ifs but not in nested loops or switches, bound it as its header
 * would.
 */
static void loop_exits(struct walk *w, CXCursor body, int depth)
{
	enum CXCursorKind kind = clang_getCursorKind(body);
	struct kids k = { 0 };

	if (depth > 8 || (kind != CXCursor_CompoundStmt && kind != CXCursor_IfStmt))
		return;
	get_kids(body, &k);
	if (kind == CXCursor_IfStmt && k.n >= 2 && leaves_loop(k.v[1])) {
		w->loop_params |= expr_params(w, k.v[0]);
		w->loop_budget |= mentions_budget(k.v[0]);
	}
	for (size_t i = kind == CXCursor_IfStmt ? 1 : 0; i < k.n; i++)
		loop_exits(w, k.v[i], depth + 1);
	free(k.v);
}

static void loop_bound(struct walk *w, enum CXCursorKind kind, const struct kids *k,
		       unsigned int *saved_params, bool *saved_budget)
{
	size_t first = kind == CXCursor_DoStmt ? 1 : 0;
	size_t end = kind == CXCursor_DoStmt ? k->n : (k->n ? k->n - 1 : 0);

	*saved_params = w->loop_params;
	*saved_budget = w->loop_budget;
	for (size_t i = first; i < end; i++) {
		w->loop_params |= expr_params(w, k->v[i]);
		w->loop_budget |= mentions_budget(k->v[i]);
	}
	if (k->n)
		loop_exits(w, k->v[kind == CXCursor_DoStmt ? 0 : k->n - 1], 0);
}

static void walk(struct walk *w, CXCursor c, unsigned int index, int loop, bool unlikely)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k = { 0 };
	long long expect = -1;
	unsigned int saved_params = 0;
	bool saved_budget = false, ladder = false;
	unsigned int batch = 0, saved_batch = w->batch_n;
	enum zt_batch_why batch_why = ZT_BATCH_NONE, saved_why = w->batch_why;
	char *saved_cond = w->cond, *branch_cond = NULL;
	char *saved_slow = w->slow, *branch_slow = NULL, *rest_slow = NULL;

	if (w->depth >= MAX_DEPTH)
		return;
	w->stack[w->depth++] = (struct frame){ .c = c, .kind = kind, .index = index };

	switch (kind) {
	case CXCursor_VarDecl:
		if (cur(w)) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(c);
			unsigned int from = clang_Cursor_isNull(init) ? 0 : expr_params(w, init);

			char *key = clang_Cursor_isNull(init) ? NULL : pointer_key(w, c);

			add_local(w, c, loop, unlikely);
			if (!clang_Cursor_isNull(init)) {
				napi_container(w, c, init);
				note_dev_priv(w, c, init);
				note_pkt_var(w, c, init);
			}
			if (from)
				add_derived(w, c, from);
			if (key) {
				char *name = take(clang_getCursorSpelling(c));

				add_pointer_values(w, key, name, init);
				free(name);
			}
			free(key);
		}
		break;
	case CXCursor_CallExpr:
		add_call(w, c, loop, unlikely);
		break;
	case CXCursor_DeclRefExpr: {
		struct zt_local *l = cur(w) && cur(w)->n_locals ?
			local_for(w, clang_getCursorReferenced(c)) : NULL;

		if (l)
			l->uses |= classify_use(w);
		else if (cur(w))
			param_field_use(w);
		break;
	}
	case CXCursor_MemberRefExpr:
		if (w->opts->field_accesses)
			add_access(w, c);
		break;
	case CXCursor_BinaryOperator:
		if (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
			get_kids(c, &k);
			if (k.n == 2) {
				CXCursor lhs = strip(k.v[0]);
				unsigned int from;

				/* share = budget / n: share carries what budget does */
				if (cur(w) && clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
				    (from = expr_params(w, k.v[1])))
					add_derived(w, clang_getCursorReferenced(lhs), from);
				if (cur(w) && clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
					compound_literal_assign(w, lhs, k.v[1], loop, unlikely);
					note_pkt_var(w, clang_getCursorReferenced(lhs), k.v[1]);
					note_dev_priv(w, clang_getCursorReferenced(lhs), k.v[1]);
				}
				/* rx = striding ? rx_mpwrq : rx_linear; */
				if (cur(w) && clang_getCursorKind(lhs) == CXCursor_DeclRefExpr) {
					CXCursor var = clang_getCursorReferenced(lhs);
					char *key = pointer_key(w, var), *name;

					if (key) {
						name = take(clang_getCursorSpelling(var));
						add_pointer_values(w, key, name, k.v[1]);
						free(name);
					}
					free(key);
				}

				/* ops->ndo_start_xmit = cond ? xmit_a : xmit_b, or = fn_param */
				if (clang_getCursorKind(lhs) == CXCursor_MemberRefExpr) {
					CXCursor field = clang_getCursorReferenced(lhs);

					if (clang_getCursorKind(field) == CXCursor_FieldDecl)
						add_field_values(w, field, k.v[1]);
				}
			}
		}
		break;
	case CXCursor_IfStmt:
		get_kids(c, &k);
		if (k.n)
			expect = expect_value(k.v[0]);
		if (k.n >= 2 && cur(w)) {
			batch = batch_size(k.v[0]);
			batch_why = batch ? ZT_BATCH_FULL : ZT_BATCH_NONE;
			if (!batch && threshold_cond(k.v[0])) {
				batch = ZT_BATCH_UNKNOWN;
				batch_why = ZT_BATCH_THRESHOLD;
			}
		}
		/*
		 * unlikely() is a hint, not an error path: only error handling
		 * is cold. Another branch (a feature flag, an attached program)
		 * runs per packet for every user who has it on: hot, under its
		 * condition.
		 */
		if (expect == 0 && k.n >= 2 && cur(w) && !unlikely && !error_branch(w, k.v[1], 0)) {
			char *text = cond_text(c, k.v[1]);

			expect = -1;
			branch_cond = saved_cond ? xasprintf("%s && %s", saved_cond, text) : text;
			if (saved_cond)
				free(text);
		}
		/*
		 * if (C) where C tests the packet for a mark: only the packets
		 * that carry it take the branch (an early exit of the unmarked
		 * ones is judged at the block: the rest of it is the marked path).
		 */
		if (k.n >= 2 && cur(w) && !unlikely && !(k.n == 2 && is_early_exit(k.v[1])) &&
		    !error_branch(w, k.v[1], 0)) {
			char *text = mark_cond(w, c, k.v[0], k.v[1]);

			if (text)
				branch_slow = join_cond(saved_slow, text);
			free(text);
		}
		break;
	default:
		break;
	}

	get_kids(c, &k);
	if (kind == CXCursor_InitListExpr)
		scan_init_list(w, c, &k);
	if (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt)
		loop_bound(w, kind, &k, &saved_params, &saved_budget);
	for (size_t i = 0; i < k.n; i++) {
		int l = loop;
		bool u = unlikely;

		switch (kind) {
		case CXCursor_ForStmt:
		case CXCursor_WhileStmt:
		case CXCursor_DoStmt:
			l++;
			break;
		case CXCursor_IfStmt:
			/* if (unlikely(x)) { ...error handling... } is cold */
			if (expect == 0 && i == 1)
				u = true;
			/* if (n == X_BULK) flush(): once per batch */
			w->batch_n = i == 1 && batch ? batch : saved_batch;
			w->batch_why = i == 1 && batch ? batch_why : saved_why;
			w->cond = i == 1 && branch_cond ? branch_cond : saved_cond;
			w->slow = i == 1 && branch_slow ? branch_slow : saved_slow;
			break;
		case CXCursor_CompoundStmt:
			/*
			 * return ...; err_free: ... err: ...: labels after a return
			 * are reached only by goto, a goto-err ladder: error paths.
			 */
			if (clang_getCursorKind(k.v[i]) == CXCursor_LabelStmt && i &&
			    clang_getCursorKind(k.v[i - 1]) == CXCursor_ReturnStmt)
				ladder = true;
			u |= ladder;
			/* the target of an early exit: every packet again */
			if (clang_getCursorKind(k.v[i]) == CXCursor_LabelStmt && rest_slow) {
				free(rest_slow);
				rest_slow = NULL;
				w->slow = saved_slow;
			}
			break;
		default:
			break;
		}
		walk(w, k.v[i], (unsigned int)i, l, u);
		if (kind == CXCursor_CompoundStmt && !u && !rest_slow) {
			char *neg = early_exit_mark(w, k.v[i]);

			if (neg) {
				rest_slow = join_cond(saved_slow, neg);
				w->slow = rest_slow;
				free(neg);
			}
		}
	}
	if (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt || kind == CXCursor_DoStmt) {
		w->loop_params = saved_params;
		w->loop_budget = saved_budget;
	}
	w->batch_n = saved_batch;
	w->batch_why = saved_why;
	w->cond = saved_cond;
	w->slow = saved_slow;
	free(branch_cond);
	free(branch_slow);
	free(rest_slow);
	free(k.v);
	w->depth--;
}

static void walk_function(struct walk *w, CXCursor c)
{
	size_t i = function_for(w, c);
	struct zt_function *f = &w->tu->funcs[i];
	struct kids k = { 0 };

	if (!clang_isCursorDefinition(c) || f->defined)
		return;
	f->defined = true;
	expansion(clang_getCursorLocation(c), &f->file, &f->line, NULL);
	add_params(f, c);
	w->fn = i;
	w->depth = 0;
	w->loop_params = 0;
	w->loop_budget = false;
	w->batch_n = 0;
	w->batch_why = ZT_BATCH_NONE;
	w->n_derived = 0;
	w->n_param_cursors = 0;
	for (int a = 0; a < clang_Cursor_getNumArguments(c); a++) {
		ZT_PUSH_IMPLICIT(w->param_cursors, w->n_param_cursors);
		w->param_cursors[w->n_param_cursors++] =
			clang_Cursor_getArgument(c, (unsigned int)a);
	}
	w->cond = NULL;
	w->slow = NULL;
	w->n_pkt_vars = 0;
	w->ladders_known = false;
	w->n_ladder_labels = 0;
	get_kids(c, &k);
	for (size_t j = 0; j < k.n; j++) {
		if (clang_getCursorKind(k.v[j]) != CXCursor_CompoundStmt)
			continue;
		w->body = k.v[j];
		walk(w, k.v[j], (unsigned int)j, 0, false);
	}
	free(k.v);
	free(w->local_cursors);
	w->local_cursors = NULL;
	w->n_param_cursors = 0;
	w->n_derived = 0;
	w->fn = (size_t)-1;
}

static enum CXChildVisitResult top(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (kind == CXCursor_FunctionDecl) {
		if (in_main_file(c))
			walk_function(w, c);
		else if (decl_is_cold(w, c))
			function_for(w, c);	/* a cold prototype matters wherever it is */
	} else if (kind == CXCursor_VarDecl) {
		/* Static tables: net_device_ops, handler arrays. */
		w->fn = (size_t)-1;
		w->depth = 0;
		walk(w, c, 0, 0, false);
	} else if (kind == CXCursor_LinkageSpec || kind == CXCursor_UnexposedDecl) {
		return CXChildVisit_Recurse;
	}
	return CXChildVisit_Continue;
}

/* "unknown argument: '-fxyz'": the driver rejected a flag we did not know to drop. */
static char *unknown_argument(const char *msg)
{
	const char *p = strstr(msg, "unknown argument: '");
	const char *q;

	if (!p)
		return NULL;
	p += strlen("unknown argument: '");
	q = strchr(p, '\'');
	return q ? xstrndup(p, (size_t)(q - p)) : NULL;
}

static void collect_errors(CXTranslationUnit tu, struct zt_tu_facts *out, char ***unknown,
			   size_t *n_unknown)
{
	unsigned int n = clang_getNumDiagnostics(tu);

	for (unsigned int i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		struct zt_diag *e;
		char *u;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		e = PUSH(out->errors, out->n_errors);
		e->message = take(clang_getDiagnosticSpelling(d));
		expansion(clang_getDiagnosticLocation(d), &e->file, &e->line, &e->column);
		u = unknown ? unknown_argument(e->message) : NULL;
		if (u) {
			ZT_PUSH_IMPLICIT(*unknown, *n_unknown);
			(*unknown)[(*n_unknown)++] = u;
		}
		clang_disposeDiagnostic(d);
	}
}

static void release_errors(struct zt_tu_facts *out)
{
	for (size_t i = 0; i < out->n_errors; i++) {
		free(out->errors[i].file);
		free(out->errors[i].message);
	}
	free(out->errors);
	out->errors = NULL;
	out->n_errors = 0;
}

static enum CXErrorCode parse(struct zt_facts_index *ix, const struct zt_compile_cmd *cmd,
			      char **args, size_t n, CXTranslationUnit *tu)
{
	unsigned int flags = CXTranslationUnit_KeepGoing |
			     CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;

	return clang_parseTranslationUnit2(ix->index, cmd->file, (const char *const *)args,
					   (int)n, NULL, 0, flags, tu);
}

static void add_inclusion(CXFile file, CXSourceLocation *stack, unsigned int depth,
			  CXClientData data)
{
	struct zt_tu_facts *out = data;
	CXString s = clang_getFileName(file);
	const char *name = clang_getCString(s);

	if (name && *name)
		*PUSH(out->includes, out->n_includes) = xstrdup(name);
	clang_disposeString(s);
}

/* Why @path is not a source file libclang may open, or NULL when it is one. */
static char *not_regular(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return xasprintf("cannot open it: %s", strerror(errno));
	if (S_ISREG(st.st_mode))
		return NULL;
	return xasprintf("not a regular file (%s), not read",
			 S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISCHR(st.st_mode) ? "a character device" :
			 S_ISDIR(st.st_mode) ? "a directory" : S_ISBLK(st.st_mode) ? "a block device" :
			 S_ISSOCK(st.st_mode) ? "a socket" : "a special file");
}

static int collect_tu(struct zt_facts_index *ix, const struct zt_compile_cmd *cmd,
		      const struct zt_facts_opts *opts, struct zt_tu_facts *out)
{
	struct walk w = { .tu = out, .opts = opts, .fn = (size_t)-1 };
	CXTranslationUnit tu = NULL;
	char **unknown = NULL;
	size_t n_unknown = 0, n;
	char **args = zt_compdb_clang_args(cmd, &n);
	enum CXErrorCode rc;
	char *why;

	memset(out, 0, sizeof(*out));
	out->file = xstrdup(cmd->file);
	why = not_regular(cmd->file);
	if (why) {
		/* libclang would block on a FIFO and read /dev/zero until memory runs out */
		struct zt_diag *e = PUSH(out->errors, out->n_errors);

		e->file = xstrdup(cmd->file);
		e->message = why;
		out->failed = true;
		goto out;
	}
	rc = parse(ix, cmd, args, n, &tu);
	if (rc == CXError_Success && tu) {
		collect_errors(tu, out, &unknown, &n_unknown);
		if (n_unknown) {
			/* Drop what the driver rejected and parse again, once. */
			size_t k = 0;

			for (size_t i = 0; i < n; i++) {
				bool drop = false;

				for (size_t j = 0; j < n_unknown; j++)
					drop |= !strcmp(args[i], unknown[j]);
				if (drop)
					free(args[i]);
				else
					args[k++] = args[i];
			}
			args[k] = NULL;
			n = k;
			clang_disposeTranslationUnit(tu);
			tu = NULL;
			release_errors(out);
			rc = parse(ix, cmd, args, n, &tu);
			if (rc == CXError_Success && tu)
				collect_errors(tu, out, NULL, NULL);
		}
	}
	if (rc != CXError_Success || !tu) {
		struct zt_diag *e = PUSH(out->errors, out->n_errors);

		e->file = xstrdup(cmd->file);
		if (rc == CXError_Crashed)
			e->message = xstrdup("libclang crashed parsing it (recovered; nothing of it is used)");
		else
			e->message = xasprintf("libclang could not parse it (error %d)", (int)rc);
		out->failed = true;
		goto out;
	}
	if (out->n_errors > MAX_ERRORS) {
		for (size_t i = MAX_ERRORS; i < out->n_errors; i++) {
			free(out->errors[i].file);
			free(out->errors[i].message);
		}
		out->n_errors = MAX_ERRORS;
	}
	/* The headers it read, so a cache can tell when one changed. */
	clang_getInclusions(tu, add_inclusion, out);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top, &w);
	while (w.queue_head < w.n_queue)
		walk_function(&w, w.queue[w.queue_head++]);
	clang_disposeTranslationUnit(tu);
out:
	zt_strmap_release(&w.fn_map);
	zt_strmap_release(&w.queued);
	for (size_t i = 0; i < w.n_queued_keys; i++)
		free(w.queued_keys[i]);
	free(w.queued_keys);
	free(w.queue);
	free(w.param_cursors);
	free(w.derived);
	free(w.pkt_vars);
	free(w.ladder_labels);
	free(w.files);
	for (size_t i = 0; i < n_unknown; i++)
		free(unknown[i]);
	free(unknown);
	zt_argv_free(args);
	return 0;
}

struct collect_job {
	struct zt_facts_index *ix;
	const struct zt_compile_cmd *cmd;
	const struct zt_facts_opts *opts;
	struct zt_tu_facts *out;
	int ret;
};

static void *collect_thread(void *data)
{
	struct collect_job *j = data;
	stack_t alt = { .ss_size = ALT_STACK }, old;

	alt.ss_sp = mmap(NULL, ALT_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (alt.ss_sp == MAP_FAILED || sigaltstack(&alt, &old)) {
		if (alt.ss_sp != MAP_FAILED)
			munmap(alt.ss_sp, ALT_STACK);
		j->ret = collect_tu(j->ix, j->cmd, j->opts, j->out);
		return NULL;
	}
	j->ret = collect_tu(j->ix, j->cmd, j->opts, j->out);
	sigaltstack(&old, NULL);
	munmap(alt.ss_sp, ALT_STACK);
	return NULL;
}

int zt_facts_collect(struct zt_facts_index *ix, const struct zt_compile_cmd *cmd,
		     const struct zt_facts_opts *opts, struct zt_tu_facts *out)
{
	struct collect_job j = { .ix = ix, .cmd = cmd, .opts = opts, .out = out };
	pthread_attr_t attr;
	pthread_t th;
	bool started;

	started = !pthread_attr_init(&attr) && !pthread_attr_setstacksize(&attr, PARSE_STACK) &&
		  !pthread_create(&th, &attr, collect_thread, &j);
	pthread_attr_destroy(&attr);
	if (!started)
		return collect_tu(ix, cmd, opts, out);	/* no thread: parse here, unprotected */
	pthread_join(th, NULL);
	return j.ret;
}

void zt_function_release(struct zt_function *f)
{
	free(f->usr);
	free(f->name);
	free(f->file);
	for (size_t i = 0; i < f->n_params; i++) {
		struct zt_param *p = &f->params[i];

		free(p->name);
		free(p->type);
		free(p->record);
		free(p->record_file);
		for (size_t j = 0; j < p->n_fields; j++)
			free(p->fields[j]);
		free(p->fields);
	}
	free(f->params);
	for (size_t i = 0; i < f->n_locals; i++) {
		struct zt_local *l = &f->locals[i];

		free(l->name);
		free(l->type);
		free(l->file);
		free(l->type_file);
		free(l->cond);
		free(l->slow);
	}
	free(f->locals);
	for (size_t i = 0; i < f->n_calls; i++) {
		free(f->calls[i].target);
		free(f->calls[i].name);
		free(f->calls[i].cond);
		free(f->calls[i].slow);
	}
	free(f->calls);
	free(f->napi_owner);
	for (size_t i = 0; i < f->n_napi_serves; i++)
		free(f->napi_serves[i]);
	free(f->napi_serves);
	memset(f, 0, sizeof(*f));
}

void zt_tu_facts_release(struct zt_tu_facts *t)
{
	for (size_t i = 0; i < t->n_funcs; i++)
		zt_function_release(&t->funcs[i]);
	free(t->funcs);
	for (size_t i = 0; i < t->n_assigns; i++) {
		free(t->assigns[i].field_usr);
		free(t->assigns[i].record);
		free(t->assigns[i].field);
		free(t->assigns[i].fn_usr);
		free(t->assigns[i].fn_name);
	}
	free(t->assigns);
	for (size_t i = 0; i < t->n_roots; i++) {
		free(t->roots[i].fn_usr);
		free(t->roots[i].fn_name);
		free(t->roots[i].why);
	}
	free(t->roots);
	for (size_t i = 0; i < t->n_accesses; i++) {
		free(t->accesses[i].fn_usr);
		free(t->accesses[i].record);
		free(t->accesses[i].field);
	}
	free(t->accesses);
	release_errors(t);
	for (size_t i = 0; i < t->n_dev_privs; i++)
		free(t->dev_privs[i]);
	free(t->dev_privs);
	for (size_t i = 0; i < t->n_includes; i++)
		free(t->includes[i]);
	free(t->includes);
	free(t->file);
	memset(t, 0, sizeof(*t));
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Facts in worker processes: see walk_workers.h. A worker gets a list of
 * TUs; before each it writes "start I", after it "done I <json>" to its own
 * file, and the parent reads that file once the worker has ended. A worker
 * killed by a signal lost the TU it had started: that one is marked
 * unparsed with the signal, and a new worker takes the rest of the list.
 * Each TU has a bound (TU_TIMEOUT_S, an alarm in the worker): a `#include` of
 * a FIFO or a device would otherwise block libclang forever.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cache.h"
#include "facts.h"
#include "facts_json.h"
#include "json_file.h"
#include "strbuf.h"
#include "walk_workers.h"

/* one TU's parse and walk; ZT_TEST_TU_TIMEOUT (seconds) overrides it in tests */
#define TU_TIMEOUT_S 300

static unsigned int tu_timeout(void)
{
	const char *t = getenv("ZT_TEST_TU_TIMEOUT");
	unsigned long v = t ? strtoul(t, NULL, 10) : 0;

	return v > 0 && v < 100000 ? (unsigned int)v : TU_TIMEOUT_S;
}

struct share {
	size_t *tu;		/* indices into tus */
	size_t n, next;		/* what is left: tu[next..n) */
	pid_t pid;
	char *path;		/* the worker's results */
};

/* One TU in the worker: from the cache or libclang; its line as JSON. */
static json_t *one(struct zt_ci_tus *tus, size_t i, const struct zt_ci_opts *o,
		   struct zt_facts_pool *pool)
{
	struct zt_tu_result *r = &tus->v[i];
	struct zt_facts_opts fo = { .kernel = o->kernel };
	char *key = o->cache ? zt_cache_key(o->cache, &r->cmd) : NULL;
	bool reused = false;
	json_t *line;

	if (key) {
		struct zt_tu_result hit;

		if (zt_cache_get(o->cache, key, &hit) == 1) {
			zt_tu_result_release(r);
			*r = hit;
			/* A failed evidence compile is retried, not remembered. */
			for (int c = 0; c < 2; c++) {
				free(r->ev_error[c]);
				r->ev_error[c] = NULL;
			}
			reused = true;
		}
	}
	if (!reused)
		zt_facts_pool_collect(pool, &r->cmd, &fo, &r->facts);
	line = json_pack("{s:I, s:o, s:o, s:b}", "i", (json_int_t)i, "result",
			 zt_tu_result_to_json(r), "key", zt_json_str_or_null(key), "reused",
			 reused);
	free(key);
	return line;
}

static void __attribute__((noreturn)) worker(struct zt_ci_tus *tus, const struct share *s,
					     const struct zt_ci_opts *o, pid_t parent)
{
	struct zt_facts_pool *pool;
	unsigned int bound = tu_timeout();
	sigset_t alrm;
	FILE *f;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(127);
	/* the bound of a TU: SIGALRM ends the worker, the parent says timed out */
	signal(SIGALRM, SIG_DFL);
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	sigprocmask(SIG_UNBLOCK, &alrm, NULL);
	f = fopen(s->path, "we");
	if (!f)
		_exit(126);
	pool = zt_facts_pool_new();
	for (size_t k = s->next; k < s->n; k++) {
		json_t *line;
		char *text;

		fprintf(f, "start %zu\n", s->tu[k]);
		fflush(f);
		alarm(bound);
		line = one(tus, s->tu[k], o, pool);
		alarm(0);
		text = json_dumps(line, JSON_COMPACT);
		fprintf(f, "done %s\n", text ? text : "null");
		fflush(f);
		free(text);
		json_decref(line);
	}
	fclose(f);
	/* the parent has all it needs: no destructors, no libclang teardown */
	_exit(0);
}

/* A result line of the worker into @tus; its TU index, or (size_t)-1. */
static size_t take_line(struct zt_ci_tus *tus, const char *text)
{
	json_t *doc = json_loads(text, 0, NULL), *key;
	struct zt_tu_result r = { 0 };
	json_int_t i = -1;

	if (!doc || json_unpack(doc, "{s:I}", "i", &i) || i < 0 || (size_t)i >= tus->n ||
	    zt_tu_result_from_json(json_object_get(doc, "result"), &r)) {
		json_decref(doc);
		return (size_t)-1;
	}
	zt_tu_result_release(&tus->v[i]);
	tus->v[i] = r;
	tus->json[i] = zt_tu_result_to_json(&tus->v[i]);
	key = json_object_get(doc, "key");
	free(tus->key[i]);
	tus->key[i] = json_is_string(key) ? xstrdup(json_string_value(key)) : NULL;
	if (json_is_true(json_object_get(doc, "reused")))
		tus->reused++;
	else
		tus->dirty[i] = tus->key[i] && !tus->v[i].facts.failed;
	json_decref(doc);
	return (size_t)i;
}

/* The TU a worker was killed in: unparsed, with the signal. */
static void lost(struct zt_ci_tus *tus, size_t i, int sig)
{
	struct zt_tu_facts *f = &tus->v[i].facts;
	const char *abbrev = sigabbrev_np(sig);
	struct zt_diag *e;

	ZT_ALLOC_GROW(f->errors, f->n_errors + 1, f->alloc_errors);
	e = &f->errors[f->n_errors++];
	memset(e, 0, sizeof(*e));
	e->file = xstrdup(tus->v[i].cmd.file);
	if (sig == SIGALRM)
		e->message = xasprintf("parsing timed out after %u s (a file it includes may be "
				       "a FIFO or a device that never ends); nothing of it is used",
				       tu_timeout());
	else
		e->message = abbrev ? xasprintf("the AST walk crashed with SIG%s (the worker "
						"process was lost; nothing of it is used)",
						abbrev) :
				      xasprintf("the AST walk ended by signal %d (nothing of it "
						"is used)", sig);
	f->failed = true;
	if (!f->file)
		f->file = xstrdup(tus->v[i].cmd.file);
	json_decref(tus->json[i]);
	tus->json[i] = zt_tu_result_to_json(&tus->v[i]);
}

/* Read what the ended worker of @s wrote; advance s->next past it. */
static void harvest(struct zt_ci_tus *tus, struct share *s, int status)
{
	char *text = NULL, *save = NULL;
	size_t len, started = (size_t)-1;

	if (!zt_read_file(s->path, &text, &len)) {
		for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
			if (!strncmp(l, "start ", 6)) {
				started = strtoull(l + 6, NULL, 10);
			} else if (!strncmp(l, "done ", 5) && take_line(tus, l + 5) == started) {
				started = (size_t)-1;
				s->next++;
			}
		}
	}
	free(text);
	unlink(s->path);
	if (s->next >= s->n)
		return;
	/* killed: the TU it had started is lost; an exit without one ends the share */
	if (started != (size_t)-1 && started == s->tu[s->next])
		lost(tus, s->tu[s->next++], WIFSIGNALED(status) ? WTERMSIG(status) : SIGABRT);
	else if (!WIFSIGNALED(status))
		while (s->next < s->n)
			lost(tus, s->tu[s->next++], SIGABRT);
}

static void start(struct zt_ci_tus *tus, struct share *s, const struct zt_ci_opts *o)
{
	pid_t parent = getpid();

	fflush(NULL);
	s->pid = fork();
	if (s->pid == 0)
		worker(tus, s, o, parent);
	if (s->pid < 0) {
		error("cannot fork a worker: %s", strerror(errno));
		while (s->next < s->n)
			lost(tus, s->tu[s->next++], SIGABRT);
	}
}

void zt_ci_collect_isolated(struct zt_ctx *ctx, struct zt_ci_tus *tus, const size_t *idx,
			    size_t n, const struct zt_ci_opts *o)
{
	size_t k = ctx->jobs > 0 ? (size_t)ctx->jobs : 1, running = 0;
	struct share *sh;

	if (!n)
		return;
	if (k > n)
		k = n;
	sh = xcalloc(k, sizeof(*sh));
	for (size_t w = 0; w < k; w++) {
		sh[w].tu = xcalloc(n / k + 1, sizeof(*sh[w].tu));
		for (size_t j = w; j < n; j += k)
			sh[w].tu[sh[w].n++] = idx ? idx[j] : j;
		sh[w].path = xasprintf("%s/zerotax-walk-%d-%zu", zt_tmpdir(), (int)getpid(), w);
		start(tus, &sh[w], o);
		running += sh[w].pid > 0;
	}
	while (running) {
		int status;
		pid_t p = waitpid(-1, &status, 0);

		if (p < 0 && errno == EINTR)
			continue;
		if (p < 0)
			break;
		for (size_t w = 0; w < k; w++) {
			if (sh[w].pid != p)
				continue;
			running--;
			sh[w].pid = 0;
			harvest(tus, &sh[w], status);
			if (sh[w].next < sh[w].n) {
				start(tus, &sh[w], o);
				running += sh[w].pid > 0;
			}
		}
	}
	for (size_t w = 0; w < k; w++) {
		free(sh[w].tu);
		free(sh[w].path);
	}
	free(sh);
}

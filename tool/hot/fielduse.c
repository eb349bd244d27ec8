// SPDX-License-Identifier: GPL-2.0-only
/* Field uses with hotness, from the program model: the input `layout` joins with pahole. */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "fielduse.h"
#include "strbuf.h"
#include "strmap.h"

void zt_field_uses_release(struct zt_field_uses *u)
{
	for (size_t i = 0; i < u->n; i++) {
		free(u->v[i].record);
		free(u->v[i].field);
	}
	free(u->v);
	memset(u, 0, sizeof(*u));
}

/* Does a '_'-separated word of @name start (or end) with one of @pre? */
static bool has_word(const char *name, const char *const *pre, bool suffix)
{
	for (const char *w = name; *w; w += *w == '_') {
		size_t n = strcspn(w, "_");

		for (size_t i = 0; pre[i]; i++) {
			size_t k = strlen(pre[i]);

			if (n >= k && !strncmp(suffix ? w + n - k : w, pre[i], k))
				return true;
		}
		w += n;
	}
	return false;
}

/*
 * A TX completion handler by its name: a word starting with tx or ending in
 * sq (txq, xdpsq), and one starting with cq, clean, compl, irq or poll.
 */
static bool completion_name(const char *name)
{
	static const char *const tx[] = { "tx", NULL }, *const sq[] = { "sq", NULL };
	static const char *const done[] = { "cq", "clean", "compl", "irq", "poll", NULL };

	return name && (has_word(name, tx, false) || has_word(name, sq, true)) &&
	       has_word(name, done, false);
}

/* The ops root (rules/kernel.conf) of path @tx that @why names, if any. */
static bool names_ops_root(const struct zt_kernel_rules *k, const char *why, bool tx)
{
	for (size_t i = 0; i < k->n_ops; i++)
		if (k->ops[i].tx == tx && strstr(why, k->ops[i].field))
			return true;
	return false;
}

static unsigned int root_path(const struct zt_program *p, const struct zt_node *n)
{
	const char *why = n->root_why ? n->root_why : "";

	if (names_ops_root(p->kernel, why, true))
		return ZT_PATH_TX;
	if (completion_name(n->name))
		return ZT_PATH_COMPLETION;
	if (strstr(why, "NAPI poll") || names_ops_root(p->kernel, why, false))
		return ZT_PATH_RX;
	if (n->name && strstr(n->name, "xmit"))
		return ZT_PATH_TX;
	if (n->name && (strstr(n->name, "poll") || strstr(n->name, "rx")))
		return ZT_PATH_RX;
	return ZT_PATH_OTHER;
}

/*
 * Per node, the paths (enum zt_path) of the roots that reach it through hot
 * functions; a TX completion handler reached from a poll turns it into the
 * completion path below it. A worklist: a node is revisited when it gains a path.
 */
static unsigned int *node_paths(const struct zt_program *p, unsigned int **roots_out)
{
	unsigned int *paths = xcalloc(p->n + 1, sizeof(*paths));
	unsigned int *roots = xcalloc(p->n + 1, sizeof(*roots)), n_roots = 0;
	size_t *work = xcalloc(p->n + 1, sizeof(*work)), n_work = 0;
	bool *queued = xcalloc(p->n + 1, sizeof(*queued));

	for (size_t i = 0; i < p->n; i++)
		if (p->nodes[i].is_root && p->nodes[i].freq >= ZT_FREQ_PER_POLL) {
			paths[i] = root_path(p, &p->nodes[i]);
			roots[i] = 1U << (n_roots++ % 32);
			work[n_work++] = i;
			queued[i] = true;
		}
	while (n_work) {
		size_t i = work[--n_work];
		const struct zt_node *n = &p->nodes[i];

		queued[i] = false;
		for (size_t e = 0; e < n->n_edges; e++) {
			size_t to = n->edges[e].to;
			unsigned int add = paths[i];

			if (to >= p->n || p->nodes[to].freq < ZT_FREQ_PER_POLL)
				continue;
			if ((add & ZT_PATH_RX) && completion_name(p->nodes[to].name))
				add = (add & ~ZT_PATH_RX) | ZT_PATH_COMPLETION;
			if ((paths[to] | add) == paths[to] && (roots[to] | roots[i]) == roots[to])
				continue;
			paths[to] |= add;
			roots[to] |= roots[i];
			if (!queued[to]) {
				work[n_work++] = to;
				queued[to] = true;
			}
		}
	}
	free(work);
	free(queued);
	*roots_out = roots;
	return paths;
}

static int use_cmp(const void *pa, const void *pb)
{
	const struct zt_field_use *a = pa, *b = pb;
	int c = strcmp(a->record, b->record);

	return c ? c : strcmp(a->field, b->field);
}

int zt_collect_field_uses(struct zt_ctx *ctx, const struct zt_compdb *db,
			  const struct zt_hot_opts *opts, struct zt_field_uses *u)
{
	struct zt_hot_opts o = *opts;
	struct zt_program p;
	struct zt_strmap map = { 0 };
	struct zt_strvec keys = ZT_STRVEC_INIT;	/* the map borrows them */
	unsigned int *paths, *roots;

	memset(u, 0, sizeof(*u));
	o.field_accesses = true;
	if (zt_program_build(ctx, db, &o, &p))
		return -1;
	paths = node_paths(&p, &roots);
	for (size_t t = 0; t < p.n_tus; t++) {
		const struct zt_tu_facts *tu = &p.tus[t];

		if (tu->n_errors)
			warning("%s: could not be parsed fully: %s", tu->file,
				tu->errors[0].message);
		for (size_t a = 0; a < tu->n_accesses; a++) {
			const struct zt_field_access *ac = &tu->accesses[a];
			size_t node = zt_program_find(&p, ac->fn_usr);
			enum zt_freq f = node == ZT_NO_NODE ? ZT_FREQ_UNKNOWN : p.nodes[node].freq;
			char *key = xasprintf("%s\n%s", ac->record, ac->field);
			size_t i = zt_strmap_get(&map, key);
			struct zt_field_use *fu;

			if (i == ZT_NO_NODE) {
				i = u->n;
				ZT_ALLOC_GROW(u->v, u->n + 1, u->alloc);
				fu = &u->v[u->n++];
				memset(fu, 0, sizeof(*fu));
				fu->record = xstrdup(ac->record);
				fu->field = xstrdup(ac->field);
				zt_strvec_push_nodup(&keys, key);
				zt_strmap_put(&map, key, i);
			} else {
				free(key);
			}
			fu = &u->v[i];
			if (f > fu->freq)
				fu->freq = f;
			fu->kinds |= 1U << ac->kind;
			if (f >= ZT_FREQ_PER_POLL) {
				unsigned int path = paths[node] ? paths[node] : ZT_PATH_OTHER;

				if (ac->write) {
					fu->writes++;
					fu->write_paths |= path;
					fu->write_roots |= roots[node];
				} else {
					fu->reads++;
					fu->read_paths |= path;
					fu->read_roots |= roots[node];
				}
			} else {
				fu->cold_uses++;
				if (ac->write)
					fu->write_paths |= ZT_PATH_CONTROL;
				else
					fu->read_paths |= ZT_PATH_CONTROL;
			}
		}
	}
	if (u->n > 1)
		qsort(u->v, u->n, sizeof(*u->v), use_cmp);
	zt_strmap_release(&map);
	zt_strvec_clear(&keys);
	free(paths);
	free(roots);
	zt_program_release(&p);
	return 0;
}

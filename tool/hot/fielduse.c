// SPDX-License-Identifier: GPL-2.0-only
/* Field uses with hotness, from the program model: the input `layout` joins with pahole. */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "fielduse.h"
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
	char **keys = NULL;
	size_t n_keys = 0;

	memset(u, 0, sizeof(*u));
	o.field_accesses = true;
	if (zt_program_build(ctx, db, &o, &p))
		return -1;
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
				u->v = xrealloc(u->v, (u->n + 1) * sizeof(*u->v));
				fu = &u->v[u->n++];
				memset(fu, 0, sizeof(*fu));
				fu->record = xstrdup(ac->record);
				fu->field = xstrdup(ac->field);
				keys = xrealloc(keys, (n_keys + 1) * sizeof(*keys));
				keys[n_keys++] = key;
				zt_strmap_put(&map, key, i);
			} else {
				free(key);
			}
			fu = &u->v[i];
			if (f > fu->freq)
				fu->freq = f;
			if (f >= ZT_FREQ_PER_POLL) {
				if (ac->write)
					fu->writes++;
				else
					fu->reads++;
			} else {
				fu->cold_uses++;
			}
		}
	}
	if (u->n > 1)
		qsort(u->v, u->n, sizeof(*u->v), use_cmp);
	zt_strmap_release(&map);
	for (size_t i = 0; i < n_keys; i++)
		free(keys[i]);
	free(keys);
	zt_program_release(&p);
	return 0;
}

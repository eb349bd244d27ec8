// SPDX-License-Identifier: GPL-2.0-only
/* Field uses with hotness, from a real parse: what `layout` joins with pahole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "callgraph.h"
#include "fielduse.h"
#include "process.h"

#include "kernel_rules_group.h"

static const char source[] =
	"struct napi_struct { int weight; };\n"
	"struct rq { struct napi_struct napi; unsigned int cc, pc; unsigned long packets;\n"
	"            unsigned long stats_resets; struct { int mode; } cfg;\n"
	"            union { struct { unsigned int flags, more; }; unsigned long word; }; };\n"
	"void netif_napi_add(void *dev, struct napi_struct *n, int (*poll)(struct napi_struct *, int));\n"
	"static void rx_one(struct rq *rq) { rq->packets++; rq->pc = rq->cc; }\n"
	"static int poll(struct napi_struct *napi, int budget)\n"
	"{\n"
	"	struct rq *rq = (struct rq *)napi;\n"
	"	for (int i = 0; i < budget; i++) { rq->cc++; rx_one(rq); }\n"
	"	return rq->cfg.mode + rq->flags;\n"
	"}\n"
	"void reset(struct rq *rq) { rq->stats_resets = rq->packets; rq->packets = 0; }\n"
	"void setup(struct rq *rq) { netif_napi_add(0, &rq->napi, poll); }\n";

static const struct zt_field_use *use(const struct zt_field_uses *u, const char *rec,
				      const char *field)
{
	for (size_t i = 0; i < u->n; i++)
		if (!strcmp(u->v[i].record, rec) && !strcmp(u->v[i].field, field))
			return &u->v[i];
	return NULL;
}

static void test_field_uses_carry_hotness(void **state)
{
	char dir[] = "/tmp/zt-test-fielduse-XXXXXX";
	struct zt_ctx ctx = { .out = stdout, .err = stderr, .jobs = 2 };
	struct zt_hot_opts opts = { .kernel = &kernel };
	const struct zt_field_use *f;
	struct zt_field_uses u;
	struct zt_compdb db;
	char *path, *files[1];
	char *rm[] = { "rm", "-rf", dir, NULL };
	struct zt_spawn_result r;

	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/rq.c", dir);
	assert_int_equal(zt_write_file(path, source, strlen(source)), 0);
	files[0] = path;
	assert_int_equal(zt_compdb_from_files(files, 1, NULL, 0, &db), 0);
	assert_int_equal(zt_collect_field_uses(&ctx, &db, &opts, &u), 0);

	f = use(&u, "struct rq", "cc");	/* written in the poll loop, read per packet */
	assert_non_null(f);
	assert_int_equal(f->freq, ZT_FREQ_PER_PACKET);
	assert_int_equal(f->writes, 1);
	assert_int_equal(f->reads, 1);
	f = use(&u, "struct rq", "packets");	/* hot in rx_one, cold in reset */
	assert_non_null(f);
	assert_int_equal(f->freq, ZT_FREQ_PER_PACKET);
	assert_int_equal(f->writes, 1);
	assert_int_equal(f->cold_uses, 2);
	f = use(&u, "struct rq", "stats_resets");	/* only cold */
	assert_non_null(f);
	assert_true(f->freq < ZT_FREQ_PER_POLL);
	assert_int_equal(f->reads + f->writes, 0);
	assert_int_equal(f->cold_uses, 1);
	f = use(&u, "struct rq", "cfg");	/* once per poll */
	assert_non_null(f);
	assert_int_equal(f->freq, ZT_FREQ_PER_POLL);
	/* the anonymous struct's member is filed under the named record */
	assert_non_null(use(&u, "struct rq", "mode"));
	/* a member of an anonymous struct in an anonymous union too; the unnamed
	 * struct itself not at all (clang refers to it on the way) */
	f = use(&u, "struct rq", "flags");
	assert_non_null(f);
	assert_int_equal(f->freq, ZT_FREQ_PER_POLL);
	for (size_t i = 0; i < u.n; i++)
		assert_null(strstr(u.v[i].field, "anonymous"));

	zt_field_uses_release(&u);
	zt_compdb_release(&db);
	free(path);
	zt_spawn(rm, NULL, &r);
	zt_spawn_result_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_field_uses_carry_hotness),
	};

	return cmocka_run_group_tests(tests, load_kernel, free_kernel);
}

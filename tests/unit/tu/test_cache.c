// SPDX-License-Identifier: GPL-2.0-only
/* The per-TU cache: dependency lists, keys, hits, and invalidation by header, source, flags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "cache.h"
#include "zerotax.h"

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void test_parse_deps(void **state)
{
	char **d;
	size_t n;

	assert_int_equal(zt_cache_parse_deps("x.o: x.c /usr/include/a.h \\\n  inc/b\\ c.h \\\n"
					     " /abs/d.h\n", "/build", &d, &n), 0);
	assert_int_equal(n, 4);
	assert_string_equal(d[0], "/build/x.c");
	assert_string_equal(d[1], "/usr/include/a.h");
	assert_string_equal(d[2], "/build/inc/b c.h");
	assert_string_equal(d[3], "/abs/d.h");
	free_list(d, n);
	assert_int_equal(zt_cache_parse_deps("no rule here", "/b", &d, &n), -1);
}

struct tree {
	char dir[64];
	char *src, *hdr, *cache;
	struct zt_compile_cmd cmd;
};

static void make_tree(struct tree *t)
{
	char *argv[] = { "gcc", "-O2", "-Iinc", "-c", "x.c", NULL };
	char *inc;

	strcpy(t->dir, "/tmp/zt-cache-test-XXXXXX");
	assert_non_null(mkdtemp(t->dir));
	inc = xasprintf("%s/inc", t->dir);
	assert_int_equal(mkdir(inc, 0777), 0);
	free(inc);
	t->src = xasprintf("%s/x.c", t->dir);
	t->hdr = xasprintf("%s/inc/x.h", t->dir);
	t->cache = xasprintf("%s/cache", t->dir);
	assert_int_equal(zt_write_file(t->hdr, "struct s { int a[20]; };\n", 25), 0);
	assert_int_equal(zt_write_file(t->src, "#include \"x.h\"\nint f(void) { return 0; }\n",
				       41), 0);
	memset(&t->cmd, 0, sizeof(t->cmd));
	t->cmd.file = xstrdup(t->src);
	t->cmd.directory = xstrdup(t->dir);
	t->cmd.argc = 5;
	t->cmd.argv = xcalloc(6, sizeof(char *));
	for (int i = 0; argv[i]; i++)
		t->cmd.argv[i] = xstrdup(argv[i]);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

static void drop_tree(struct tree *t)
{
	nftw(t->dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(t->src);
	free(t->hdr);
	free(t->cache);
	zt_compile_cmd_release(&t->cmd);
}

static json_t *result_json(const struct zt_compile_cmd *cmd)
{
	struct zt_tu_result r = { 0 };
	json_t *o;

	zt_compile_cmd_copy(cmd, &r.cmd);
	r.facts.file = xstrdup(cmd->file);
	o = zt_tu_result_to_json(&r);
	zt_tu_result_release(&r);
	return o;
}

static void test_hit_and_invalidation(void **state)
{
	struct zt_cache c;
	struct zt_tu_result r;
	struct tree t;
	char *key, *key2, **deps;
	size_t n;
	json_t *o;

	make_tree(&t);
	assert_int_equal(zt_cache_deps(&t.cmd, &deps, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(deps[1], t.hdr);
	free_list(deps, n);

	assert_int_equal(zt_cache_open(&c, t.cache), 0);
	key = zt_cache_key(&c, &t.cmd);
	assert_non_null(key);
	assert_int_equal(zt_cache_get(&c, key, &r), 0);		/* empty cache */
	o = result_json(&t.cmd);
	assert_int_equal(zt_cache_put(&c, key, &t.cmd, o), 0);
	json_decref(o);
	assert_int_equal(zt_cache_get(&c, key, &r), 1);
	assert_string_equal(r.cmd.file, t.src);
	zt_tu_result_release(&r);

	/* A header changed (in another run: one run hashes a file once): the entry is stale. */
	zt_cache_close(&c);
	assert_int_equal(zt_write_file(t.hdr, "struct s { int a[21]; };\n", 25), 0);
	assert_int_equal(zt_cache_open(&c, t.cache), 0);
	key2 = zt_cache_key(&c, &t.cmd);
	assert_string_equal(key, key2);
	free(key2);
	assert_int_equal(zt_cache_get(&c, key, &r), 0);

	/* The source or the flags changed: another key. */
	assert_int_equal(zt_write_file(t.src, "#include \"x.h\"\nint f(void) { return 1; }\n",
				       41), 0);
	key2 = zt_cache_key(&c, &t.cmd);
	assert_string_not_equal(key, key2);
	free(key2);
	free(t.cmd.argv[1]);
	t.cmd.argv[1] = xstrdup("-O1");
	key2 = zt_cache_key(&c, &t.cmd);
	assert_string_not_equal(key, key2);
	free(key2);
	free(key);
	zt_cache_close(&c);
	drop_tree(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_deps),
		cmocka_unit_test(test_hit_and_invalidation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

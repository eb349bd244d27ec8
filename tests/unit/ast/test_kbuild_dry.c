// SPDX-License-Identifier: GPL-2.0-only
/*
 * zt_kbuild_dry_parse(): the compiles in what make -n prints, on our own text
 * shaped as Kbuild's recipes are (a progress echo, traps, the compile, a
 * dependency fixer given the command once more in quotes, a .cmd file).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "kbuild_dry.h"
#include "strbuf.h"
#include "process.h"
#include "zerotax.h"

struct tree {
	char *dir; /* the objtree, where the compiles run */
	char *src; /* the source tree */
};

static void touch(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);

	assert_int_equal(zt_write_file(path, "", 0), 0);
	free(path);
}

static int setup(void **state)
{
	char tmpl[] = "/tmp/zt-test-kbuild-dry-XXXXXX";
	struct tree *t = xcalloc(1, sizeof(*t));
	char *d;

	assert_non_null(mkdtemp(tmpl));
	t->dir = xasprintf("%s/obj", tmpl);
	t->src = xasprintf("%s/src", tmpl);
	d = xasprintf("%s/drv/sub", t->src);
	assert_int_equal(zt_mkdir_p(d, 0777), 0);
	assert_int_equal(zt_mkdir_p(t->dir, 0777), 0);
	free(d);
	touch(t->src, "drv/a.c");
	touch(t->src, "drv/sub/b.S");
	touch(t->src, "drv/dup.c");
	touch(t->src, "drv/exp.c");
	*state = t;
	return 0;
}

static int teardown(void **state)
{
	struct tree *t = *state;
	char *root = xstrndup(t->dir, strlen(t->dir) - strlen("/obj"));
	char *argv[] = { "rm", "-rf", root, NULL };
	struct zt_spawn_result r;

	zt_spawn(argv, NULL, &r);
	zt_spawn_result_release(&r);
	free(root);
	free(t->dir);
	free(t->src);
	free(t);
	return 0;
}

/*
 * @cmd as Kbuild quotes it for fixdep and the .cmd file: ' as '\'', $ doubled,
 * # as $(pound).
 */
static char *saved(const char *cmd)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;

	for (const char *p = cmd; *p; p++)
		zt_strbuf_adds(&sb, *p == '\''	? "'\\''"
				    : *p == '$' ? "$$"
				    : *p == '#' ? "$(pound)"
						: (char[]){ *p, 0 });
	return zt_strbuf_detach(&sb, NULL);
}

/* One printed recipe line of ours for object @obj from @src, with @flags. */
static char *recipe(const char *obj, const char *src, const char *flags)
{
	char *cmd = xasprintf("xcc -Wp,-MMD,.%s.d %s -c -o %s %s", obj, flags, obj, src);
	char *copy = saved(cmd);
	char *line = xasprintf("set -e;  echo '  CC [M]  %s';  trap 'rm -f %s; trap - INT; "
			       "kill -s INT $$' INT; %s  ; scripts/basic/fixdep .%s.d %s '%s' > "
			       ".%s.cmd; rm -f .%s.d\n",
			       obj, obj, cmd, obj, obj, copy, obj, obj);

	free(cmd);
	free(copy);
	return line;
}

static const struct zt_kbuild_tu *find(const struct zt_kbuild_cmds *c, const char *obj)
{
	for (size_t i = 0; i < c->n_tu; i++)
		if (!strcmp(c->tu[i].object, obj))
			return &c->tu[i];
	return NULL;
}

static const char *why(const struct zt_kbuild_cmds *c, const char *obj)
{
	for (size_t i = 0; i < c->n_no; i++)
		if (!strcmp(c->no[i].object, obj))
			return c->no[i].why;
	return NULL;
}

static void test_compiles_taken_word_for_word(void **state)
{
	struct tree *t = *state;
	char *const goals[] = { "drv" };
	const struct zt_kbuild_scope scope = {
		.directory = t->dir, .goals = goals, .n_goals = 1, .drop = "-DMARK"
	};
	struct zt_kbuild_cmds c = { 0 };
	char *a_src = xasprintf("%s/drv/a.c", t->src), *b_src = xasprintf("%s/drv/sub/b.S", t->src);
	char *a = recipe("drv/a.o", a_src,
			 "-I./inc -DKBUILD_BASENAME='\"a\"' -DKBUILD_MODNAME='\"drvmod\"' -DMARK "
			 "-DHASH='\"#\"'");
	char *b = recipe("drv/sub/b.o", b_src, "-D__ASSEMBLY__ -DMARK");
	char *out = xasprintf("%s%s"
			      "make[2]: Nothing to be done for 'x'.\n"
			      "echo '  xcc -c -o drv/a.o drv/a.c'\n"
			      "xld -r -o drv/drvmod.o drv/a.o drv/sub/b.o\n"
			      "xcc -c -o other/x.o other/x.c\n",
			      a, b);
	const struct zt_kbuild_tu *tu;

	(void)state;
	zt_kbuild_dry_parse(out, "", &scope, &c);
	assert_int_equal(c.n_tu, 2);
	assert_int_equal(c.n_no, 0);
	tu = find(&c, "drv/a.o");
	assert_non_null(tu);
	/* quotes removed as the shell would, the mark left out, the source real and absolute */
	assert_int_equal(tu->argc, 10);
	assert_string_equal(tu->argv[0], "xcc");
	assert_string_equal(tu->argv[1], "-Wp,-MMD,.drv/a.o.d");
	assert_string_equal(tu->argv[3], "-DKBUILD_BASENAME=\"a\"");
	assert_string_equal(tu->argv[4], "-DKBUILD_MODNAME=\"drvmod\"");
	assert_string_equal(tu->argv[5], "-DHASH=\"#\"");
	assert_string_equal(tu->argv[9], a_src);
	assert_string_equal(tu->file, a_src);
	tu = find(&c, "drv/sub/b.o");
	assert_non_null(tu);
	assert_string_equal(tu->file, b_src);
	zt_kbuild_cmds_release(&c);
	free(a);
	free(b);
	free(out);
	free(a_src);
	free(b_src);
}

/* Each object of the scope whose command cannot be taken is said, with why. */
static void test_refusals(void **state)
{
	struct tree *t = *state;
	char *const goals[] = { "drv/", "lib/one.o" };
	const struct zt_kbuild_scope scope = { .directory = t->dir, .goals = goals, .n_goals = 2 };
	struct zt_kbuild_cmds c = { 0 };
	char *dup = xasprintf("%s/drv/dup.c", t->src), *exp = xasprintf("%s/drv/exp.c", t->src);
	char *r1 = recipe("drv/dup.o", dup, "-O2"), *r2 = recipe("drv/dup.o", dup, "-O2");
	char *r3 = recipe("drv/dup.o", dup, "-O3");
	char *r4 = recipe("drv/gen.o", "drv/gen.c", "-O2");
	char *r5 = recipe("drv/exp.o", exp, "-DV=$(VERSION)");
	/* a line cut before its compile: fixdep still names the object */
	char *r6 =
		xasprintf("set -e; echo '  CC  drv/cut.o'; xcc -Wp,-MMD,drv/.cut.o.d -O2\n"
			  "-c -o drv/cut.o drv/cut.c ; scripts/basic/fixdep drv/.cut.o.d drv/cut.o "
			  "'xcc -c -o drv/cut.o drv/cut.c' > drv/.cut.o.cmd\n");
	/* a line whose compile lost its first words to another process's output */
	char *r7 = xasprintf("set -e; intel/x -O2 -c -o drv/cut2.o %s ; scripts/basic/fixdep "
			     "drv/.cut2.o.d drv/cut2.o 'xcc -Wp,-MMD,drv/.cut2.o.d -O2 -c -o "
			     "drv/cut2.o %s'\n",
			     dup, dup);
	char *out = xasprintf("%s%s%s%s%s%s%s", r1, r2, r3, r4, r5, r6, r7);
	const char *err =
		"make[3]: *** No rule to make target 'drv/gen.h', needed by "
		"'drv/hdr.o'.  Stop.\n"
		"make[3]: *** No rule to make target 'x.h', needed by 'other/y.o'.  Stop.\n";

	zt_kbuild_dry_parse(out, err, &scope, &c);
	assert_int_equal(c.n_tu, 0);
	assert_int_equal(c.n_no, 6);
	assert_non_null(strstr(why(&c, "drv/cut2.o"), "not the copy Kbuild gives fixdep"));
	assert_non_null(strstr(why(&c, "drv/cut.o"), "no compile of it could be read"));
	assert_non_null(strstr(why(&c, "drv/dup.o"), "two different compiles"));
	assert_non_null(strstr(why(&c, "drv/gen.o"), "does not exist"));
	assert_non_null(strstr(why(&c, "drv/exp.o"), "expand"));
	assert_non_null(strstr(why(&c, "drv/hdr.o"), "no rule to make 'drv/gen.h'"));
	assert_null(why(&c, "other/y.o"));
	zt_kbuild_cmds_release(&c);
	free(r1);
	free(r2);
	free(r3);
	free(r4);
	free(r5);
	free(r6);
	free(r7);
	free(out);
	free(dup);
	free(exp);
}

/* The same command printed twice (make's two passes) is one TU; scopes end at a '/'. */
static void test_duplicates_and_scope(void **state)
{
	struct tree *t = *state;
	char *const goals[] = { "drv/a.o", "dr" };
	const struct zt_kbuild_scope scope = { .directory = t->dir, .goals = goals, .n_goals = 2 };
	struct zt_kbuild_cmds c = { 0 };
	char *a_src = xasprintf("%s/drv/a.c", t->src);
	char *r = recipe("drv/a.o", a_src, "-O2"), *out = xasprintf("%s%s", r, r);

	zt_kbuild_dry_parse(out, NULL, &scope, &c);
	assert_int_equal(c.n_tu, 1);
	assert_int_equal(c.n_no, 0);
	assert_true(zt_kbuild_in_scope(&scope, "drv/a.o"));
	assert_true(zt_kbuild_in_scope(&scope, "dr/x.o"));
	assert_false(zt_kbuild_in_scope(&scope, "drv/b.o"));
	assert_false(zt_kbuild_in_scope(&scope, "drx/b.o"));
	zt_kbuild_cmds_release(&c);
	free(r);
	free(out);
	free(a_src);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compiles_taken_word_for_word),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_duplicates_and_scope),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

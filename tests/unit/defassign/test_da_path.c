// SPDX-License-Identifier: GPL-2.0-only
/*
 * Access paths of definite assignment (tool/defassign/defassign_path.h): how
 * a path prints, in the reasons' notation and as a report spells it, and
 * which path covers which.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "defassign_path.h"

static void assert_prints(const struct da_path *p, const char *raw, const char *spelled)
{
	char *a = da_path_text(p, false), *b = da_path_text(p, true);

	assert_string_equal(a, raw);
	assert_string_equal(b, spelled);
	free(a);
	free(b);
}

/* "q" below the count @key, or at the element a loop up to it is at */
static struct da_path *counted(const char *array, enum da_step_kind kind, struct da_key *key)
{
	struct da_path *a = da_path_of_fields(array), *r = da_path_counted(a, kind, key);

	da_path_free(a);
	da_key_free(key);
	return r;
}

static void test_print(void **state)
{
	struct da_path *w = da_path_whole(), *a = da_path_of_fields("xdp.data"), *p;

	(void)state;
	assert_prints(w, "", "");
	assert_prints(a, "xdp.data", "xdp.data");
	p = da_path_index(a, 3);
	assert_prints(p, "xdp.data[3]", "xdp.data[3]");
	da_path_free(p);
	p = da_path_any(w);
	assert_prints(p, "[*]", "[*]");
	da_path_free(p);
	p = da_path_padding(w);
	assert_prints(p, "<padding>", "<padding>");
	da_path_free(p);
	p = da_path_padding(a);
	assert_prints(p, "xdp.data.<padding>", "xdp.data.<padding>");
	da_path_free(p);
	/* a count by its USR, spelled by the variable's name */
	p = counted("q", DA_STEP_BELOW, da_key_var("c:f.c@12@F@f@n"));
	assert_prints(p, "q[<c:f.c@12@F@f@n]", "q[0, n)");
	da_path_free(p);
	p = counted("", DA_STEP_AT, da_key_param(2));
	assert_prints(p, "[=@2]", "[i < argument 2]");
	da_path_free(p);
	p = counted("bq.q", DA_STEP_BELOW, da_key_sibling("count"));
	assert_prints(p, "bq.q[<^count]", "bq.q[0, count)");
	da_path_free(p);
	/* the struct around the object, and a field of it */
	da_path_free(w);
	p = da_path_around("veth_xdp_buff", "xdp");
	assert_prints(p, "^veth_xdp_buff:xdp", "^veth_xdp_buff:xdp");
	w = da_path_field(p, "skb");
	assert_prints(w, "^veth_xdp_buff:xdp.skb", "^veth_xdp_buff:xdp.skb");
	da_path_free(p);
	da_path_free(w);
	da_path_free(a);
}

static bool covers(const char *w, const char *p)
{
	struct da_path *a = da_path_of_fields(w), *b = da_path_of_fields(p);
	bool r = da_path_covers(a, b);

	da_path_free(a);
	da_path_free(b);
	return r;
}

static void test_covers(void **state)
{
	struct da_path *below, *at, *at_f, *around, *in, *whole = da_path_whole();

	(void)state;
	assert_true(covers("", "a.b"));
	assert_true(covers("a", "a.b"));
	assert_true(covers("a.b", "a.b"));
	assert_false(covers("a.b", "a"));
	assert_false(covers("a.b", "a.bc"));
	assert_false(covers("a.bc", "a.b"));
	/* the element a loop is at is one of those below the count, not the reverse */
	below = counted("q", DA_STEP_BELOW, da_key_param(1));
	at = counted("q", DA_STEP_AT, da_key_param(1));
	at_f = da_path_field(at, "len");
	assert_true(da_path_covers(below, at));
	assert_true(da_path_covers(below, at_f));
	assert_false(da_path_covers(at, below));
	assert_true(da_path_covers(at, at_f));
	da_path_free(below);
	below = counted("q", DA_STEP_BELOW, da_key_param(2));
	assert_false(da_path_covers(below, at));
	/* the struct around: all of the object covers it, a field of the object does not */
	around = da_path_around("T", "m");
	in = da_path_field(around, "f");
	assert_true(da_path_covers(whole, in));
	assert_true(da_path_covers(around, in));
	assert_false(da_path_covers(at_f, in));
	assert_false(da_path_covers(in, around));
	da_path_free(in);
	in = da_path_of_fields("f");
	assert_false(da_path_covers(in, around));
	da_path_free(in);
	da_path_free(around);
	da_path_free(below);
	da_path_free(at);
	da_path_free(at_f);
	da_path_free(whole);
}

static void test_compare(void **state)
{
	struct da_path *a = da_path_of_fields("a.b"), *b = da_path_of_fields("a"), *c, *d;

	(void)state;
	c = da_path_field(b, "b");
	assert_int_equal(da_path_cmp(a, c), 0);
	assert_int_not_equal(da_path_cmp(a, b), 0);
	/* an anonymous member adds no step */
	d = da_path_field(b, "");
	assert_int_equal(da_path_cmp(d, b), 0);
	da_path_free(d);
	d = da_path_parent(a);
	assert_int_equal(da_path_cmp(d, b), 0);
	da_path_free(d);
	d = da_path_join(b, c);
	assert_prints(d, "a.a.b", "a.a.b");
	da_path_free(d);
	d = da_path_from(a, 1);
	assert_prints(d, "b", "b");
	assert_true(da_path_fields_only(d));
	assert_false(da_path_has(d, DA_STEP_ANY));
	da_path_free(d);
	d = da_path_any(a);
	assert_true(da_path_has(d, DA_STEP_ANY));
	assert_false(da_path_fields_only(d));
	da_path_free(d);
	da_path_free(a);
	da_path_free(b);
	da_path_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_print),
		cmocka_unit_test(test_covers),
		cmocka_unit_test(test_compare),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

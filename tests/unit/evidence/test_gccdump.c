// SPDX-License-Identifier: GPL-2.0-only
/*
 * The gcc -fdump-tree-optimized reader: the captured dump of
 * tests/data/evidence/src/cases.c pins the parser; the same file compiled now
 * with gcc-12 must read the same.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "evidence_test.h"

/* What gcc-12 -O2 -ftrivial-auto-var-init=zero keeps of cases.c, from its source. */
static void assert_cases(const struct zt_evidence *ev, bool lineno)
{
	const struct zt_autoinit_site *s;

	/* gcc keeps a zeroing whole or drops it: one .DEFERRED_INIT per kept local */
	assert_int_equal(ev->n_sites, 10);
	assert_int_equal(zt_evidence_bytes(ev, "escapes", "b"), 80);
	assert_int_equal(zt_evidence_bytes(ev, "overwritten", "p"), -1);
	/* the inline helper's local is in its caller */
	assert_int_equal(zt_evidence_bytes(ev, "calls_helper", "h"), 80);
	assert_int_equal(zt_evidence_bytes(ev, "helper", "h"), -1);
	assert_int_equal(zt_evidence_bytes(ev, "array", "buf"), 100);
	assert_int_equal(zt_evidence_bytes(ev, "loop", "in"), 80);
	assert_int_equal(zt_evidence_bytes(ev, "vla", "v"), ZT_BYTES_UNKNOWN);
	/* ;; Function cloned.constprop (cloned.constprop.0, ...) is cloned() */
	assert_int_equal(zt_evidence_bytes(ev, "cloned", "c"), 80);
	assert_int_equal(zt_evidence_bytes(ev, "unrolled", "u"), 80);
	/* two locals named tmp: 80 + 24 */
	assert_int_equal(zt_evidence_bytes(ev, "same_name", "tmp"), 104);
	/* partly written: gcc still zeroes all 24 bytes */
	assert_int_equal(zt_evidence_bytes(ev, "partial", "p"), 24);

	for (size_t i = 0; i < ev->n_sites; i++) {
		s = &ev->sites[i];
		assert_non_null(s->var);
		assert_false(s->inlined);
		if (lineno) {
			assert_string_equal(s->file, "cases.c");
		} else {
			assert_null(s->file);
			assert_int_equal(s->line, 0);
		}
	}
	if (lineno) {
		assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 19, 13), 80);
		assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 39, 13), 80);
		assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 116, 0), 80);
		assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 121, 0), 24);
		assert_int_equal(zt_evidence_bytes_at(ev, "cases.c", 76, 7), ZT_BYTES_UNKNOWN);
		s = ev_site_at(ev, 85);
		assert_non_null(s);
		assert_string_equal(s->function, "cloned");
		assert_int_equal(s->column, 13);
	}
}

static void test_captured_lineno(void **state)
{
	struct zt_evidence ev = { 0 };
	char *text = ev_read("captured/cases.gcc.optimized", NULL);

	assert_int_equal(zt_gcc_dump_parse(text, &ev), 0);
	assert_cases(&ev, true);
	zt_evidence_release(&ev);
	free(text);
}

static void test_captured_plain(void **state)
{
	struct zt_evidence ev = { 0 };
	char *text = ev_read("captured/cases.gcc-nolineno.optimized", NULL);

	assert_int_equal(zt_gcc_dump_parse(text, &ev), 0);
	assert_cases(&ev, false);
	zt_evidence_release(&ev);
	free(text);
}

static void test_live_gcc(void **state)
{
	char *dir = ev_mkdtemp();
	char *dump = xasprintf("%s/cases.optimized", dir);
	char *flag = xasprintf("-fdump-tree-optimized-lineno=%s", dump);
	char *obj = xasprintf("%s/cases.o", dir);
	char *argv[] = { ZT_GCC, "-O2", "-ftrivial-auto-var-init=zero", flag, "-c", "-o", obj,
			 "cases.c", NULL };
	struct zt_evidence ev = { 0 };
	char *text;
	size_t len;

	assert_int_equal(ev_compile(argv), 0);
	assert_int_equal(zt_read_file(dump, &text, &len), 0);
	assert_int_equal(zt_gcc_dump_parse(text, &ev), 0);
	assert_cases(&ev, true);
	zt_evidence_release(&ev);
	free(text);
	unlink(dump);
	unlink(obj);
	rmdir(dir);
	free(dump);
	free(flag);
	free(obj);
	free(dir);
}

/* gcc-12 keeps all 72 bytes of the reduced mlx5e buffer, however it is filled. */
static void test_captured_mlx5e(void **state)
{
	static const char *const files[] = { "captured/mlx5e_xdp_buff.inline.gcc.optimized",
					     "captured/mlx5e_xdp_buff.opaque.gcc.optimized" };

	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		struct zt_evidence ev = { 0 };
		char *text = ev_read(files[i], NULL);

		assert_int_equal(zt_gcc_dump_parse(text, &ev), 0);
		assert_int_equal(ev.n_sites, 1);
		assert_int_equal(zt_evidence_bytes(&ev, "rx_packet", "mxbuf"), 72);
		assert_string_equal(ev.sites[0].file, "mlx5e_xdp_buff.c");
		assert_int_equal(ev.sites[0].line, 53);
		zt_evidence_release(&ev);
		free(text);
	}
}

/* Shapes gcc prints that cases.c does not produce. */
static const char shapes[] =
	";; Function mlx5e_skb_from_cqe_mpwrq_linear (mlx5e_skb_from_cqe_mpwrq_linear, funcdef_no=7)\n"
	"\n"
	"struct sk_buff * mlx5e_skb_from_cqe_mpwrq_linear (struct mlx5e_rq * rq)\n"
	"{\n"
	"  struct mlx5e_xdp_buff mxbuf;\n"
	"  <bb 2> [local count: 1073741824]:\n"
	"  [drivers/net/en_rx.c:1750:25 discrim 3] mxbuf = .DEFERRED_INIT (72, 2, "
	"[drivers/net/en_rx.c:1750:25 discrim 3] &\"mxbuf\"[0]);\n"
	"  [include/net/xdp.h:88:20] D.1234 = .DEFERRED_INIT (16, 2, &\"D.1234\"[0]);\n"
	"  mxbuf ={v} {CLOBBER(eol)};\n"
	"}\n"
	"\n"
	";; Function poll.part.0 (poll.part.0, funcdef_no=8)\n"
	"  [en_txrx.c:9:3] a = .DEFERRED_INIT (8, 2, [en_txrx.c:9:3] &\"a\"[0]);\n";

static void test_shapes(void **state)
{
	struct zt_evidence ev = { 0 };

	assert_int_equal(zt_gcc_dump_parse(shapes, &ev), 0);
	assert_int_equal(ev.n_sites, 3);
	assert_string_equal(ev.sites[0].function, "mlx5e_skb_from_cqe_mpwrq_linear");
	assert_string_equal(ev.sites[0].file, "drivers/net/en_rx.c");
	assert_int_equal(ev.sites[0].line, 1750);
	assert_int_equal(ev.sites[0].column, 25);
	assert_int_equal(ev.sites[0].bytes, 72);
	assert_string_equal(ev.sites[1].file, "include/net/xdp.h");
	assert_string_equal(ev.sites[1].var, "D.1234");
	assert_string_equal(ev.sites[2].function, "poll");
	assert_int_equal(zt_evidence_bytes(&ev, "poll", "a"), 8);
	zt_evidence_release(&ev);
}

static void test_malformed(void **state)
{
	static const char orphan[] = "  x = .DEFERRED_INIT (8, 2, &\"x\"[0]);\n";
	static const char unterminated[] =
		";; Function f (f)\n  x = .DEFERRED_INIT (8, 2, &\"x[0]);\n";
	static const char no_name[] = ";; Function \n";
	struct zt_evidence ev = { 0 };

	assert_int_equal(zt_gcc_dump_parse(shapes, &ev), 0);
	assert_int_equal(ev.n_sites, 3);
	assert_int_equal(zt_gcc_dump_parse(orphan, &ev), -1);
	assert_non_null(strstr(zt_last_error(), "outside a function"));
	assert_int_equal(zt_gcc_dump_parse(unterminated, &ev), -1);
	assert_int_equal(zt_gcc_dump_parse(no_name, &ev), -1);
	/* what was read before stays, nothing half-read is added */
	assert_int_equal(ev.n_sites, 3);
	/* not a dump at all: nothing to read, not an error */
	assert_int_equal(zt_gcc_dump_parse("hello\n", &ev), 0);
	assert_int_equal(ev.n_sites, 3);
	zt_evidence_release(&ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_captured_lineno),
		cmocka_unit_test(test_captured_plain),
		cmocka_unit_test(test_live_gcc),
		cmocka_unit_test(test_captured_mlx5e),
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

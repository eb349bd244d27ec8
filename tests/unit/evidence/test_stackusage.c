// SPDX-License-Identifier: GPL-2.0-only
/* -fstack-usage files as gcc-12 and clang-19 write them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "evidence_test.h"

static const struct zt_frame_size *frame(const struct zt_evidence *ev, const char *fn)
{
	for (size_t i = 0; i < ev->n_frames; i++)
		if (!strcmp(ev->frames[i].function, fn))
			return &ev->frames[i];
	return NULL;
}

/* Both compilers list every emitted function of cases.c; vla's frame is dynamic. */
static void assert_cases(const struct zt_evidence *ev)
{
	static const char *const emitted[] = { "escapes", "overwritten", "calls_helper", "array",
					       "loop", "vla", "cloned", "calls_clone",
					       "unrolled", "same_name", "partial" };
	const struct zt_frame_size *f;
	bool dynamic = false;

	assert_int_equal(ev->n_frames, ARRAY_SIZE(emitted));
	for (size_t i = 0; i < ARRAY_SIZE(emitted); i++) {
		f = frame(ev, emitted[i]);
		assert_non_null(f);
		assert_string_equal(f->file, "cases.c");
		assert_true(f->bytes > 0);
		assert_int_equal(f->dynamic, !strcmp(emitted[i], "vla"));
	}
	/* the inline helper has no frame of its own */
	assert_null(frame(ev, "helper"));
	assert_int_equal(frame(ev, "escapes")->line, 17);
	assert_int_equal(frame(ev, "cloned")->line, 83);
	/* a frame holding an 80-byte struct is at least 80 bytes */
	assert_true(zt_evidence_frame(ev, "escapes", &dynamic) >= 80);
	assert_false(dynamic);
	assert_true(zt_evidence_frame(ev, "array", NULL) >= 100);
	assert_int_equal(zt_evidence_frame(ev, "nosuch", NULL), -1);
	zt_evidence_frame(ev, "vla", &dynamic);
	assert_true(dynamic);
}

static void test_gcc(void **state)
{
	struct zt_evidence ev = { 0 };
	char *text = ev_read("captured/cases.gcc.su", NULL);

	assert_int_equal(zt_stack_usage_parse(text, &ev), 0);
	assert_cases(&ev);
	/* gcc names the clone; the frame belongs to the source function */
	assert_int_equal(zt_evidence_frame(&ev, "cloned", NULL), frame(&ev, "cloned")->bytes);
	zt_evidence_release(&ev);
	free(text);
}

static void test_clang(void **state)
{
	struct zt_evidence ev = { 0 };
	char *text = ev_read("captured/cases.clang.su", NULL);

	assert_int_equal(zt_stack_usage_parse(text, &ev), 0);
	assert_cases(&ev);
	zt_evidence_release(&ev);
	free(text);
}

static void test_shapes(void **state)
{
	static const char su[] =
		"/src/drivers/en_rx.c:1740:1:mlx5e_skb_from_cqe_mpwrq_linear\t200\tstatic\n"
		"/src/drivers/en_rx.c:12:f.isra.0\t48\tdynamic,bounded\n"
		"/src/drivers/en_rx.c:30:2:f.part.0\t64\tstatic\n"
		"\n";
	struct zt_evidence ev = { 0 };
	bool dynamic = false;

	assert_int_equal(zt_stack_usage_parse(su, &ev), 0);
	assert_int_equal(ev.n_frames, 3);
	assert_string_equal(ev.frames[0].file, "/src/drivers/en_rx.c");
	assert_int_equal(ev.frames[0].line, 1740);
	assert_int_equal(ev.frames[0].bytes, 200);
	assert_string_equal(ev.frames[1].function, "f");
	assert_true(ev.frames[1].dynamic);
	assert_int_equal(ev.frames[1].line, 12);
	/* the largest clone */
	assert_int_equal(zt_evidence_frame(&ev, "f", &dynamic), 64);
	assert_false(dynamic);
	zt_evidence_release(&ev);
}

static void test_malformed(void **state)
{
	static const char *const bad[] = {
		"x.c:1:2:f 16 static\n",	/* spaces, not tabs */
		"x.c:1:2:f\tmany\tstatic\n",
		"x.c:1:2:f\t16\tsometimes\n",
		"x.c:1:2:f\t-16\tstatic\n",
		"x.c:1:2:\t16\tstatic\n",
	};
	struct zt_evidence ev = { 0 };

	assert_int_equal(zt_stack_usage_parse("a.c:1:g\t8\tstatic\n", &ev), 0);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char *two = xasprintf("ok.c:3:h\t8\tstatic\n%s", bad[i]);

		assert_int_equal(zt_stack_usage_parse(two, &ev), -1);
		assert_non_null(strstr(zt_last_error(), "stack usage line 2"));
		/* nothing of a bad file is kept, what came before stays */
		assert_int_equal(ev.n_frames, 1);
		assert_string_equal(ev.frames[0].function, "g");
		free(two);
	}
	zt_evidence_release(&ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gcc),
		cmocka_unit_test(test_clang),
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

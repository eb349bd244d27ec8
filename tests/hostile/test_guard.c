// SPDX-License-Identifier: GPL-2.0-only
/*
 * The guard's contract (tool/lib/guard.h), each case one fork: the worker
 * runs in the test's child and ends at once, in the way the case says; the
 * guard returns here with the exit code, the error it recorded (what the
 * front end's JSON error object carries), the recovery called or not, the
 * private TMPDIR gone and nothing left below it.
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "guard.h"
#include "zerotax.h"

struct recovered {
	int calls;
};

static int recover(void *arg, char **said)
{
	struct recovered *r = arg;

	r->calls++;
	*said = xstrdup("put right");
	return 0;
}

static char *base, *tmp;

static int setup(void **state)
{
	(void)state;
	tmp = xasprintf("%s/zt-test-guard-XXXXXX", base);
	assert_non_null(mkdtemp(tmp));
	setenv("TMPDIR", tmp, 1);
	zt_clear_error();
	return 0;
}

/* The guard returns with its signals blocked; the next case starts clean. */
static int teardown(void **state)
{
	sigset_t none;
	DIR *d = opendir(tmp);
	struct dirent *e;
	int left = 0;

	(void)state;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	while (d && (e = readdir(d)))
		left += e->d_name[0] != '.';
	if (d)
		closedir(d);
	rmdir(tmp);
	free(tmp);
	assert_int_equal(left, 0);	/* the private directory is gone */
	return 0;
}

/* 1 in the guard with *code; in the worker @how(arg) ends the process. */
static int run(const struct zt_guard_opts *o, void (*how)(void *), void *arg, int *code)
{
	int rc = zt_guard_begin(o, code);

	if (rc == 0) {
		how(arg);
		_exit(99);	/* not reached */
	}
	return rc;
}

static void exit_3(void *arg)
{
	const char *t = getenv("TMPDIR");
	FILE *f;
	char *p;

	(void)arg;
	/* the worker's scratch is in the private directory, which the guard removes */
	if (!t || !strstr(t, "/zerotax-run-"))
		_exit(98);
	p = xasprintf("%s/scratch", t);
	f = fopen(p, "w");
	if (f)
		fclose(f);
	_exit(3);
}

static void test_exit_code_passes(void **state)
{
	const struct zt_guard_opts o = { .what = "t" };
	int code = -1;

	(void)state;
	assert_int_equal(run(&o, exit_3, NULL, &code), 1);
	assert_int_equal(code, 3);
	/* the worker said everything: nothing for the JSON error object */
	assert_string_equal(zt_last_error(), "");
}

static void term_the_guard(void *arg)
{
	(void)arg;
	kill(getppid(), SIGTERM);
	pause();
}

static void test_interrupted(void **state)
{
	struct recovered r = { 0 };
	const struct zt_guard_opts o = { .what = "t", .recover = recover, .arg = &r };
	int code = -1;

	(void)state;
	assert_int_equal(run(&o, term_the_guard, NULL, &code), 1);
	assert_int_equal(code, 128 + SIGTERM);
	assert_int_equal(r.calls, 1);
	assert_string_equal(zt_last_error(), "t interrupted by SIGTERM: scratch removed; put right");
}

static void test_interrupted_nothing_to_recover(void **state)
{
	const struct zt_guard_opts o = { .what = "t" };
	int code = -1;

	(void)state;
	assert_int_equal(run(&o, term_the_guard, NULL, &code), 1);
	assert_int_equal(code, 128 + SIGTERM);
	assert_string_equal(zt_last_error(), "t interrupted by SIGTERM: scratch removed");
}

static void crash(void *arg)
{
	(void)arg;
	signal(SIGABRT, SIG_DFL);
	raise(SIGABRT);
}

static void test_crash_recovered(void **state)
{
	struct recovered r = { 0 };
	const struct zt_guard_opts o = { .what = "t", .recover = recover, .arg = &r };
	int code = -1;
	char *said = NULL;
	size_t len = 0;
	FILE *sink = open_memstream(&said, &len), *was;

	(void)state;
	assert_non_null(sink);
	was = zt_set_error_sink(sink);
	assert_int_equal(run(&o, crash, NULL, &code), 1);
	zt_set_error_sink(was);
	fclose(sink);
	assert_int_equal(code, 128 + SIGABRT);
	assert_int_equal(r.calls, 1);
	assert_string_equal(zt_last_error(), "t crashed with SIGABRT: scratch removed; put right");
	/* a crash is an error, not a warning as an interruption is */
	assert_string_equal(said,
			    "zerotax: error: t crashed with SIGABRT: scratch removed; put right\n");
	free(said);
}

static void sigkill_self(void *arg)
{
	(void)arg;
	raise(SIGKILL);
}

static void test_sigkill_left_to_next_run(void **state)
{
	struct recovered r = { 0 };
	const struct zt_guard_opts o = { .what = "t", .recover = recover, .arg = &r,
					 .killed = "the next run recovers" };
	int code = -1;

	(void)state;
	assert_int_equal(run(&o, sigkill_self, NULL, &code), 1);
	assert_int_equal(code, 128 + SIGKILL);
	assert_int_equal(r.calls, 0);
	assert_string_equal(zt_last_error(),
			    "t was killed (SIGKILL): scratch removed; the next run recovers");
}

static void pipe_closed(void *arg)
{
	(void)arg;
	signal(SIGPIPE, SIG_DFL);
	raise(SIGPIPE);
}

static void test_closed_pipe_unsaid(void **state)
{
	const struct zt_guard_opts o = { .what = "t" };
	int code = -1;

	(void)state;
	assert_int_equal(run(&o, pipe_closed, NULL, &code), 1);
	assert_int_equal(code, 128 + SIGPIPE);
	assert_string_equal(zt_last_error(), "");
}

/* A grandchild in a group of its own (as zt_spawn() makes them), left running. */
static void leave_orphan(void *arg)
{
	int *fd = arg;
	pid_t pid = fork();

	if (pid == 0) {
		setpgid(0, 0);
		pause();
		_exit(0);
	}
	if (write(fd[1], &pid, sizeof(pid)) != sizeof(pid))
		_exit(97);
	_exit(0);
}

static void test_orphan_ended(void **state)
{
	const struct zt_guard_opts o = { .what = "t" };
	int code = -1, fd[2];
	pid_t orphan = 0;

	(void)state;
	assert_int_equal(pipe(fd), 0);
	assert_int_equal(run(&o, leave_orphan, fd, &code), 1);
	assert_int_equal(code, 0);
	assert_int_equal(read(fd[0], &orphan, sizeof(orphan)), sizeof(orphan));
	close(fd[0]);
	close(fd[1]);
	/* killed and reaped before the guard returned */
	assert_int_equal(kill(orphan, 0), -1);
	assert_int_equal(errno, ESRCH);
}

/* A killed writer not yet reaped is a zombie: no writer a journal must wait for. */
static void test_zombie_not_alive(void **state)
{
	unsigned long long start = 0;
	pid_t pid;

	(void)state;
	assert_true(zt_process_alive(getpid(), &start));
	assert_true(start > 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid)
		_exit(0);
	for (int i = 0; i < 500 && zt_process_alive(pid, NULL); i++)
		usleep(10 * 1000);
	assert_false(zt_process_alive(pid, NULL));	/* exited, unreaped */
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	assert_false(zt_process_alive(pid, NULL));	/* gone */
}

int main(void)
{
	int ret;

	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_exit_code_passes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_interrupted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_interrupted_nothing_to_recover, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_crash_recovered, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sigkill_left_to_next_run, setup, teardown),
		cmocka_unit_test_setup_teardown(test_closed_pipe_unsaid, setup, teardown),
		cmocka_unit_test_setup_teardown(test_orphan_ended, setup, teardown),
		cmocka_unit_test(test_zombie_not_alive),
	};

	/* each case's TMPDIR is a directory of its own under the one we were given */
	base = xstrdup(zt_tmpdir());
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	free(base);
	return ret;
}

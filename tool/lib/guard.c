// SPDX-License-Identifier: GPL-2.0-only
/* A parent that cleans up after an interrupted worker (see guard.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guard.h"
#include "strbuf.h"
#include "zerotax.h"

/*
 * What ends the run: the terminal's and a job control's stop signals, and
 * every other signal whose default action ends a process and that a user, a
 * timer or a CI runner sends to the process group (issue 30, item 6).
 */
static const int stop_signals[] = { SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2,
				    SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ };

/* The parent of @pid from /proc/PID/stat (the field after the name's ')'); -1 if gone. */
static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;
	size_t n;
	int ppid;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %d", &ppid) != 1)
		return -1;
	return (pid_t)ppid;
}

/* SIGKILL to each of our children but @spare and its process group; how many there were. */
static size_t kill_children(pid_t spare)
{
	pid_t self = getpid();
	struct dirent *e;
	size_t n = 0;
	DIR *d = opendir("/proc");

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		pid_t pid;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		pid = (pid_t)atoi(e->d_name);
		if (pid == spare || parent_of(pid) != self)
			continue;
		/* spawned programs lead a group of their own (a compiler and its cc1) */
		kill(-pid, SIGKILL);
		kill(pid, SIGKILL);
		n++;
	}
	closedir(d);
	return n;
}

/*
 * Every process below us but @spare (the janitor) ends: each dies, its own
 * children are reparented to us (the subreaper) and are killed in the next
 * round. When nothing is left (a worker that ended by itself, every child
 * reaped) /proc is not read: check --kbuild runs once per file.
 */
static void kill_all_below(pid_t spare)
{
	for (;;) {
		int status;
		pid_t r = waitpid(-1, &status, WNOHANG);

		if (r > 0)
			continue;
		if (r < 0 && errno == ECHILD)
			return;
		if (!kill_children(spare))
			return;
		r = waitpid(-1, &status, 0);
		if (r < 0 && errno == ECHILD)
			return;
		if (r < 0 && errno != EINTR)
			return;
	}
}

/* The worker's end: its exit status, or the signal (ours or not) that ended it. */
static int wait_worker(pid_t worker, const sigset_t *set, int *sig, bool *ours)
{
	for (;;) {
		siginfo_t si;
		int status;
		pid_t r;

		/* a SIGCHLD may stand for several children: reap all that ended */
		while ((r = waitpid(-1, &status, WNOHANG)) > 0)
			if (r == worker) {
				*ours = false;
				*sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
				return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
			}
		if (sigwaitinfo(set, &si) < 0)
			continue;	/* EINTR: a signal outside the set (SIGSTOP/SIGCONT) */
		if (si.si_signo != SIGCHLD) {
			*ours = true;
			*sig = si.si_signo;
			kill(worker, SIGKILL);
			return -1;
		}
	}
}

static bool is_crash(int sig, bool ours)
{
	return !ours && (sig == SIGSEGV || sig == SIGBUS || sig == SIGABRT || sig == SIGILL ||
			 sig == SIGFPE);
}

/* "interrupted by SIGINT", "crashed with SIGSEGV", "ended by SIGALRM" */
static char *how_it_ended(int sig, bool ours)
{
	const char *abbrev = sigabbrev_np(sig);
	char *name = abbrev ? xasprintf("SIG%s", abbrev) : xasprintf("signal %d", sig);
	const char *how = "ended by";
	char *s;

	if (ours)
		how = "interrupted by";
	else if (is_crash(sig, ours))
		how = "crashed with";
	s = xasprintf("%s %s", how, name);
	free(name);
	return s;
}

/*
 * The one line, on stderr as error() or warning() says it, and kept as the
 * run's last error either way: in JSON mode the front end turns it into the
 * error object (cli.c).
 */
static void say(bool is_error, const char *msg)
{
	bool was;

	if (is_error) {
		error("%s", msg);
		return;
	}
	warning("%s", msg);
	was = zt_quiet_errors(true);
	error("%s", msg);
	zt_quiet_errors(was);
}

/* What the guard says when a signal ended the worker. */
static void say_ended(const struct zt_guard_opts *o, int sig, bool ours, int rc,
		      const char *said)
{
	char *how = how_it_ended(sig, ours), *msg;

	if (sig == SIGKILL)
		msg = xasprintf("%s was killed (SIGKILL): scratch removed%s%s", o->what,
				o->killed ? "; " : "", o->killed ? o->killed : "");
	else if (rc)
		msg = xasprintf("%s %s: scratch removed; the tree could not be recovered: %s",
				o->what, how, zt_last_error());
	else
		msg = xasprintf("%s %s: scratch removed%s%s", o->what, how,
				said || o->recover ? "; " : "",
				said ? said : o->recover ? "the tree is untouched" : "");
	/* an interruption is the user's doing (a warning); a crash is ours */
	say(sig == SIGKILL || rc || is_crash(sig, ours), msg);
	free(msg);
	free(how);
}

/* The worker's exit code, or 128 + the signal that ended it (recovered, said). */
static int guard(const struct zt_guard_opts *o, pid_t worker, pid_t jan, const sigset_t *set,
		 char *dir)
{
	bool ours = false;
	char *said = NULL;
	int sig = 0, code = wait_worker(worker, set, &sig, &ours);
	int rc = 0;

	kill_all_below(jan);
	/* the worker had SIGINT from the terminal too, or one sent to it alone */
	for (size_t i = 0; i < ARRAY_SIZE(stop_signals); i++)
		ours |= sig == stop_signals[i];
	if (sig && sig != SIGKILL && o->recover)
		rc = o->recover(o->arg, &said);
	zt_remove_tree(dir);
	free(dir);
	/*
	 * Only now is the janitor's work done: a guard killed before this point
	 * (kill -9 as the run ends) leaves it to recover and remove the scratch.
	 */
	if (jan > 0) {
		kill(jan, SIGKILL);
		waitpid(jan, NULL, 0);
	}
	/*
	 * The worker said all there was to say, its JSON error object too; a
	 * closed pipe (zerotax check | head) is the reader's doing: unsaid when
	 * there was nothing to put right.
	 */
	if (!sig || (sig == SIGPIPE && !said && !rc)) {
		zt_clear_error();
		return sig ? 128 + sig : code < 0 ? ZT_EXIT_INTERNAL : code;
	}
	say_ended(o, sig, ours, rc, said);
	free(said);
	return 128 + sig;
}

bool zt_process_alive(pid_t pid, unsigned long long *start)
{
	char path[64], buf[1024], *p;
	unsigned long long t = 0;
	char state = 0;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt
	 * cmajflt utime stime cutime cstime priority nice threads itrealvalue starttime */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d "
			 "%*d %*d %*d %*d %llu", &state, &t) != 2)
		return false;
	if (start)
		*start = t;
	return state != 'Z' && state != 'X';
}

/* Does process @pid run with TMPDIR=@dir (a program of this run, at any depth)? */
static bool in_run(pid_t pid, const char *dir)
{
	char path[64], *env = NULL, *want = xasprintf("TMPDIR=%s", dir);
	size_t len = 0, n = strlen(want) + 1;
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/environ", (int)pid);
	f = fopen(path, "re");
	if (f) {
		env = xmalloc(1 << 20);
		len = fread(env, 1, (1 << 20) - 1, f);
		fclose(f);
		env[len] = '\0';
		for (size_t at = 0; at < len && !found; at += strlen(env + at) + 1)
			found = !strncmp(env + at, want, n - 1) && env[at + n - 1] == '\0';
	}
	free(env);
	free(want);
	return found;
}

/*
 * SIGKILL to every process that carries this run's private TMPDIR: the
 * worker put it in the environment of everything it runs, so it finds the
 * compilers' own children (cc1), which no PR_SET_PDEATHSIG binds. Rounds
 * until none is left (a dying driver may start one more).
 */
static void kill_run(const char *dir)
{
	pid_t self = getpid();

	for (int round = 0; round < 100; round++) {
		size_t n = 0;
		struct dirent *e;
		DIR *d = opendir("/proc");

		if (!d)
			return;
		while ((e = readdir(d))) {
			pid_t pid = isdigit((unsigned char)e->d_name[0]) ? (pid_t)atoi(e->d_name) : 0;

			if (pid > 0 && pid != self && zt_process_alive(pid, NULL) && in_run(pid, dir)) {
				kill(pid, SIGKILL);
				n++;
			}
		}
		closedir(d);
		if (!n)
			return;
		usleep(20 * 1000);
	}
}

/*
 * The janitor (issue 30, item 5): when the guard itself is killed (kill -9
 * of zerotax, a CI timeout, the OOM killer) none of its code runs. This
 * small child of the guard, told by PR_SET_PDEATHSIG, does its part then:
 * the worker dies with the guard (its own PR_SET_PDEATHSIG, and so do the
 * programs it runs), the janitor waits for that, ends what those programs
 * started (kill_run()), recovers as the guard would
 * (fix: its journal) and removes the private directory. It is started
 * before anything exists to clean up and makes the private directory itself,
 * so no moment of the run leaves one without an owner. A SIGTERM sent to
 * the whole group reaches it too: it acts only once the guard is gone (it
 * was reparented). Its streams are /dev/null: the caller, who saw exit 137,
 * must not wait for a pipe it holds. When the run ends the guard kills it
 * last, after the recovery and the removal it would have done: a guard
 * killed in between leaves them to it.
 *
 * @to_guard: where the directory's name (or the errno of mkdtemp()) goes;
 * @from_guard: where the worker's pid comes from, once it exists.
 */
static void __attribute__((noreturn)) janitor(const struct zt_guard_opts *o, pid_t guard_pid,
					      int to_guard, int from_guard)
{
	sigset_t set, all;
	siginfo_t si;
	char *said = NULL;
	char *dir = xasprintf("%s/zerotax-run-XXXXXX", zt_tmpdir());
	pid_t worker = 0;
	int null = open("/dev/null", O_RDWR), err = 0;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	for (int fd = 0; null >= 0 && fd < 3; fd++)
		dup2(null, fd);
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	/* the guard may have died before we got here: then nothing was made */
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) || getppid() != guard_pid)
		_exit(0);
	if (!mkdtemp(dir))
		err = errno;
	/* a short write means the guard is gone: the directory is cleaned up below */
	if (write(to_guard, &err, sizeof(err)) == sizeof(err) && !err &&
	    write(to_guard, dir, strlen(dir)) < 0)
		err = 0;
	close(to_guard);
	if (err)
		_exit(0);	/* nothing was made */
	while (getppid() == guard_pid)
		sigwaitinfo(&set, &si);
	/* the guard wrote the worker's pid as soon as it had one (the pipe is non-blocking) */
	if (read(from_guard, &worker, sizeof(worker)) != sizeof(worker))
		worker = 0;
	if (worker > 0) {
		kill(worker, SIGKILL);
		for (int i = 0; i < 2000 && zt_process_alive(worker, NULL); i++)
			usleep(5000);
	}
	kill_run(dir);
	if (o->recover)
		o->recover(o->arg, &said);
	free(said);
	/* a compiler's own child (cc1) may still write for a moment */
	for (int i = 0; i < 20; i++) {
		zt_remove_tree(dir);
		usleep(50 * 1000);
	}
	zt_remove_tree(dir);
	_exit(0);
}

/* The janitor's answer: the private directory it made, or NULL with error() said. */
static char *janitor_dir(int from_janitor)
{
	struct zt_strbuf name = ZT_STRBUF_INIT;
	char buf[256];
	ssize_t n;
	int err = 0;

	if (read(from_janitor, &err, sizeof(err)) != sizeof(err)) {
		error("cannot start the run's janitor");
		return NULL;
	}
	if (err) {
		error("cannot create a scratch directory in %s: %s", zt_tmpdir(), strerror(err));
		return NULL;
	}
	while ((n = read(from_janitor, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
		if (n > 0)
			zt_strbuf_add(&name, buf, (size_t)n);
	if (!name.len) {
		error("the run's janitor made no scratch directory");
		zt_strbuf_release(&name);
		return NULL;
	}
	return zt_strbuf_detach(&name, NULL);
}

int zt_guard_begin(const struct zt_guard_opts *o, int *code)
{
	sigset_t set, old;
	char *dir;
	pid_t pid, jan, guard_pid;
	int dirp[2], pidp[2];

	if (pipe2(dirp, O_CLOEXEC)) {
		error("cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	if (pipe2(pidp, O_CLOEXEC | O_NONBLOCK)) {
		error("cannot make a pipe: %s", strerror(errno));
		close(dirp[0]);
		close(dirp[1]);
		return -1;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	for (size_t i = 0; i < ARRAY_SIZE(stop_signals); i++) {
		struct sigaction sa;

		/* a signal ignored when we were started (nohup, a background job) stays so */
		if (!sigaction(stop_signals[i], NULL, &sa) && sa.sa_handler != SIG_IGN)
			sigaddset(&set, stop_signals[i]);
	}
	sigprocmask(SIG_BLOCK, &set, &old);
	fflush(NULL);	/* nothing buffered is written twice */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	guard_pid = getpid();
	jan = fork();
	if (jan == 0) {
		close(dirp[0]);
		close(pidp[1]);
		janitor(o, guard_pid, dirp[1], pidp[0]);
	}
	close(dirp[1]);
	close(pidp[0]);
	dir = jan < 0 ? NULL : janitor_dir(dirp[0]);
	close(dirp[0]);
	if (jan < 0)
		error("cannot fork: %s", strerror(errno));
	pid = dir ? fork() : -1;
	if (dir && pid < 0)
		error("cannot fork: %s", strerror(errno));
	if (pid < 0) {
		close(pidp[1]);
		if (jan > 0) {
			kill(jan, SIGKILL);
			waitpid(jan, NULL, 0);
		}
		prctl(PR_SET_CHILD_SUBREAPER, 0);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (dir)
			zt_remove_tree(dir);
		free(dir);
		return -1;
	}
	if (pid > 0) {
		if (write(pidp[1], &pid, sizeof(pid)) != sizeof(pid))
			warning("the run's janitor does not know the worker");
		close(pidp[1]);
		*code = guard(o, pid, jan, &set, dir);
		return 1;
	}
	close(pidp[1]);
	/* the worker dies with the guard; the guard may have died before we got here */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != guard_pid)
		raise(SIGKILL);
	/* the worker: as it was, but with its scratch in the private directory */
	sigprocmask(SIG_SETMASK, &old, NULL);
	setenv("TMPDIR", dir, 1);
	free(dir);
	return 0;
}

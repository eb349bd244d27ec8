// SPDX-License-Identifier: GPL-2.0-only
/* vfork and exec with pipes, a poll loop for both streams, and a deadline. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "process.h"
#include "zerotax.h"

extern char **environ;

struct sink {
	int fd;
	char *buf;
	size_t len, cap;
};

static void sink_read(struct sink *s)
{
	char tmp[8192];
	ssize_t n = read(s->fd, tmp, sizeof(tmp));

	if (n <= 0) {
		if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
			close(s->fd);
			s->fd = -1;
		}
		return;
	}
	if (s->len + (size_t)n + 1 > s->cap) {
		while (s->len + (size_t)n + 1 > s->cap)
			s->cap = s->cap ? s->cap * 2 : 16384;
		s->buf = xrealloc(s->buf, s->cap);
	}
	memcpy(s->buf + s->len, tmp, (size_t)n);
	s->len += (size_t)n;
	s->buf[s->len] = '\0';
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static char *dupbuf(struct sink *s, size_t *len)
{
	*len = s->len;
	if (!s->buf)
		return xstrdup("");
	return s->buf;
}

/*
 * @env, plus HOME=/nonexistent when it has no HOME: programs that look one
 * up fail without it (spatch: "exception Not_found"), and /nonexistent (as
 * Debian gives system users) has nothing to read and cannot be written.
 * NULL when @env has a HOME: use it as it is.
 */
static char **with_home(char *const *env)
{
	size_t n = 0;
	char **v;

	for (; env && env[n]; n++)
		if (!strncmp(env[n], "HOME=", 5))
			return NULL;
	v = xcalloc(n + 2, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = env[i];
	v[n] = (char *)"HOME=/nonexistent";
	return v;
}

/* What the child of zt_spawn() sets up between vfork() and exec (no allocation there). */
struct child_plan {
	char *const *argv;
	char *const *env;
	const char *stdin_path, *stdout_path, *cwd;
	int out_fd, err_fd;		/* pipe ends to become 1 and 2; -1: not piped */
	bool inherit, merge;
	pid_t parent;
	volatile int exec_errno;	/* shared with the parent (vfork): why it failed */
};

/*
 * The child: its own process group (a timeout ends the compiler's children
 * too), the streams, and PR_SET_PDEATHSIG, so a program we run dies with the
 * thread that waits for it -- kill -9 of zerotax (a CI timeout, the OOM
 * killer) leaves no compiler or spatch running (issue 30, item 5). The
 * parent is checked after setting it: it may have died just before.
 */
static void __attribute__((noreturn)) child_exec(struct child_plan *c)
{
	int fd;

	setpgid(0, 0);
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != c->parent)
		_exit(127);
	fd = open(c->stdin_path, O_RDONLY);
	if (fd < 0 || dup2(fd, 0) < 0)
		goto fail;
	if (fd != 0)
		close(fd);
	if (!c->inherit && c->stdout_path) {
		fd = open(c->stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, 1) < 0)
			goto fail;
		if (fd != 1)
			close(fd);
	} else if (!c->inherit && dup2(c->out_fd, 1) < 0) {
		goto fail;
	}
	if (c->merge) {
		if (dup2(1, 2) < 0)
			goto fail;
	} else if (!c->inherit && dup2(c->err_fd, 2) < 0) {
		goto fail;
	}
	if (c->cwd && chdir(c->cwd))
		goto fail;
	execvpe(c->argv[0], c->argv, c->env);
fail:
	c->exec_errno = errno ? errno : ENOEXEC;
	_exit(127);
}

/* Start @c as posix_spawnp() would (0, or the errno of what failed). */
static int start_child(struct child_plan *c, pid_t *pid)
{
	c->exec_errno = 0;
	c->parent = getpid();
	*pid = vfork();
	if (*pid < 0)
		return errno;
	if (*pid == 0)
		child_exec(c);
	if (c->exec_errno) {
		int status;

		waitpid(*pid, &status, 0);
		return c->exec_errno;
	}
	return 0;
}

/*
 * Every run has a bound: opts->timeout_ms, or ZT_SPAWN_DEFAULT_MS when the
 * caller gave none (a git or pahole that never answers must not hang us).
 * ZT_TEST_SPAWN_TIMEOUT_MS lowers every bound, for the hostile tests.
 */
#define ZT_SPAWN_DEFAULT_MS (60u * 60 * 1000)

static unsigned int bound_ms(const struct zt_spawn_opts *opts)
{
	unsigned int ms = opts->timeout_ms ? opts->timeout_ms : ZT_SPAWN_DEFAULT_MS;
	const char *t = getenv("ZT_TEST_SPAWN_TIMEOUT_MS");
	unsigned long v = t ? strtoul(t, NULL, 10) : 0;

	return v > 0 && v < ms ? (unsigned int)v : ms;
}

/* Read both streams until they close or @deadline passes (then timed_out). */
static void pump(struct sink *out, struct sink *err, long long deadline,
		 struct zt_spawn_result *res)
{
	while (out->fd >= 0 || err->fd >= 0) {
		struct pollfd pfd[2] = { { .fd = out->fd, .events = POLLIN },
					 { .fd = err->fd, .events = POLLIN } };
		long long left = deadline - now_ms();
		int rc;

		if (left <= 0) {
			res->timed_out = true;
			return;
		}
		rc = poll(pfd, 2, (int)(left > 1000000 ? 1000000 : left));
		if (rc < 0 && errno == EINTR)
			continue;
		if (rc < 0)
			return;
		if (pfd[0].revents)
			sink_read(out);
		if (pfd[1].revents)
			sink_read(err);
	}
}

/* Wait for @pid until @deadline (then kill its group); 0 when it ended by itself. */
static int reap(char *const argv[], pid_t pid, long long deadline, unsigned int ms,
		struct zt_spawn_result *res)
{
	int status, rc = 0;
	useconds_t nap = 1000;

	/* Output is closed; the child may still run (or never had pipes). */
	while (!res->timed_out) {
		rc = waitpid(pid, &status, WNOHANG);
		if (rc == pid || (rc < 0 && errno != EINTR))
			break;
		if (rc == 0) {
			if (now_ms() >= deadline)
				res->timed_out = true;
			else
				usleep(nap < 50000 ? nap *= 2 : nap);
		}
	}
	if (res->timed_out) {
		kill(-pid, SIGKILL);
		waitpid(pid, &status, 0);
		error("%s timed out after %u ms", argv[0], ms);
		return -1;
	}
	if (rc != pid)
		return -1;
	if (WIFEXITED(status))
		res->exit_code = WEXITSTATUS(status);
	else if (WIFSIGNALED(status))
		res->signal = WTERMSIG(status);
	/* a program that ends with 127 may be a shell's "not found" */
	if (res->exit_code == 127 && !zt_have_program(argv[0]))
		res->not_found = true;
	return 0;
}

/* The parent's end of a pipe into a sink; the child's end closed. */
static void take_pipe(int p[2], struct sink *s)
{
	if (p[1] < 0)
		return;
	close(p[1]);
	p[1] = -1;
	s->fd = p[0];
	p[0] = -1;
}

const char *zt_spawn_failure(const struct zt_spawn_result *res)
{
	if (res->timed_out)
		return "timed out";
	if (res->start_errno)
		return strerror(res->start_errno);
	return "could not be started";
}

int zt_spawn(char *const argv[], const struct zt_spawn_opts *opts, struct zt_spawn_result *res)
{
	static const struct zt_spawn_opts defaults;
	struct sink out = { .fd = -1 }, err = { .fd = -1 };
	int out_pipe[2] = { -1, -1 }, err_pipe[2] = { -1, -1 };
	struct child_plan plan;
	char *const *env;
	char **home_env;
	unsigned int ms;
	int ret = -1, rc;
	pid_t pid;

	if (!opts)
		opts = &defaults;
	memset(res, 0, sizeof(*res));
	res->exit_code = -1;
	ms = bound_ms(opts);

	if (!opts->inherit_output) {
		if (!opts->stdout_path && pipe2(out_pipe, O_CLOEXEC))
			goto out_fa;
		if (!opts->stderr_to_stdout && pipe2(err_pipe, O_CLOEXEC))
			goto out_pipes;
	}
	env = opts->envp ? opts->envp : environ;
	home_env = with_home(env);
	plan = (struct child_plan){
		.argv = argv,
		.env = home_env ? home_env : env,
		.stdin_path = opts->stdin_path ? opts->stdin_path : "/dev/null",
		.stdout_path = opts->stdout_path,
		.cwd = opts->cwd,
		.out_fd = out_pipe[1],
		.err_fd = err_pipe[1],
		.inherit = opts->inherit_output,
		.merge = opts->stderr_to_stdout,
	};
	rc = start_child(&plan, &pid);
	free(home_env);
	if (rc) {
		res->start_errno = rc;
		res->not_found = rc == ENOENT;
		if (!res->not_found || !opts->quiet_not_found)
			error("cannot run %s: %s", argv[0], strerror(rc));
		goto out_pipes;
	}
	take_pipe(out_pipe, &out);
	take_pipe(err_pipe, &err);
	{
		long long deadline = now_ms() + ms;

		pump(&out, &err, deadline, res);
		ret = reap(argv, pid, deadline, ms, res);
	}

out_pipes:
	for (int i = 0; i < 2; i++) {
		if (out_pipe[i] >= 0)
			close(out_pipe[i]);
		if (err_pipe[i] >= 0)
			close(err_pipe[i]);
	}
	if (out.fd >= 0)
		close(out.fd);
	if (err.fd >= 0)
		close(err.fd);
out_fa:
	res->out = dupbuf(&out, &res->out_len);
	res->err = dupbuf(&err, &res->err_len);
	return ret;
}

void zt_spawn_result_release(struct zt_spawn_result *res)
{
	free(res->out);
	free(res->err);
	res->out = res->err = NULL;
}

bool zt_have_program(const char *name)
{
	const char *path;
	char *copy, *dir, *save;
	bool found = false;

	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	path = getenv("PATH");
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir && !found; dir = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", dir, name);
		struct stat st;

		found = stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
		free(p);
	}
	free(copy);
	return found;
}

char *zt_argv_join(char *const argv[])
{
	size_t len = 1;
	char *s;

	for (int i = 0; argv[i]; i++)
		len += strlen(argv[i]) + 1;
	s = xmalloc(len);
	s[0] = '\0';
	for (int i = 0; argv[i]; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * process: the only place zerotax starts another program. Always an argv array
 * (no shell), with an optional timeout and captured output.
 */
#ifndef ZT_PROCESS_H
#define ZT_PROCESS_H

#include <stdbool.h>
#include <stddef.h>

struct zt_spawn_opts {
	const char *cwd;		/* run in this directory (NULL: ours) */
	unsigned int timeout_ms;	/* 0: the default bound (an hour); killed after it */
	const char *stdin_path;		/* NULL: /dev/null */
	const char *stdout_path;	/* NULL: captured into the result */
	bool stderr_to_stdout;		/* merge the streams (captured or file) */
	bool inherit_output;		/* let the child write to our stdout/stderr */
	char *const *envp;		/* NULL: our environment */
	bool quiet_not_found;		/* a missing program is the caller's to say */
};

struct zt_spawn_result {
	int exit_code;		/* -1 when killed by a signal or not started */
	int signal;		/* the signal that ended it, 0 if none */
	bool timed_out;
	bool not_found;		/* the program could not be started */
	int start_errno;	/* why it could not be started (E2BIG, ENOENT, ...), else 0 */
	char *out;		/* captured stdout (NUL-terminated, may be empty) */
	size_t out_len;
	char *err;		/* captured stderr */
	size_t err_len;
};

/*
 * Run argv[0] (looked up in PATH) and wait for it. Returns 0 when the child
 * ran to completion (whatever its exit code), -1 when it could not be started
 * or timed out; result says which.
 */
int zt_spawn(char *const argv[], const struct zt_spawn_opts *opts, struct zt_spawn_result *res);
void zt_spawn_result_release(struct zt_spawn_result *res);
/* Why a zt_spawn() that returned -1 failed: "timed out", "Argument list too long", ... */
const char *zt_spawn_failure(const struct zt_spawn_result *res);

/* Is this program in PATH (or an executable path)? */
bool zt_have_program(const char *name);

/* "prog a b c" for messages; the caller frees it. */
char *zt_argv_join(char *const argv[]);

#endif /* ZT_PROCESS_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * zerotax: shared definitions of the front end and the library.
 *
 * One context struct is passed down from the command table; nothing below the
 * front end keeps mutable globals, because translation units are analysed in
 * parallel.
 */
#ifndef ZEROTAX_H
#define ZEROTAX_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Documented in docs/exit-codes.md and in `zerotax --help`. */
enum zt_exit {
	ZT_EXIT_CLEAN = 0,	/* ran, nothing found */
	ZT_EXIT_FINDINGS = 1,	/* ran, findings reported */
	ZT_EXIT_USAGE = 2,	/* bad command line */
	ZT_EXIT_INPUT = 3,	/* bad input: files, compile database, tools missing */
	ZT_EXIT_INTERNAL = 4,	/* a bug, or a command not built yet */
};

enum zt_format {
	ZT_FORMAT_TEXT,
	ZT_FORMAT_JSON,
	ZT_FORMAT_SARIF,
};

struct zt_ctx {
	const char *argv0;
	FILE *out;		/* results */
	FILE *err;		/* diagnostics */
	enum zt_format format;	/* set by commands that take --format */
	int jobs;		/* -j: TUs analysed at once */
	int verbose;
};

/* git-style reporting: lowercase, no trailing period, to stderr; returns -1. */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The last error() of this thread, for JSON-mode error objects. */
const char *zt_last_error(void);
/*
 * While true, this thread's error()s are recorded for zt_last_error() but not
 * printed: for a caller that reports the failure itself (once, as a warning
 * with its context). Returns the previous setting.
 */
bool zt_quiet_errors(bool quiet);

/* Allocation that cannot fail quietly: out of memory aborts with a message. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Whole-file helpers; return -1 with errno set on failure. zt_read_file()
 * reads regular files only (a FIFO would block, /dev/zero never ends):
 * anything else fails with errno ZT_ENOTREG (EISDIR for a directory);
 * zt_strerror() words it "not a regular file".
 */
#define ZT_ENOTREG ENOEXEC	/* never set by open() or read() on a file */
int zt_read_file(const char *path, char **data, size_t *len);
/* strerror(), except ZT_ENOTREG reads "not a regular file". */
const char *zt_strerror(int err);
int zt_write_file(const char *path, const void *data, size_t len);

/* Parse "-j N" style counts; returns -1 on a bad number. */
int zt_parse_uint(const char *s, unsigned long max, unsigned long *out);

/* The largest object size a reader accepts from outside (findings, results): 1 GiB. */
#define ZT_MAX_OBJECT_SIZE (1LL << 30)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif /* ZEROTAX_H */

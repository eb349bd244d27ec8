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
#include <stdint.h>
#include <stdio.h>

/* Documented in docs/exit-codes.md and in `zerotax --help`. */
enum zt_exit {
	ZT_EXIT_CLEAN = 0,	/* ran, nothing found */
	ZT_EXIT_FINDINGS = 1,	/* ran, findings reported */
	ZT_EXIT_USAGE = 2,	/* bad command line */
	ZT_EXIT_INPUT = 3,	/* bad input: files, compile database, tools missing */
	ZT_EXIT_INTERNAL = 4,	/* a bug, or a command not built yet */
};

/* --format: one list for every command (each accepts a subset, see parse-options.h). */
enum zt_format {
	ZT_FORMAT_TEXT,
	ZT_FORMAT_JSON,
	ZT_FORMAT_SARIF,
	ZT_FORMAT_GCC,		/* one GCC-style line per finding, no notes */
	ZT_FORMAT_REPORT,	/* coccicheck --mode=report lines */
	ZT_FORMAT_HTML,		/* layout: one self-contained audit page */
};

/* Does @f put a JSON document on stdout (so errors must be JSON too)? */
static inline bool zt_format_is_json(enum zt_format f)
{
	return f == ZT_FORMAT_JSON || f == ZT_FORMAT_SARIF;
}

struct zt_ctx {
	const char *argv0;
	FILE *out;		/* results */
	FILE *err;		/* diagnostics: the error sink of the run (see error()) */
	enum zt_format format;	/* set by commands that take --format */
	int jobs;		/* -j: TUs analysed at once */
	int verbose;
	bool cli;		/* the real command line (main.c): guarded commands fork */
};

/*
 * Errors: one style, git's.
 *
 *  - A function that fails says why with error() where the reason is known
 *    and returns -1 (`return error("cannot read %s: %s", path, strerror(errno));`).
 *    Messages are lowercase, without a trailing period, name the file or the
 *    option, and never end in a newline. Callers that only pass the failure
 *    up return -1 too and say nothing more; a caller that adds context
 *    (`"%s:%u: %s"`) reads the reason back with zt_last_error().
 *  - Commands (do_<verb>()) turn -1 into an exit code (enum zt_exit); only
 *    they choose it. An option error is ZT_EXIT_USAGE (parse-options.c).
 *  - error(), warning() and note() write "zerotax: error: ..." lines to the
 *    error sink: the front end's ctx->err, installed by zt_main() for the
 *    run (stderr before that, and in programs that do not go through it).
 *  - The last error() of each thread is kept: zt_main() turns it into the
 *    JSON error object in JSON mode; fix keeps it as the reason of a failed
 *    step; the per-TU workers record it in their results. It is cleared at
 *    the start of each zt_main().
 *  - A step runner's own wrapper (fix's fail(), prove's step_fail()) only
 *    adds the step's name and calls error().
 *  - Out of memory is not an error: x*alloc() abort with a message.
 */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The last error() of this thread ("" when none since zt_clear_error()). */
const char *zt_last_error(void);
void zt_clear_error(void);
/*
 * Where error(), warning() and note() write (NULL: stderr); returns the
 * previous sink. Only the front end sets it, around a run, before any
 * worker thread starts; the sink is shared by every thread of the run.
 */
FILE *zt_set_error_sink(FILE *f);
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
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/*
 * Whole-file helpers; return -1 with errno set on failure. zt_read_file()
 * reads regular files only (a FIFO would block, /dev/zero never ends):
 * anything else fails with errno ZT_ENOTREG (EISDIR for a directory);
 * zt_strerror() words it "not a regular file".
 */
#define ZT_ENOTREG ENOEXEC	/* never set by open() or read() on a file */
int zt_read_file(const char *path, char **data, size_t *len);
/*
 * @len bytes of @s to @fp with control characters escaped (\xNN; a UTF-8 C1
 * control as \u00NN): names from a tree (files, symbols) must not reach a
 * terminal as escape sequences. Newlines are kept when @keep_newlines.
 */
void zt_fput_escaped(const char *s, size_t len, bool keep_newlines, FILE *fp);
/* strerror(), except ZT_ENOTREG reads "not a regular file". */
const char *zt_strerror(int err);
int zt_write_file(const char *path, const void *data, size_t len);

/*
 * Paths. zt_path_under(): the part of @path below directory @root ("a/b.c" for
 * "/r/a/b.c" under "/r/"), or NULL when it is not below it (or is @root).
 */
const char *zt_path_under(const char *path, const char *root);
/* realpath(@path) below the real directory @root, as a new string; NULL when outside. */
char *zt_real_path_under(const char *root, const char *path);
/* mkdir -p; -1 with errno set on failure. */
int zt_mkdir_p(const char *path, unsigned int mode);
/*
 * rm -rf without a shell or a child: @path and everything below it (links
 * are removed, never followed); a missing @path is not an error. -1 with
 * errno set on failure.
 */
int zt_remove_tree(const char *path);
/* Where scratch goes: $TMPDIR when set and not empty, else /tmp. */
const char *zt_tmpdir(void);
/*
 * A relative TMPDIR made absolute (against the working directory, in the
 * environment, for zerotax and what it runs): the evidence compiles and
 * spatch run in other directories. Called once, at start.
 */
void zt_tmpdir_absolute(void);

/* The next blank-separated word of a rules line at *@p, cut off in place; NULL at its end. */
char *zt_next_word(char **p);
/*
 * The next word of C text at *@s (letters and digits; with @ident also '_'),
 * lower-cased into @word ("" when it needs @size bytes or more); *@s moves
 * past it. false when there is none.
 */
bool zt_lower_word(const char **s, bool ident, char *word, size_t size);
/*
 * Does C text name @name in a string ("fn" exactly: an alias("fn"), an asm
 * .set, a symbol looked up by name)? Its callers are then not all seen.
 */
bool zt_named_in_a_string(const char *text, size_t len, const char *name);
/*
 * The rules files' one reader (the .conf files of rules/ and rules/hotpaths/).
 * zt_rules_read(): the whole file into *@text (caller frees); -1 (error said,
 * as path:line for a NUL byte) when it cannot be read or is not text.
 * zt_rules_each_line(): @fn on every line of @text, '#' comments and trailing
 * blanks cut off, blank lines included (line numbers stay right), until one
 * returns non-zero, which is returned.
 */
typedef int zt_rules_line_fn(char *line, const char *path, unsigned int lineno, void *arg);
int zt_rules_read(const char *path, char **text);
int zt_rules_each_line(const char *text, const char *path, zt_rules_line_fn *fn, void *arg);
/* Parse "-j N" style counts; returns -1 on a bad number. */
int zt_parse_uint(const char *s, unsigned long max, unsigned long *out);
/* FNV-1a of @data, seeded: the one hash of fingerprints (findings) and cache keys (tu). */
uint64_t zt_hash64(const void *data, size_t len, uint64_t seed);
/* Two seeds of zt_hash64() as 32 hex digits: the cache's content hash of a file's bytes. */
char *zt_hash_hex(const void *data, size_t len);

/* The largest object size a reader accepts from outside (findings, results): 1 GiB. */
#define ZT_MAX_OBJECT_SIZE (1LL << 30)

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#endif /* ZEROTAX_H */

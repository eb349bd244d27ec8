// SPDX-License-Identifier: GPL-2.0-only
/* Reporting and allocation helpers shared by every command. */
#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "zerotax.h"

static _Thread_local char last_error[1024];
/* Set by the front end around a run, before any worker thread starts (zerotax.h). */
static FILE *error_sink;

FILE *zt_set_error_sink(FILE *f)
{
	FILE *prev = error_sink;

	error_sink = f;
	return prev;
}
/* This thread's errors are only recorded (the caller reports them in its own words). */
static _Thread_local bool quiet_errors;

static void report(const char *prefix, const char *fmt, va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (prefix[0] == 'e') {
		snprintf(last_error, sizeof(last_error), "%s", msg);
		if (quiet_errors)
			return;
	}
	fprintf(error_sink ? error_sink : stderr, "zerotax: %s: ", prefix);
	zt_fput_escaped(msg, strlen(msg), true, error_sink ? error_sink : stderr);
	fputc('\n', error_sink ? error_sink : stderr);
}

void zt_fput_escaped(const char *s, size_t len, bool keep_newlines, FILE *fp)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	for (; p < end; p++) {
		if ((*p < 0x20 && *p != '\t' && !(*p == '\n' && keep_newlines)) || *p == 0x7f) {
			fprintf(fp, "\\x%02x", *p);
		} else if (*p == 0xc2 && p + 1 < end && p[1] >= 0x80 && p[1] <= 0x9f) {
			/* a C1 control in UTF-8 (U+009B is a CSI of its own) */
			fprintf(fp, "\\u%04x", p[1]);
			p++;
		} else {
			fputc(*p, fp);
		}
	}
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("error", fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("warning", fmt, ap);
	va_end(ap);
}

void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report("note", fmt, ap);
	va_end(ap);
}

bool zt_quiet_errors(bool quiet)
{
	bool was = quiet_errors;

	quiet_errors = quiet;
	return was;
}

const char *zt_last_error(void)
{
	return last_error;
}

void zt_clear_error(void)
{
	last_error[0] = '\0';
}

static void *oom(size_t n)
{
	fprintf(error_sink ? error_sink : stderr,
		"zerotax: fatal: out of memory allocating %zu bytes\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	return p ? p : oom(n);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	return p ? p : oom(n * size);
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	return q ? q : oom(n);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0)
		oom(strlen(fmt));
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

int zt_read_file(const char *path, char **data, size_t *len)
{
	size_t cap = 4096, n = 0;
	struct stat st;
	char *buf;
	FILE *f;
	int fd;

	/* O_NONBLOCK: opening a FIFO must not wait for a writer before we can refuse it */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = S_ISDIR(st.st_mode) ? EISDIR : ZT_ENOTREG;
		return -1;
	}
	f = fdopen(fd, "rb");
	if (!f) {
		close(fd);
		return -1;
	}
	buf = xmalloc(cap);
	for (;;) {
		size_t got = fread(buf + n, 1, cap - n - 1, f);

		n += got;
		if (n + 1 < cap) {
			if (ferror(f)) {
				int saved = errno;

				fclose(f);
				free(buf);
				errno = saved;
				return -1;
			}
			break;
		}
		cap *= 2;
		buf = xrealloc(buf, cap);
	}
	fclose(f);
	buf[n] = '\0';
	*data = buf;
	if (len)
		*len = n;
	return 0;
}

int zt_write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	if (fwrite(data, 1, len, f) != len) {
		int saved = errno;

		fclose(f);
		errno = saved;
		return -1;
	}
	return fclose(f) ? -1 : 0;
}

const char *zt_path_under(const char *path, const char *root)
{
	size_t n;

	if (!path || !root || !*root)
		return NULL;
	n = strlen(root);
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (n == 1 && root[0] == '/')
		return path[0] == '/' && path[1] ? path + 1 : NULL;
	if (strncmp(path, root, n) || path[n] != '/' || !path[n + 1])
		return NULL;
	return path + n + 1;
}

int zt_mkdir_p(const char *path, unsigned int mode)
{
	char *tmp = xstrdup(path);
	int ret = 0, saved;

	for (char *s = tmp + 1;; s++) {
		char c = *s;

		if (c && c != '/')
			continue;
		*s = '\0';
		if (mkdir(tmp, mode) && errno != EEXIST) {
			ret = -1;
			break;
		}
		*s = c;
		if (!c)
			break;
	}
	saved = errno;
	free(tmp);
	errno = saved;
	return ret;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

int zt_remove_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -1;
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS) ? -1 : 0;
}

const char *zt_tmpdir(void)
{
	const char *t = getenv("TMPDIR");

	return t && t[0] ? t : "/tmp";
}

void zt_tmpdir_absolute(void)
{
	const char *t = getenv("TMPDIR");
	char cwd[PATH_MAX], *abs;

	if (!t || !t[0] || t[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return;
	abs = xasprintf("%s/%s", cwd, t);
	setenv("TMPDIR", abs, 1);
	free(abs);
}

static bool word_char(char c, bool ident)
{
	return isalnum((unsigned char)c) || (ident && c == '_');
}

bool zt_lower_word(const char **s, bool ident, char *word, size_t size)
{
	const char *p = *s;
	size_t n = 0;

	while (*p && !word_char(*p, ident))
		p++;
	if (!*p) {
		*s = p;
		return false;
	}
	while (word_char(p[n], ident))
		n++;
	word[0] = '\0';
	if (n < size) {
		for (size_t i = 0; i < n; i++)
			word[i] = (char)tolower((unsigned char)p[i]);
		word[n] = '\0';
	}
	*s = p + n;
	return true;
}

char *zt_next_word(char **p)
{
	char *s = *p, *w;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return NULL;
	w = s;
	while (*s && *s != ' ' && *s != '\t')
		s++;
	if (*s)
		*s++ = '\0';
	*p = s;
	return w;
}

int zt_rules_read(const char *path, char **text)
{
	size_t len;
	char *nul;

	if (zt_read_file(path, text, &len))
		return error("cannot read rules file '%s': %s", path, zt_strerror(errno));
	/* a NUL would end the text there, silently dropping every line after it */
	nul = memchr(*text, '\0', len);
	if (nul) {
		unsigned int lineno = 1;
		size_t at = (size_t)(nul - *text);

		for (const char *p = *text; p < nul; p++)
			lineno += *p == '\n';
		free(*text);
		*text = NULL;
		return error("%s:%u: a NUL byte in the rules file (byte %zu): not a text file",
			     path, lineno, at);
	}
	return 0;
}

int zt_rules_each_line(const char *text, const char *path, zt_rules_line_fn *fn, void *arg)
{
	char *copy = xstrdup(text), *line = copy, *nl;
	unsigned int lineno = 0;
	int ret = 0;

	for (; line && !ret; line = nl) {
		char *hash;
		size_t n;

		nl = strchr(line, '\n');
		if (nl)
			*nl++ = '\0';
		lineno++;
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		n = strlen(line);
		while (n && isspace((unsigned char)line[n - 1]))
			line[--n] = '\0';
		ret = fn(line, path, lineno, arg);
	}
	free(copy);
	return ret;
}

int zt_parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	unsigned long v;
	char *end;

	if (!s || !*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

const char *zt_strerror(int err)
{
	return err == ZT_ENOTREG ? "not a regular file" : strerror(err);
}

char *zt_real_path_under(const char *root, const char *path)
{
	char real[PATH_MAX];
	size_t n = strlen(root);

	if (!path || !realpath(path, real))
		return NULL;
	if (strncmp(real, root, n) || real[n] != '/')
		return NULL;
	return xstrdup(real + n + 1);
}

/* FNV-1a, 64 bit: stable across runs and machines, which is all fingerprints and cache keys need. */
uint64_t zt_hash64(const void *data, size_t len, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t h = 0xcbf29ce484222325ULL ^ seed;

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

char *zt_hash_hex(const void *data, size_t len)
{
	uint64_t a = zt_hash64(data, len, 1), b = zt_hash64(data, len, 2 ^ 0x9e3779b97f4a7c15ULL);

	return xasprintf("%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
}

bool zt_named_in_a_string(const char *text, size_t len, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i + n + 2 <= len; i++)
		if (text[i] == '"' && !strncmp(text + i + 1, name, n) && text[i + n + 1] == '"')
			return true;
	return false;
}

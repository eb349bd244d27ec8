// SPDX-License-Identifier: GPL-2.0-only
/* The rewritten files of a tree in a directory of links that stands for it. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "process.h"
#include "shadow.h"
#include "strbuf.h"
#include "zerotax.h"

/* How far below a rewritten file's directory the directories are real. */
#define REAL_DEPTH 3

/* Replace the link @dir of the shadow (relative, "" the top) by a directory of links. */
static int make_real(struct zt_shadow *sh, const char *rel)
{
	char *s = rel[0] ? xasprintf("%s/%s", sh->tree, rel) : xstrdup(sh->tree);
	char *o = rel[0] ? xasprintf("%s/%s", sh->src, rel) : xstrdup(sh->src);
	struct stat st;
	struct dirent *e;
	DIR *d;
	int ret = 0;

	if (!lstat(s, &st) && S_ISDIR(st.st_mode))
		goto out;
	if ((!lstat(s, &st) && unlink(s)) || mkdir(s, 0755)) {
		ret = error("cannot create %s: %s", s, strerror(errno));
		goto out;
	}
	d = opendir(o);
	if (!d) {
		ret = error("cannot read %s: %s", o, strerror(errno));
		goto out;
	}
	while (!ret && (e = readdir(d))) {
		char *from, *to;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		from = xasprintf("%s/%s", o, e->d_name);
		to = xasprintf("%s/%s", s, e->d_name);
		if (symlink(from, to))
			ret = error("cannot link %s: %s", to, strerror(errno));
		free(from);
		free(to);
	}
	closedir(d);
out:
	free(s);
	free(o);
	return ret;
}

/* The directories of @rel below the file's own directory, @depth levels. */
static int make_real_below(struct zt_shadow *sh, const char *dir, int depth)
{
	char *o = dir[0] ? xasprintf("%s/%s", sh->src, dir) : xstrdup(sh->src);
	DIR *d;
	struct dirent *e;
	int ret = 0;

	if (depth <= 0 || !(d = opendir(o))) {
		free(o);
		return 0;
	}
	while (!ret && (e = readdir(d))) {
		char *rel, *abs;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		rel = dir[0] ? xasprintf("%s/%s", dir, e->d_name) : xstrdup(e->d_name);
		abs = xasprintf("%s/%s", o, e->d_name);
		if (!lstat(abs, &st) && S_ISDIR(st.st_mode))
			ret = make_real(sh, rel) || make_real_below(sh, rel, depth - 1);
		free(rel);
		free(abs);
	}
	closedir(d);
	free(o);
	return ret;
}

int zt_shadow_open(struct zt_shadow *sh, const char *src)
{
	char real[PATH_MAX];
	char *tmpl;

	memset(sh, 0, sizeof(*sh));
	if (!realpath(src, real))
		return error("cannot resolve %s: %s", src, strerror(errno));
	sh->src = xstrdup(real);
	tmpl = xasprintf("%s/zerotax-fix-XXXXXX", zt_tmpdir());
	if (!mkdtemp(tmpl)) {
		error("cannot create a scratch directory in %s: %s", zt_tmpdir(), strerror(errno));
		free(tmpl);
		free(sh->src);
		sh->src = NULL;
		return -1;
	}
	sh->root = tmpl;
	sh->tree = xasprintf("%s/tree", sh->root);
	if (make_real(sh, "")) {
		zt_shadow_close(sh);
		return -1;
	}
	return 0;
}

void zt_shadow_close(struct zt_shadow *sh)
{
	if (sh->root) {
		char *argv[] = { "rm", "-rf", "--", sh->root, NULL };
		struct zt_spawn_result res;

		zt_spawn(argv, NULL, &res);
		zt_spawn_result_release(&res);
	}
	for (size_t i = 0; i < sh->n_files; i++)
		free(sh->files[i]);
	free(sh->files);
	free(sh->src);
	free(sh->root);
	free(sh->tree);
	memset(sh, 0, sizeof(*sh));
}

char *zt_shadow_path(const struct zt_shadow *sh, const char *rel)
{
	return xasprintf("%s/%s", sh->tree, rel);
}

static char *read_path(char *p)
{
	char *text = NULL;

	if (zt_read_file(p, &text, NULL))
		text = NULL;
	free(p);
	return text;
}

char *zt_shadow_read(const struct zt_shadow *sh, const char *rel)
{
	return read_path(xasprintf("%s/%s", sh->tree, rel));
}

char *zt_shadow_read_orig(const struct zt_shadow *sh, const char *rel)
{
	return read_path(xasprintf("%s/%s", sh->src, rel));
}

static ssize_t file_index(const struct zt_shadow *sh, const char *rel)
{
	for (size_t i = 0; i < sh->n_files; i++)
		if (!strcmp(sh->files[i], rel))
			return (ssize_t)i;
	return -1;
}

char *zt_shadow_as_read_path(const char *root, const char *rel)
{
	char *p = xasprintf("%s/as-read/%s", root, rel), *s;

	for (s = p + strlen(root) + strlen("/as-read/"); *s; s++)
		if (*s == '/')
			*s = '%';
	return p;
}

int zt_shadow_keep_as_read(struct zt_shadow *sh, const char *rel, const char *text)
{
	char *dir = xasprintf("%s/as-read", sh->root), *p;
	int ret = 0;

	if (mkdir(dir, 0700) && errno != EEXIST)
		ret = -1;
	p = zt_shadow_as_read_path(sh->root, rel);
	if (!ret && access(p, F_OK))
		ret = zt_write_file(p, text, strlen(text));
	free(p);
	free(dir);
	return ret;
}

/* The original of @rel as it is now, kept once (when no step kept it first). */
static int keep_as_read(struct zt_shadow *sh, const char *rel, const char *orig)
{
	char *text = NULL;
	int ret = 0;

	if (file_index(sh, rel) < 0 && !zt_read_file(orig, &text, NULL))
		ret = zt_shadow_keep_as_read(sh, rel, text);
	free(text);
	return ret;
}

int zt_shadow_write(struct zt_shadow *sh, const char *rel, const char *text)
{
	char *dir = xstrdup(rel), *slash, *p, *o;
	struct stat st;
	int ret = 0;

	/* Every directory on the way is real; the file's own neighbourhood too. */
	for (slash = strchr(dir, '/'); !ret && slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		ret = make_real(sh, dir);
		*slash = '/';
	}
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		dir[0] = '\0';
	if (!ret && file_index(sh, rel) < 0)
		ret = make_real_below(sh, dir, REAL_DEPTH);
	free(dir);
	if (ret)
		return -1;
	p = xasprintf("%s/%s", sh->tree, rel);
	o = xasprintf("%s/%s", sh->src, rel);
	/* Never through the link: a new file in its place. */
	if (keep_as_read(sh, rel, o) || (!lstat(p, &st) && unlink(p)) ||
	    zt_write_file(p, text, strlen(text))) {
		ret = -1;
	} else {
		if (!stat(o, &st))
			chmod(p, st.st_mode & 07777);
		if (file_index(sh, rel) < 0) {
			ZT_ALLOC_GROW(sh->files, sh->n_files + 1, sh->alloc_files);
			sh->files[sh->n_files++] = xstrdup(rel);
		}
	}
	free(p);
	free(o);
	return ret;
}

bool zt_shadow_changed(const struct zt_shadow *sh, const char *rel)
{
	char *a, *b;
	bool diff;

	if (file_index(sh, rel) < 0)
		return false;
	a = zt_shadow_read_orig(sh, rel);
	b = zt_shadow_read(sh, rel);
	diff = !a || !b || strcmp(a, b);
	free(a);
	free(b);
	return diff;
}

void zt_shadow_mark(const struct zt_shadow *sh, struct zt_shadow_mark *m)
{
	m->n = sh->n_files;
	m->rel = xcalloc(m->n + 1, sizeof(*m->rel));
	m->text = xcalloc(m->n + 1, sizeof(*m->text));
	for (size_t i = 0; i < m->n; i++) {
		m->rel[i] = xstrdup(sh->files[i]);
		m->text[i] = zt_shadow_read(sh, sh->files[i]);
	}
}

int zt_shadow_restore(struct zt_shadow *sh, const struct zt_shadow_mark *m)
{
	int ret = 0;

	for (size_t i = 0; i < sh->n_files;) {
		const char *rel = sh->files[i];
		ssize_t k = -1;

		for (size_t j = 0; j < m->n; j++)
			if (!strcmp(m->rel[j], rel))
				k = (ssize_t)j;
		if (k >= 0) {
			if (m->text[k] && zt_shadow_write(sh, rel, m->text[k]))
				ret = error("cannot restore %s in the scratch tree", rel);
			i++;
			continue;
		}
		{
			/* Not rewritten at the mark: the link to the original again. */
			char *p = xasprintf("%s/%s", sh->tree, rel);
			char *o = xasprintf("%s/%s", sh->src, rel);

			if ((unlink(p) && errno != ENOENT) || symlink(o, p))
				ret = error("cannot restore %s in the scratch tree: %s", rel,
					    strerror(errno));
			free(p);
			free(o);
			free(sh->files[i]);
			memmove(&sh->files[i], &sh->files[i + 1],
				(sh->n_files - i - 1) * sizeof(*sh->files));
			sh->n_files--;
		}
	}
	return ret;
}

void zt_shadow_mark_release(struct zt_shadow_mark *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->rel[i]);
		free(m->text[i]);
	}
	free(m->rel);
	free(m->text);
	memset(m, 0, sizeof(*m));
}

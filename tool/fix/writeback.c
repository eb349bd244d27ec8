// SPDX-License-Identifier: GPL-2.0-only
/* Handing the verified rewrite back: a diff or the tree in place (the mails: patches.c). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "fix_internal.h"
#include "fixtree.h"
#include "journal.h"
#include "process.h"
#include "shadow.h"

/* ---- a whole copy, for --output and prove ------------------------------------ */

static bool is_build_dir(const char *dir)
{
	char *p = xasprintf("%s/CMakeCache.txt", dir);
	bool yes = access(p, F_OK) == 0;

	free(p);
	return yes;
}

static int copy_file(const char *from, const char *to, mode_t mode)
{
	char *data;
	size_t len;
	int ret;

	if (zt_read_file(from, &data, &len))
		return -1;
	ret = zt_write_file(to, data, len);
	free(data);
	if (!ret)
		chmod(to, mode & 07777);
	return ret;
}

/* The sources only: no .git, no build directories, not the copy itself. */
int zt_fix_copy_tree(const char *from, const char *to, const char *skip)
{
	DIR *d = opendir(from);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return error("cannot read %s: %s", from, strerror(errno));
	if (mkdir(to, 0755) && errno != EEXIST) {
		closedir(d);
		return error("cannot create %s: %s", to, strerror(errno));
	}
	while (!ret && (e = readdir(d))) {
		char *a, *b;
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !strcmp(e->d_name, ".git"))
			continue;
		a = path_in(from, e->d_name);
		b = path_in(to, e->d_name);
		if (lstat(a, &st)) {
			ret = error("cannot stat %s: %s", a, strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			char real[PATH_MAX];

			/* The copy may live inside the tree: never copy it into itself. */
			if (!(realpath(a, real) && !strcmp(real, skip)) && !is_build_dir(a))
				ret = zt_fix_copy_tree(a, b, skip);
		} else if (S_ISLNK(st.st_mode)) {
			char target[PATH_MAX];
			struct stat tst;
			ssize_t n;

			/*
			 * A linked file is copied as a file: the rewrite writes into the
			 * copy, and through a link it would reach the user's tree.
			 */
			if (!stat(a, &tst) && S_ISREG(tst.st_mode)) {
				if (copy_file(a, b, tst.st_mode))
					ret = error("cannot copy %s: %s", a, strerror(errno));
			} else if ((n = readlink(a, target, sizeof(target) - 1)) < 0 ||
				   (target[n] = '\0', symlink(target, b))) {
				ret = error("cannot copy the link %s: %s", a, strerror(errno));
			}
		} else if (S_ISREG(st.st_mode)) {
			if (copy_file(a, b, st.st_mode))
				ret = error("cannot copy %s: %s", a, strerror(errno));
		}
		free(a);
		free(b);
	}
	closedir(d);
	return ret;
}

/* ---- handing the verified copy back ----------------------------------------- */

int zt_fix_diff_files(const struct zt_fix_result *r, char *const *files, size_t n, char **diff)
{
	const char *src = r->source_root, *out = r->scratch_tree;
	size_t len = 0;

	*diff = xstrdup("");
	if (!n)
		return 0;
	if (!src || !out)
		return error("no rewritten files to compare");
	for (size_t i = 0; i < n; i++) {
		char *a = path_in(src, files[i]), *b = path_in(out, files[i]);
		char *la = xasprintf("a/%s", files[i]), *lb = xasprintf("b/%s", files[i]);
		char *argv[] = { "diff", "-up", "--label", la, "--label", lb, a, b, NULL };
		struct zt_spawn_result res;
		int ret = zt_spawn(argv, NULL, &res);

		free(a);
		free(b);
		free(la);
		free(lb);
		/* diff: 0 same, 1 different, 2 trouble */
		if (ret || res.exit_code > 1 || res.exit_code < 0) {
			zt_spawn_result_release(&res);
			return error("diff failed on %s", files[i]);
		}
		*diff = xrealloc(*diff, len + res.out_len + 1);
		memcpy(*diff + len, res.out, res.out_len + 1);
		len += res.out_len;
		zt_spawn_result_release(&res);
	}
	return 0;
}

int zt_fix_diff(const struct zt_fix_opts *opts, const struct zt_fix_result *r, char **diff)
{
	(void)opts;
	return zt_fix_diff_files(r, r->changed, r->n_changed, diff);
}

/*
 * A git tree with uncommitted changes is the user's work in progress. Only
 * "not a git repository" means there is no git tree; any other failure of
 * git (safe.directory, a broken index) is an error, not a reason to skip.
 */
/* A .git (directory or file) in @dir or above it. */
static bool inside_git_tree(const char *dir)
{
	char *d = realpath(dir, NULL), *slash;
	bool yes = false;

	while (d && !yes) {
		char *g = xasprintf("%s/.git", d);

		yes = access(g, F_OK) == 0;
		free(g);
		slash = strrchr(d, '/');
		if (!slash || slash == d)
			break;
		*slash = '\0';
	}
	free(d);
	return yes;
}

static int git_dirty(const char *dir, bool *is_git, char **status)
{
	char *argv[] = { "git", "-C", (char *)dir, "status", "--porcelain", "--", ".", NULL };
	const struct zt_spawn_opts opts = { .quiet_not_found = true };
	struct zt_spawn_result res;
	int ret = 0;

	*is_git = false;
	*status = NULL;
	if (zt_spawn(argv, &opts, &res)) {
		/*
		 * git itself is missing: fail closed when the tree (or a directory
		 * above it) is a git work tree, since nothing can tell whether it
		 * holds uncommitted work; elsewhere there is nothing to protect.
		 */
		if (res.not_found && inside_git_tree(dir))
			ret = error("git is not installed: cannot tell whether %s has uncommitted "
				    "changes (install git, or use --force)", dir);
		else if (!res.not_found)
			ret = error("git status in %s could not run: %s", dir,
				    zt_spawn_failure(&res));
	} else if (!res.exit_code) {
		*is_git = true;
		*status = xstrdup(res.out);
	} else if (!strstr(res.err, "not a git repository")) {
		ret = error("git status in %s failed: %.*s", dir, (int)strcspn(res.err, "\n"),
			    res.err);
	}
	zt_spawn_result_release(&res);
	return ret;
}

/* A new file beside the old one, with its mode, on disk before it is renamed. */
int fix_write_new(const char *path, const char *text, mode_t mode)
{
	size_t len = strlen(text), done = 0;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	while (done < len) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto fail;
		done += (size_t)n;
	}
	if (fchmod(fd, mode & 07777) || fsync(fd))
		goto fail;
	return close(fd);
fail:
	close(fd);
	unlink(path);
	return -1;
}

/*
 * Two phases, so the tree is never left half-rewritten: (1) every new file is
 * written beside its original and synced — a failure removes them and nothing
 * has changed; (2) each original is kept as a hard link, the new file renamed
 * over it — a failure renames the kept originals back.
 */
static int write_back_locked(const struct zt_fix_result *r, bool force);

int zt_fix_lock_tree(const char *src, int how)
{
	int fd = open(src, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0) {
		error("cannot lock %s: %s", src, strerror(errno));
		return -1;
	}
	if (!flock(fd, how | LOCK_NB))
		return fd;
	if (errno == EWOULDBLOCK)
		note("waiting for another zerotax fix on %s", src);
	while (flock(fd, how)) {
		if (errno != EINTR) {
			error("cannot lock %s: %s", src, strerror(errno));
			close(fd);
			return -1;
		}
	}
	return fd;
}

/* Every file to replace is still what fix read: else an edit would be lost. */
static int still_as_read(const struct zt_fix_result *r)
{
	for (size_t i = 0; i < r->n_changed; i++) {
		char *kept = zt_shadow_as_read_path(r->scratch_root, r->changed[i]);
		char *then = NULL, *now = read_rel(r->source_root, r->changed[i]);
		size_t len = 0;
		bool same;

		if (zt_read_file(kept, &then, &len))
			then = NULL;
		same = then && now && strlen(now) == len && !memcmp(then, now, len);
		free(kept);
		free(then);
		free(now);
		if (!same)
			return error("%s/%s changed while fix ran (it is not the file fix read and "
				     "verified): nothing written, the change is kept; run fix again",
				     r->source_root, r->changed[i]);
	}
	return 0;
}

int zt_fix_write_back(const struct zt_fix_opts *opts, const struct zt_fix_result *r, bool force)
{
	int lock, ret;

	if (r->failed_step)
		return error("not writing back: step '%s' failed", r->failed_step);
	if (!r->n_changed)
		return 0;
	if (!r->source_root || !r->scratch_tree)
		return error("nothing was rewritten");
	/*
	 * The shared lock this run read under is given up before the exclusive
	 * one is waited for: two fixes trading up at once would wait on each
	 * other. A second one waits for the first, then finds the files changed.
	 */
	if (r->have_tree_lock && flock(r->tree_lock, LOCK_UN))
		return error("cannot unlock %s: %s", r->source_root, strerror(errno));
	lock = zt_fix_lock_tree(r->source_root, LOCK_EX);
	if (lock < 0)
		return -1;
	ret = still_as_read(r);
	if (!ret)
		ret = write_back_locked(r, force);
	close(lock);	/* and the lock with it */
	return ret;
}

/* --force writes whatever git would say: git is not asked (nor needed). */
static int refuse_uncommitted(const char *src, bool force)
{
	char *status;
	bool is_git;

	if (force)
		return 0;
	if (git_dirty(src, &is_git, &status))
		return -1;
	if (is_git && status[0]) {
		free(status);
		return error("%s has uncommitted changes; commit or stash them, or use --force",
			     src);
	}
	free(status);
	return 0;
}

/* Each changed file's three names: itself, its new text beside it, its original kept. */
struct wb_names {
	size_t n;
	char **dst, **tmp, **keep;
};

static void wb_names_init(struct wb_names *w, const char *src, const struct zt_fix_result *r)
{
	w->n = r->n_changed;
	w->dst = xcalloc(w->n + 1, sizeof(*w->dst));
	w->tmp = xcalloc(w->n + 1, sizeof(*w->tmp));
	w->keep = xcalloc(w->n + 1, sizeof(*w->keep));
	for (size_t i = 0; i < w->n; i++) {
		w->dst[i] = path_in(src, r->changed[i]);
		w->tmp[i] = xasprintf("%s.zerotax-new", w->dst[i]);
		w->keep[i] = xasprintf("%s.zerotax-orig", w->dst[i]);
	}
}

static void wb_names_release(struct wb_names *w)
{
	for (size_t i = 0; i < w->n; i++) {
		free(w->dst[i]);
		free(w->tmp[i]);
		free(w->keep[i]);
	}
	free(w->dst);
	free(w->tmp);
	free(w->keep);
}

/* Phase 1, nothing in the tree changes: every new text written beside its file. */
static int stage_new_texts(const struct wb_names *w, const struct zt_fix_result *r)
{
	size_t written;
	int ret = 0;

	for (written = 0; written < w->n; written++) {
		char *text = read_rel(r->scratch_tree, r->changed[written]);
		struct stat st;

		if (lstat(w->dst[written], &st))
			ret = error("cannot write %s: %s", w->dst[written], strerror(errno));
		else if (!S_ISREG(st.st_mode))
			ret = error("not writing through %s: not a regular file (a symbolic link?)",
				    w->dst[written]);
		else if (!text || fix_write_new(w->tmp[written], text, st.st_mode))
			ret = error("cannot write %s: %s", w->tmp[written], strerror(errno));
		free(text);
		if (ret)
			break;
	}
	if (ret)
		for (size_t i = 0; i < written; i++)
			unlink(w->tmp[i]);
	return ret;
}

/*
 * Phase 2: each rename is atomic; the originals are kept until all are in and
 * the journal says so. On a failure the renamed ones go back; what cannot is
 * left to the journal (the next run finishes the rollback).
 */
static int swap_in(const struct wb_names *w, const char *src, struct zt_journal *j)
{
	size_t replaced;
	bool left = false;
	int ret = 0;

	for (replaced = 0; replaced < w->n; replaced++) {
		if (link(w->dst[replaced], w->keep[replaced])) {
			ret = error("cannot keep %s: %s", w->dst[replaced], strerror(errno));
			break;
		}
		if (rename(w->tmp[replaced], w->dst[replaced])) {
			ret = error("cannot replace %s: %s", w->dst[replaced], strerror(errno));
			unlink(w->keep[replaced]);
			break;
		}
	}
	/* every file is in: from here on a kill is completed, not rolled back */
	if (!ret && zt_journal_commit(j))
		ret = error("cannot write the journal in %s: %s", src, strerror(errno));
	if (!ret) {
		for (size_t i = 0; i < w->n; i++)
			unlink(w->keep[i]);
		/* Ended last: until then a kill is completed, never left in between. */
		zt_journal_end(j);
		return 0;
	}
	for (size_t i = 0; i < replaced; i++)
		if (rename(w->keep[i], w->dst[i]))
			left = error("tree left partially rewritten: restore %s from %s", w->dst[i],
				     w->keep[i]);
	for (size_t i = replaced; i < w->n; i++)
		unlink(w->tmp[i]);
	if (!left)
		zt_journal_end(j);
	else
		zt_journal_close(j);
	return ret;
}

static int write_back_locked(const struct zt_fix_result *r, bool force)
{
	struct wb_names w;
	struct zt_journal j;
	int ret;

	if (refuse_uncommitted(r->source_root, force))
		return -1;
	wb_names_init(&w, r->source_root, r);
	/* The journal first: a kill from here on is rolled back by the next run. */
	if (zt_journal_begin(&j, r->source_root, r->changed, w.n)) {
		ret = error("cannot write the journal in %s: %s", r->source_root, strerror(errno));
		goto out;
	}
	ret = stage_new_texts(&w, r);
	if (ret)
		zt_journal_end(&j);
	else
		ret = swap_in(&w, r->source_root, &j);
out:
	wb_names_release(&w);
	return ret;
}

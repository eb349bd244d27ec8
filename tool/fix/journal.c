// SPDX-License-Identifier: GPL-2.0-only
/* The write-back journal: a kill half-way is rolled back or completed next time. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compdb.h"
#include "fix_internal.h"
#include "guard.h"
#include "journal.h"

#define JOURNAL ".zerotax-journal"
#define HEADER "zerotax write-back journal 3\n"
#define COMMIT "commit\n"
#define LOCK_WAIT_MS 5000

static int write_all(int fd, const char *text)
{
	size_t len = strlen(text), done = 0;

	while (done < len) {
		ssize_t n = write(fd, text + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		done += (size_t)n;
	}
	return 0;
}

/*
 * Where a run records the journals it writes, outside every tree:
 * $XDG_STATE_HOME/zerotax/journals, else ~/.local/state/zerotax/journals
 * (the password database's home when HOME is unset). NULL when none.
 */
static char *record_dir(void)
{
	const char *x = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	struct passwd *pw;

	if (x && x[0] == '/')
		return xasprintf("%s/zerotax/journals", x);
	if (!home || home[0] != '/') {
		pw = getpwuid(geteuid());
		home = pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : NULL;
	}
	return home ? xasprintf("%s/.local/state/zerotax/journals", home) : NULL;
}

/* The binding of one run's journal: "run ID pid PID start TICKS uid UID". */
struct run_id {
	char id[33];
	long pid;
	unsigned long long start;
	unsigned long uid;
};

static int new_run_id(struct run_id *r)
{
	unsigned char raw[16];

	if (getrandom(raw, sizeof(raw), 0) != (ssize_t)sizeof(raw))
		return -1;
	for (size_t i = 0; i < sizeof(raw); i++)
		snprintf(r->id + 2 * i, 3, "%02x", raw[i]);
	r->pid = (long)getpid();
	if (!zt_process_alive(getpid(), &r->start))
		r->start = 0;
	r->uid = (unsigned long)geteuid();
	return 0;
}

static char *run_line(const struct run_id *r)
{
	return xasprintf("run %s pid %ld start %llu uid %lu\n", r->id, r->pid, r->start, r->uid);
}

/* The record of @r's journal in @tree, written (synced) before the journal itself. */
static int write_record(const struct run_id *r, const char *tree, char **path)
{
	char *dir = record_dir(), *real = realpath(tree, NULL), *text = NULL;
	int fd = -1, ret = -1, err = 0;

	*path = NULL;
	if (!dir || !real) {
		err = dir ? errno : ENOENT;
		goto out;
	}
	if (zt_mkdir_p(dir, 0700)) {
		err = errno;
		goto out;
	}
	*path = xasprintf("%s/%s", dir, r->id);
	text = xasprintf("%s%s\n", "tree ", real);
	fd = open(*path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0 || write_all(fd, text) || fsync(fd)) {
		err = errno;
		goto out;
	}
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	if (ret && *path) {
		unlink(*path);
		free(*path);
		*path = NULL;
	}
	free(dir);
	free(real);
	free(text);
	errno = err;
	return ret;
}

int zt_journal_begin(struct zt_journal *j, const char *src, char *const *rel, size_t n)
{
	char *tmp, *text, *t;
	struct run_id r;
	int fd = -1, err;

	j->fd = -1;
	j->path = NULL;
	j->record = NULL;
	if (new_run_id(&r) || write_record(&r, src, &j->record))
		return -1;
	j->path = path_in(src, JOURNAL);
	tmp = xasprintf("%s.new", j->path);
	t = run_line(&r);
	text = xasprintf("%s%s", HEADER, t);
	free(t);
	for (size_t i = 0; i < n; i++) {
		t = xasprintf("%sfile %s\n", text, rel[i]);
		free(text);
		text = t;
	}
	unlink(tmp);
	fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	/* locked before it has a name a recovery looks at; the lock follows the rename */
	if (fd < 0 || flock(fd, LOCK_EX) || write_all(fd, text) || fsync(fd) ||
	    rename(tmp, j->path)) {
		err = errno;
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		unlink(j->record);
		free(j->record);
		j->record = NULL;
		free(tmp);
		free(text);
		free(j->path);
		j->path = NULL;
		errno = err;
		return -1;
	}
	j->fd = fd;
	free(tmp);
	free(text);
	return 0;
}

int zt_journal_commit(struct zt_journal *j)
{
	if (lseek(j->fd, 0, SEEK_END) < 0 || write_all(j->fd, COMMIT) || fsync(j->fd))
		return -1;
	return 0;
}

void zt_journal_close(struct zt_journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
	j->fd = -1;
	free(j->path);
	j->path = NULL;
	free(j->record);
	j->record = NULL;
}

void zt_journal_end(struct zt_journal *j)
{
	/* unlinked while still locked: no recovery sees it without its lock */
	if (j->path)
		unlink(j->path);
	if (j->record)
		unlink(j->record);
	zt_journal_close(j);
}

/* Open and lock @path. 0 locked (*fd), 1 someone holds it, -1 gone or unreadable (errno). */
static int lock_file(const char *path, int *fd)
{
	struct stat a, b;

	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return -1;
	/*
	 * A live write-back holds it only while it renames (milliseconds): wait
	 * for it a little, as parallel Kbuild checks finding one journal must.
	 */
	for (int waited = 0; flock(*fd, LOCK_EX | LOCK_NB); waited += 10) {
		if (errno != EWOULDBLOCK || waited >= LOCK_WAIT_MS) {
			int busy = errno == EWOULDBLOCK;

			close(*fd);
			*fd = -1;
			return busy ? 1 : -1;
		}
		usleep(10 * 1000);
	}
	/* the writer unlinked it between our open and our lock: it finished */
	if (fstat(*fd, &a) || stat(path, &b) || a.st_ino != b.st_ino || a.st_dev != b.st_dev) {
		close(*fd);
		*fd = -1;
		errno = ENOENT;
		return -1;
	}
	return 0;
}

static char *read_fd(int fd)
{
	char *text = NULL, buf[8192];
	size_t len = 0;
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(text);
			return NULL;
		}
		text = xrealloc(text, len + (size_t)n + 1);
		memcpy(text + len, buf, (size_t)n);
		len += (size_t)n;
		text[len] = '\0';
	}
	return text ? text : xstrdup("");
}

/* One listed file: back to its original (@complete false) or kept as rewritten. */
static int settle(const char *src_dir, const char *rel, bool complete, size_t *count)
{
	char *dst = path_in(src_dir, rel), *keep = xasprintf("%s.zerotax-orig", dst);
	char *tmp = xasprintf("%s.zerotax-new", dst);
	struct stat a, b;
	int ret = 0;

	if (!access(keep, F_OK)) {
		/* Killed before its rename: both names are one file, rename() would be a no-op. */
		if (complete || (!stat(keep, &a) && !stat(dst, &b) && a.st_ino == b.st_ino &&
				 a.st_dev == b.st_dev)) {
			if (unlink(keep))
				ret = error("cannot remove %s: %s", keep, strerror(errno));
			else if (complete)
				(*count)++;
		} else if (rename(keep, dst)) {
			ret = error("cannot restore %s from %s: %s", dst, keep, strerror(errno));
		} else {
			(*count)++;
		}
	}
	unlink(tmp);
	free(dst);
	free(keep);
	free(tmp);
	return ret;
}

/*
 * Was @text (the journal, read from @fd in @src_dir) written by a zerotax run
 * of ours on this machine? Its "run" line names a record the run wrote
 * outside the tree first (record_dir()/ID, ours, naming this tree), and its
 * owner is us; a journal that came in with the tree (committed, unpacked, a
 * pull request) has no record. 0 yes (*record set), -1 with *why.
 */
static int bound_to_us(const char *src_dir, const char *text, int fd, char **record,
		       const char **why)
{
	char id[64], *dir = NULL, *real = NULL, *want = NULL, *have = NULL;
	unsigned long long start, now = 0;
	unsigned long uid;
	long pid;
	struct stat st;
	size_t len;
	int ret = -1;

	*record = NULL;
	*why = "it was not written by a zerotax run (no run line: another version, or it came "
	       "with the tree)";
	if (sscanf(text + strlen(HEADER), "run %32[0-9a-f] pid %ld start %llu uid %lu", id, &pid,
		   &start, &uid) != 4 || strlen(id) != 32)
		return -1;
	*why = "it belongs to another user";
	if (fstat(fd, &st) || st.st_uid != geteuid() || uid != (unsigned long)geteuid())
		return -1;
	*why = "it is running now (its process is alive)";
	/* a zombie is no writer: a killed worker whose parent died waits to be reaped */
	if (pid > 0 && zt_process_alive((pid_t)pid, &now) && now == start)
		return -1;
	*why = "no run of this user on this machine wrote it (no record of it in the state "
	       "directory: it came with the tree)";
	dir = record_dir();
	real = realpath(src_dir, NULL);
	if (!dir || !real)
		goto out;
	*record = xasprintf("%s/%s", dir, id);
	want = xasprintf("tree %s\n", real);
	if (lstat(*record, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    zt_read_file(*record, &have, &len))
		goto out;
	*why = "its record names another tree (the journal was copied here)";
	if (strlen(want) != len || memcmp(want, have, len))
		goto out;
	ret = 0;
out:
	if (ret) {
		free(*record);
		*record = NULL;
	}
	free(dir);
	free(real);
	free(want);
	free(have);
	return ret;
}

static int replay(const char *src_dir, int fd, char **what)
{
	char *text = read_fd(fd), *save = NULL, *body, *record = NULL;
	size_t files = 0, done = 0, len;
	const char *why;
	bool complete;
	int ret = 0;

	if (!text)
		return error("cannot read %s/%s: %s", src_dir, JOURNAL, strerror(errno));
	if (strncmp(text, HEADER, strlen(HEADER)) &&
	    strncmp(text, "zerotax write-back journal ", 27)) {
		free(text);
		return error("%s/%s is not a zerotax journal: not touching the tree", src_dir,
			     JOURNAL);
	}
	why = "it is of another zerotax version";
	if (strncmp(text, HEADER, strlen(HEADER)) ||
	    bound_to_us(src_dir, text, fd, &record, &why)) {
		free(text);
		return error("%s/%s: not recovering this write-back journal: %s; the tree is "
			     "not touched (remove the journal and its *.zerotax-orig files if "
			     "they are not yours)", src_dir, JOURNAL, why);
	}
	body = text + strlen(HEADER);
	len = strlen(body);
	/* the commit line is written after the last rename: a whole line or none */
	complete = len >= strlen(COMMIT) && !strcmp(body + len - strlen(COMMIT), COMMIT);
	for (char *l = strtok_r(body, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, "file ", 5))
			continue;
		l += 5;
		if (!strncmp(l, "../", 3) || strstr(l, "/../") || l[0] == '/' || !l[0])
			continue;	/* never outside the tree */
		files++;
		if (settle(src_dir, l, complete, &done))
			ret = -1;
	}
	free(text);
	if (!ret)
		unlink(record);
	free(record);
	if (ret)
		return ret;
	if (complete)
		*what = xasprintf("completed an interrupted write-back: %zu file(s) rewritten, "
				  "the tree is as the fix left it", files);
	else
		*what = xasprintf("rolled back an interrupted write-back: %zu of %zu file(s) "
				  "restored, the tree is as it was before it", done, files);
	return 0;
}

int zt_fix_recover(const char *src_dir, char **what)
{
	char *path = path_in(src_dir, JOURNAL), *half = xasprintf("%s.new", path);
	int fd, ret = 0, rc;

	*what = NULL;
	/* Killed while the journal itself was written: no file was touched yet. */
	rc = lock_file(half, &fd);
	if (rc == 0) {
		unlink(half);
		close(fd);
	}
	if (rc != 1)
		rc = lock_file(path, &fd);
	if (rc == 1) {
		*what = xstrdup("another zerotax is writing back into this tree now: not "
				"touching it");
		ret = 1;
	} else if (rc < 0) {
		if (errno != ENOENT)
			ret = error("cannot read %s: %s", path, strerror(errno));
	} else {
		ret = replay(src_dir, fd, what);
		if (!ret)
			unlink(path);	/* still locked: the next one finds nothing */
		close(fd);
	}
	free(path);
	free(half);
	return ret;
}

/*
 * What a command does with a journal it finds: fix recovers its own; a
 * command that only reads the tree (check, layout) says so and reads the tree
 * as it is, writing nothing; layout --apply, which writes, refuses.
 */
enum found {
	FOUND_RECOVER,
	FOUND_WARN,
	FOUND_REFUSE,
};

/* @dir's journal (if it has one) handled as @how says; -1 when the command must stop. */
static int recover_one(const char *dir, enum found how)
{
	char *j = path_in(dir, JOURNAL), *h = xasprintf("%s.new", j), *what = NULL;
	bool any = !access(j, F_OK) || !access(h, F_OK);
	int rc = 0;

	free(j);
	free(h);
	if (!any)
		return 0;
	if (how == FOUND_WARN) {
		warning("%s: holds a write-back journal (%s): read as it is, nothing touched; "
			"only 'zerotax fix' recovers the journals of its own runs", dir, JOURNAL);
		return 0;
	}
	if (how == FOUND_REFUSE)
		return error("%s: holds a write-back journal (%s): not writing into a tree in "
			     "between; 'zerotax fix -s %s' recovers the journal of its own run",
			     dir, JOURNAL, dir);
	rc = zt_fix_recover(dir, &what);
	if (rc == 1)
		rc = error("%s: %s", dir, what);
	else if (!rc && what)
		warning("%s: %s", dir, what);
	free(what);
	return rc ? -1 : 0;
}

/* @dir and each directory above it, unless @seen has it already. */
static int recover_up(const char *dir, enum found how, char ***seen, size_t *n_seen)
{
	char *d = realpath(dir, NULL), *slash;
	int ret = 0;

	while (d) {
		bool old = false;

		for (size_t i = 0; i < *n_seen && !old; i++)
			old = !strcmp((*seen)[i], d);
		if (old)
			break;	/* and so is every directory above it */
		*seen = xrealloc(*seen, (*n_seen + 1) * sizeof(**seen));
		(*seen)[(*n_seen)++] = xstrdup(d);
		if (recover_one(d, how))
			ret = -1;
		slash = strrchr(d, '/');
		if (!slash)
			break;
		if (slash == d) {
			if (!d[1])
				break;
			d[1] = '\0';
		} else {
			*slash = '\0';
		}
	}
	free(d);
	return ret;
}

int zt_fix_recover_above(const char *dir)
{
	char **seen = NULL;
	size_t n = 0;
	int ret = recover_up(dir, FOUND_RECOVER, &seen, &n);

	free_list(seen, n);
	return ret;
}

int zt_journal_refuse_above(const char *dir)
{
	char **seen = NULL;
	size_t n = 0;
	int ret = recover_up(dir, FOUND_REFUSE, &seen, &n);

	free_list(seen, n);
	return ret;
}

void zt_journal_warn_db(const struct zt_compdb *db)
{
	char **seen = NULL;
	size_t n = 0;

	for (size_t i = 0; i < db->n; i++) {
		const char *f = db->v[i].file;
		const char *slash = f ? strrchr(f, '/') : NULL;
		char *dir;

		if (!slash)
			continue;
		dir = slash == f ? xstrdup("/") : xstrndup(f, (size_t)(slash - f));
		recover_up(dir, FOUND_WARN, &seen, &n);
		free(dir);
	}
	free_list(seen, n);
}

struct fix_guard {
	const char *src;
	const char *output;	/* --output DIR, NULL without */
	bool output_was;	/* it existed (empty: fix refuses any other) before the run */
};

/* Empty or missing, as fix wants --output: then an interrupted copy may go. */
static int output_state(const char *dir, bool *existed)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int ret = 0;

	*existed = d != NULL;
	if (!d)
		return errno == ENOENT ? 0 : -1;
	while (!ret && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			ret = -1;
	closedir(d);
	return ret;
}

/* Back to how it was: removed if this run made it, else emptied. */
static void output_undo(const char *dir, bool existed)
{
	DIR *d;
	struct dirent *e;

	if (!existed) {
		zt_remove_tree(dir);
		return;
	}
	d = opendir(dir);
	while (d && (e = readdir(d))) {
		char *p;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		p = path_in(dir, e->d_name);
		zt_remove_tree(p);
		free(p);
	}
	if (d)
		closedir(d);
}

static int guard_recover(void *arg, char **said)
{
	const struct fix_guard *g = arg;
	int rc = zt_fix_recover(g->src, said);

	if (g->output) {
		char *s;

		output_undo(g->output, g->output_was);
		s = xasprintf("%s%s%s %s", *said ? *said : "the tree is untouched",
			      "; the unfinished --output ", g->output,
			      g->output_was ? "emptied" : "removed");
		free(*said);
		*said = s;
	}
	return rc < 0 ? -1 : 0;
}

int zt_fix_guard(const char *src_dir, const char *output_dir, int *code)
{
	/* the guard recovers before zt_guard_begin() returns: @g lives long enough */
	struct fix_guard g = { .src = src_dir };
	const struct zt_guard_opts o = {
		.what = "fix",
		.recover = guard_recover,
		.arg = &g,
		.killed = "an interrupted write-back is recovered by the next zerotax command "
			  "on the tree",
	};

	/* a directory with something in it is refused by fix and never touched here */
	if (output_dir && !output_state(output_dir, &g.output_was))
		g.output = output_dir;
	return zt_guard_begin(&o, code);
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * journal: what an --in-place write-back is about to rename, on disk before
 * the first rename (TREE/.zerotax-journal), so that a write-back killed
 * half-way is put right by the next zerotax command on the tree.
 *
 * The journal lists the files; each rewritten file is first written beside
 * its original (FILE.zerotax-new), then the original is kept as a hard link
 * (FILE.zerotax-orig) and the new file renamed over it. Once every rename is
 * done the journal gets its "commit" line. Recovery then:
 *   - without "commit": rolls back (every kept original renamed back),
 *   - with "commit":    completes (the kept originals removed),
 * and says which. The writer holds an flock() on the journal while it runs,
 * so a live write-back is never taken for an interrupted one.
 *
 * Only fix recovers, and only a journal of its own: the journal's "run" line
 * (a random id, the writer's pid, start time and uid) names a record the run
 * wrote outside every tree first ($XDG_STATE_HOME/zerotax/journals/ID, else
 * ~/.local/state/...), which names the tree. A journal that came in with
 * the tree has no record and is never replayed. check and layout only say
 * that a journal is there: a read-only command never writes.
 */
#ifndef ZT_JOURNAL_H
#define ZT_JOURNAL_H

#include <stddef.h>

struct zt_compdb;

struct zt_journal {
	int fd;			/* locked for as long as the write-back runs */
	char *path;
	char *record;		/* its record outside the tree (see above) */
};

/* Write and lock the journal of @n files (relative to @src). -1 with errno set. */
int zt_journal_begin(struct zt_journal *j, const char *src, char *const *rel, size_t n);
/* Every rename is done: from now on recovery completes. -1 with errno set. */
int zt_journal_commit(struct zt_journal *j);
/* The write-back is over (done, or undone by itself): remove the journal. */
void zt_journal_end(struct zt_journal *j);
/* Over, but not undone: leave the journal for the next run. */
void zt_journal_close(struct zt_journal *j);

/*
 * Recover SRC's journal, if any. 0 with *what saying what was done (NULL:
 * no journal), 1 when another zerotax is writing back there now (*what says
 * so; nothing touched), -1 with error() said.
 */
int zt_fix_recover(const char *src_dir, char **what);

/*
 * fix's recovery before it reads a tree: every journal in @dir or a
 * directory above it, each reported in one line on stderr ("DIR: rolled
 * back ..."). 0, or -1 (error() said) when one could not be recovered, is
 * not bound to a run of ours, or a write-back is running there.
 */
int zt_fix_recover_above(const char *dir);
/* A command that writes a tree but is not fix (layout --apply): -1 when a journal is there. */
int zt_journal_refuse_above(const char *dir);
/*
 * A read-only command (check, layout): a warning per journal in the
 * directories of @db's files or above them; nothing is read or written.
 */
void zt_journal_warn_db(const struct zt_compdb *db);

/*
 * Run the rest of `fix` under a guard (tool/lib/guard.h): SIGINT, SIGTERM
 * and SIGHUP remove its scratch, end its children, recover the journal of
 * @src_dir and put @output_dir (--output, NULL without) back as it was
 * (removed when the run made it, emptied when it was an empty directory);
 * the exit code is then 128 + the signal. As zt_guard_begin(): 0 in the
 * worker, 1 in the guard with *code, -1 with error() said.
 */
int zt_fix_guard(const char *src_dir, const char *output_dir, int *code);

#endif /* ZT_JOURNAL_H */

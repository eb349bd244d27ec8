/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How netdev spells a patch's subject (rules/netdev-subjects.conf): the
 * prefix of a driver's files and the words of a type name. Facts about the
 * kernel, kept as data; the format is described at the top of the file.
 */
#ifndef ZT_SUBJECTS_H
#define ZT_SUBJECTS_H

#include "strbuf.h"

struct zt_subject_rules {
	struct zt_strvec path_text, path_prefix;	/* "path TEXT PREFIX", pairwise */
	struct zt_strvec upper;				/* "upper WORD" */
	struct zt_strvec word, word_text;		/* "word WORD TEXT", pairwise */
};

#define ZT_SUBJECT_RULES_INIT { 0 }

/* Parse the text of the file; -1 with error() naming @path:line on bad input. */
int zt_subject_rules_parse(const char *text, const char *path, struct zt_subject_rules *r);
/* Read @rules_dir/netdev-subjects.conf (NULL: the source tree's rules/). */
int zt_subject_rules_load(const char *rules_dir, struct zt_subject_rules *r);
/*
 * The rules of @path added to @r (fix --subject-rules): read after the
 * shipped file, its "path" and "word" lines win over the shipped ones.
 */
int zt_subject_rules_add_file(const char *path, struct zt_subject_rules *r);
void zt_subject_rules_release(struct zt_subject_rules *r);

/*
 * The prefix for a file, by the longest "path" that matches where a path
 * component starts (of equal ones the last); NULL: none does.
 */
const char *zt_subject_path_prefix(const struct zt_subject_rules *r, const char *file);
/* "xdp_buff" -> "XDP buffer": the words of a name as the subject writes them. */
char *zt_subject_words(const struct zt_subject_rules *r, const char *name);

#endif /* ZT_SUBJECTS_H */

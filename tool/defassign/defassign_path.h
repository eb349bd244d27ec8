/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Access paths of the object definite assignment follows (the local, or what
 * a callee's pointer parameter points to): a base and a list of steps. The
 * base is the object itself, or the struct around it when a callee reached
 * it through container_of() ("^T:m": the struct T whose member m the object
 * is). A step is a field (by name: an anonymous struct's or union's members
 * are the outer one's), a known element, some element not known, the
 * elements below a count, the one element below a count a loop is at, or a
 * struct's holes. No steps and the object's base: all of it.
 *
 * Paths are compared by da_path_cmp() and da_path_covers(), and printed by
 * da_path_print() alone (in the notation of reasons, or as a report says it);
 * the analysis holds no path as a string. Private to tool/defassign/.
 */
#ifndef ZT_DEFASSIGN_PATH_H
#define ZT_DEFASSIGN_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"

struct da_path;

/* What names the count of "the elements below it" */
enum da_key_kind {
	DA_KEY_VAR,	/* a variable of the function walked: its USR */
	DA_KEY_PARAM,	/* in a callee, its parameter @param: the caller maps it to its argument */
	DA_KEY_SIBLING,	/* the member @name of the struct the array is a member of */
	/* while a path is built: the integer member at @member of the object (da_key_sibling()) */
	DA_KEY_MEMBER,
};

struct da_key {
	enum da_key_kind kind;
	unsigned int param;
	char *name;			/* VAR: the USR; SIBLING: the member */
	struct da_path *member;		/* MEMBER */
};

enum da_step_kind {
	DA_STEP_FIELD,		/* .name */
	DA_STEP_INDEX,		/* [N] */
	DA_STEP_ANY,		/* [*]: some element, which one not known */
	DA_STEP_BELOW,		/* [<K]: the elements [0, K) */
	DA_STEP_AT,		/* [=K]: the one element below K a loop is at */
	DA_STEP_PADDING,	/* <padding>: a struct's holes (da_read_bytes()) */
};

struct da_step {
	enum da_step_kind kind;
	char *name;		/* FIELD */
	long long index;	/* INDEX */
	struct da_key key;	/* BELOW, AT */
};

struct da_path {
	/* the struct named @around_type whose member @around_member the object is; NULL: none */
	char *around_type, *around_member;
	struct da_step *v;
	size_t n, alloc;
};

/* a list of paths, each owned */
struct da_paths {
	struct da_path **v;
	size_t n, alloc;
};

/* ---- keys ---- */
struct da_key *da_key_var(const char *usr);
struct da_key *da_key_param(unsigned int param);
struct da_key *da_key_member(const struct da_path *member);
struct da_key *da_key_sibling(const char *member);
void da_key_free(struct da_key *k);
bool da_key_equal(const struct da_key *a, const struct da_key *b);

/* ---- making paths (each returns a new path: da_path_free() it) ---- */
struct da_path *da_path_whole(void);
struct da_path *da_path_around(const char *type, const char *member);
struct da_path *da_path_dup(const struct da_path *p);
/* @p's steps after @prefix's (@p's base is the object's, or @prefix is all of it) */
struct da_path *da_path_join(const struct da_path *prefix, const struct da_path *p);
/* @prefix's field @name (no name, an anonymous member: @prefix itself) */
struct da_path *da_path_field(const struct da_path *prefix, const char *name);
struct da_path *da_path_index(const struct da_path *prefix, long long index);
struct da_path *da_path_any(const struct da_path *prefix);
struct da_path *da_path_padding(const struct da_path *prefix);
/* @prefix's elements below @key (DA_STEP_BELOW) or the one a loop is at (DA_STEP_AT) */
struct da_path *da_path_counted(const struct da_path *prefix, enum da_step_kind kind,
				const struct da_key *key);
/* "a.b": the fields a rule's file or a skipped block names */
struct da_path *da_path_of_fields(const char *dotted);
/* @p's steps from the one at @from on, in the object itself (its base dropped) */
struct da_path *da_path_from(const struct da_path *p, size_t from);
/* @p without its last step (all of it without steps); its base stays */
struct da_path *da_path_parent(const struct da_path *p);
void da_path_free(struct da_path *p);

/* ---- comparing ---- */
/* 0 when the same path; else an order (by base, then step by step) */
int da_path_cmp(const struct da_path *a, const struct da_path *b);
/*
 * @w covers @p: the same path, or an object @p is part of; an element a loop
 * is at ("[=K]") is part of the elements below K ("[<K]")
 */
bool da_path_covers(const struct da_path *w, const struct da_path *p);
bool da_path_is_whole(const struct da_path *p);		/* all of the object */
bool da_path_has(const struct da_path *p, enum da_step_kind kind);
bool da_path_fields_only(const struct da_path *p);	/* the object's, through fields only */
const struct da_step *da_path_last(const struct da_path *p);	/* NULL: no step */

/* ---- printing: the one place a path becomes text ---- */
/*
 * @p in the notation of reasons ("xdp.data", "q[<c:@F@f@n]", "^T:m.f"); or,
 * @spelled, as a report says it: a count by the name of its variable ("[0,
 * n)", "[i < n]", "[0, argument 2)").
 */
void da_path_print(struct zt_strbuf *sb, const struct da_path *p, bool spelled);
char *da_path_text(const struct da_path *p, bool spelled);

/* ---- lists ---- */
void da_paths_push(struct da_paths *l, const struct da_path *p);	/* a copy */
void da_paths_take(struct da_paths *l, struct da_path *p);	/* @p itself */
bool da_paths_has(const struct da_paths *l, const struct da_path *p);
void da_paths_clear(struct da_paths *l);

#endif /* ZT_DEFASSIGN_PATH_H */

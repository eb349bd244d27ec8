/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The token pre-pass: which translation units can hold a hot function,
 * decided from tokens alone (no preprocessing, no headers beyond the
 * driver's own quote-included ones), so check parses only those with
 * libclang.
 *
 * It builds a call graph by name that over-approximates the precise one
 * (tool/hot/callgraph.c): every identifier in a body is a reference; a field
 * call (.f, ->f) reaches every function stored into a field of that name
 * anywhere — narrowed to the stores into struct T's f when the tokens show
 * the receiver declared `struct T *p` (a parameter or local) and the store's
 * struct (the same, or an initializer of struct T), as the precise graph
 * resolves by the field's USR — and, when any function sits positionally in
 * an initializer, those functions too; a name defined in several files reaches all of them;
 * macros (the driver's #defines) reach every identifier of their body and
 * every identifier given to an unknown macro is a use. Roots as check sees
 * them: functions given to netif_napi_add*() / netif_tx_napi_add*(), stored
 * into .ndo_start_xmit / .ndo_xdp_xmit, rules files' root lines, --hot.
 *
 * The pipeline closes the loop with the precise call graph: names and fields
 * the precise analysis of the parsed TUs still needs are fed back with
 * zt_prepass_reach() and the TUs they bring are parsed too.
 */
#ifndef ZT_PREPASS_H
#define ZT_PREPASS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compdb.h"
#include "hotrules.h"
#include "kernel_rules.h"
#include "strmap.h"

enum zt_prepass_why {
	ZT_PP_SKIP,		/* nothing a hot path can reach */
	ZT_PP_DEFINES,		/* defines a function a hot path can reach */
	ZT_PP_STORES,		/* stores a function into a field a hot path calls */
	ZT_PP_ROOT,		/* registers a root (NAPI, ndo_*), or defines a rules/--hot root */
	ZT_PP_CLOSURE,		/* the precise call graph asked for it */
	ZT_PP_UNREADABLE,	/* its source could not be read: parsed to be safe */
	ZT_PP_WHY_COUNT,
};

struct zt_idlist {
	uint32_t *v;
	size_t n;
};

enum zt_pp_body_kind { ZT_PP_FUNC, ZT_PP_MACRO, ZT_PP_TABLE };

struct zt_pp_body {
	uint32_t name;
	uint32_t file;
	enum zt_pp_body_kind kind;
	struct zt_idlist refs;		/* identifiers used */
	struct zt_idlist frefs;		/* field names used (.f, ->f) */
	struct zt_idlist calls;		/* called: f(), or given to a call or macro */
	struct zt_idlist fcalls;	/* fields called: p->f(), or given to a call */
	/* per fcall: the receiver's struct (a name), UINT32_MAX when not visible */
	struct zt_idlist fcall_types;
};

/* A store of @fn into @field of struct @type (UINT32_MAX: the struct is not visible). */
struct zt_pp_store {
	uint32_t field, fn, file, type;
};

/* A field of a known struct: what a typed field call reaches. */
struct zt_pp_member {
	uint32_t type, field;
	char *key;			/* "type.field" (ids): member_map's key */
};

/* { fn, ... } in a table of struct TYPE: its INDEX-th member, resolved once all is read. */
struct zt_pp_positional {
	uint32_t type, index, fn, file;
};

/* A function-like macro or an alias, of the files or of a kernel header (prepass_macro.c). */
struct zt_pp_macro {
	uint32_t name;
	char **params;
	size_t n_params;
	bool variadic;
	bool named_tail;		/* args...: the last parameter is the variadic tail */
	char *body;			/* the replacement list, as written */
	char *alias;			/* #define NAME OTHER: OTHER, else NULL */
	uint32_t next;			/* the name's other definitions (#if branches) */
};

/* What a function given to a callee becomes: a store the macro's expansion makes, a call, unknown. */
enum zt_pp_given { ZT_PP_GIVEN_MACRO, ZT_PP_GIVEN_FUNCTION, ZT_PP_GIVEN_UNKNOWN };

/* A struct or union the files define: its members in order. */
struct zt_pp_agg {
	uint32_t type;
	struct zt_idlist members;
	struct zt_idlist nested;	/* members of its nested bodies */
};

struct zt_pp_file {
	char *path;
	bool main;			/* the main file of some TU */
	bool unreadable;
	struct zt_idlist includes;	/* files (indexes) it quote-includes */
	struct zt_idlist mentions;	/* every identifier, anywhere in the file */
	/* registered here: functions, after zt_prepass_build() resolved wrappers */
	struct zt_idlist roots;
	/* while reading: the body each root was registered in (UINT32_MAX: file level) */
	struct zt_idlist root_in;
	struct zt_idlist root_reg;	/* ... and which registration of the file (a number) */
	bool registers;			/* a registration (netif_napi_add(), an ops store) */
	struct zt_idlist positional;	/* positional in initializers, the field unknown */
	struct zt_idlist given;		/* (callee, identifier) pairs: given to a call or macro */
	struct zt_idlist given_in;	/* per pair: the body it was given in */
	struct zt_idlist given_arg;	/* per pair: which argument */
	/* per pair: 1 when the identifier is a parameter or local there (no function) */
	struct zt_idlist given_local;
	/* per pair: 1 when a call of a field no file declares may reach it (ZT_PP_GIVEN_UNKNOWN) */
	struct zt_idlist given_open;
};

struct zt_prepass {
	const struct zt_kernel_rules *kernel;	/* the registrars and ops roots */
	char **names;
	size_t n_names, alloc_names;
	struct zt_strmap name_map;
	struct zt_pp_body *bodies;
	size_t n_bodies, alloc_bodies;
	struct zt_pp_store *stores;
	size_t n_stores, alloc_stores;
	struct zt_pp_positional *pos;
	size_t n_pos, alloc_pos;
	struct zt_pp_agg *aggs;
	size_t n_aggs, alloc_aggs;
	struct zt_pp_file *files;
	size_t n_files, alloc_files;
	struct zt_strmap file_map;	/* path -> file */
	char **idirs;			/* -I and -iquote directories of every command */
	size_t n_idirs, alloc_idirs;
	size_t *tu_file;		/* db index -> file */
	size_t n_tus;
	/* reachability */
	uint32_t *def_head, *def_next;	/* name -> bodies defining it */
	uint32_t *store_head, *store_next;	/* field -> stores into it */
	bool *is_func;			/* name has a function definition */
	bool *reached, *freached;	/* names, fields */
	/* who reached it: an item (id * 4 + ZT_PP_ITEM_*), or UINT32_MAX */
	uint32_t *from, *ffrom;
	/* fields of known structs: called (reached) or stored into */
	struct zt_pp_member *members;
	size_t n_members, cap_members;
	struct zt_strmap member_map;	/* "type.field" -> member */
	bool *mreached;
	uint32_t *mfrom;
	uint32_t *store_member;		/* store -> its member, UINT32_MAX when untyped */
	bool *fany;			/* field -> some struct's member of that name reached */
	bool *is_member;		/* name is a member of a struct the files define */
	bool wildcard;			/* a field is called: unresolved positional functions count */
	bool given_reached;		/* a kernel field is called: functions given to macros count */
	uint32_t cur;			/* the item being expanded */
	uint32_t *queue;
	size_t q_head, q_tail, q_cap;
	size_t n_main_bytes, n_header_bytes;
	size_t n_headers;
	/* function-like macros by name (first definition's index), kernel headers read */
	struct zt_pp_macro *macros;
	size_t n_macros, cap_macros;
	struct zt_strmap macro_map;
	char **kheaders;
	size_t n_kheaders, alloc_kheaders;
	struct zt_strmap kheader_map;
	struct zt_idlist kfuncs;	/* names kernel headers declare as functions */
	size_t n_kernel_bytes;
	/* functions given to callees: followed into a macro's stores, calls, unknown */
	size_t n_given[3];
	/* how often the receiver's or the table's struct was visible */
	size_t n_fcall_sites, n_fcall_typed;
	size_t n_store_sites, n_store_typed;
};

/*
 * Read every main file of @db and the headers they quote-include (transitively),
 * build the name graph and propagate from the roots (@rules and @hot may be
 * NULL/0). Unreadable files are recorded, never fatal.
 */
int zt_prepass_build(struct zt_prepass *pp, const struct zt_compdb *db,
		     const struct zt_kernel_rules *kernel, const struct zt_hotrules *rules,
		     char *const *hot, size_t n_hot);
void zt_prepass_release(struct zt_prepass *pp);

/* Reach a function name, or a field name (every function stored into it). */
void zt_prepass_reach(struct zt_prepass *pp, const char *name, bool field);
/* Reach field @field of struct @type: the functions stored into it, or into @field untyped. */
void zt_prepass_reach_member(struct zt_prepass *pp, const char *type, const char *field);
/* Why each TU is needed now (ZT_PP_SKIP: not needed); @why has db->n entries. */
void zt_prepass_classify(const struct zt_prepass *pp, enum zt_prepass_why *why);

/*
 * Could TU @t have walked function @name (its code, or a driver header it
 * includes, mentions it)? True when @name is not defined in any file the
 * pre-pass read (a kernel header): then it cannot know.
 */
bool zt_prepass_may_walk(const struct zt_prepass *pp, size_t t, const char *name);
/*
 * The TUs that may hold callers of @names, up to @depth levels (over the
 * call-ish uses); @out[t] set for each (db index).
 */
void zt_prepass_callers(const struct zt_prepass *pp, char *const *names, size_t n,
			int depth, bool *out);

const char *zt_prepass_why_name(enum zt_prepass_why why);
/* How @t came to be needed, "a <- b <- field .f <- root" (NULL when skipped); free it. */
char *zt_prepass_explain(const struct zt_prepass *pp, size_t t);

struct zt_program;
struct zt_stack_opts;

/*
 * Close the loop with the precise call graph @prog of the TUs parsed so far
 * (@tu_db: its TU i is db index tu_db[i]): every direct callee of a hot
 * function that no parsed TU defines, and every field a hot function calls,
 * is reached by name; a hot function that may be reported (or an inlining
 * caller of one, up to 8 levels) defined in a header is looked for in the
 * skipped TUs sorted before the one it was read from (the first definition
 * wins); with @evidence, TUs that may hold callers of such functions are
 * added (their evidence is used). Skipped TUs that become necessary are
 * marked ZT_PP_CLOSURE in @why; returns how many.
 */
size_t zt_prepass_close(struct zt_prepass *pp, const struct zt_program *prog,
			const size_t *tu_db, const struct zt_stack_opts *so, bool evidence,
			enum zt_prepass_why *why);

#endif /* ZT_PREPASS_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Definite assignment: for one local of one function, can a read see a byte
 * of it that nothing wrote first, and why (or why not)? The answer is one of
 * three. "Written first": on every path from the declaration, every part of
 * the local a read can see was written before it, by the function's own
 * stores, by the callees given its address (their bodies in the TU, or in
 * another TU the resolver names, analysed the same way per parameter) or by
 * the init helpers of rules/init-helpers.conf. "Read before written": a read
 * at a line sees a path nothing wrote on some path. "Unknown": the proof
 * stopped (a callee too deep, without a body, one configuration's, the
 * address kept where the walk does not follow, ...) and the reason says
 * where; a caller turns it into a refusal, nothing here turns it into
 * "safe". From the AST (libclang), never from the optimizer's result: this
 * decides both of fix's strategies (docs/fix.md). Nothing here knows of
 * spatch, patches or write-back.
 */
#ifndef ZT_DEFASSIGN_H
#define ZT_DEFASSIGN_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"

struct zt_da_helpers;

/* rules/init-helpers.conf of @rules_dir (NULL: the data directory's). NULL on error. */
struct zt_da_helpers *zt_da_helpers_load(const char *rules_dir);
void zt_da_helpers_free(struct zt_da_helpers *h);

/* An answer not filled in (zeroed) is "unknown", never "written first". */
enum zt_da_verdict {
	ZT_DA_UNKNOWN,		/* the proof stopped: the reason says where */
	ZT_DA_WRITTEN_FIRST,	/* every part a read can see is written first */
	ZT_DA_READ_BEFORE_WRITTEN,	/* a read sees a part no write came before */
};

/* Why a proof stopped. One row each in zt_da_unknown_name()'s table. */
enum zt_da_unknown {
	ZT_DA_KNOWN,		/* not unknown */
	ZT_DA_DEPTH,		/* a callee deeper than the analysis follows */
	ZT_DA_TU_LIMIT,		/* a callee in one TU more than it parses */
	ZT_DA_NO_BODY,		/* a callee whose body it cannot find */
	ZT_DA_INDIRECT,		/* a call through a pointer whose targets are not all known */
	ZT_DA_RECURSION,	/* a callee already being analysed */
	ZT_DA_OTHER_CONFIG,	/* a callee whose body here is one configuration's */
	ZT_DA_SHARED,		/* a callee given the object twice, its proof per parameter */
	ZT_DA_ESCAPES,		/* its address kept where the walk does not follow */
	ZT_DA_REACHES_AROUND,	/* a callee reaches the struct around it (container_of, a cast) */
	ZT_DA_NOT_FOLLOWED,	/* a parameter that is not a pointer or struct, or reassigned */
	ZT_DA_TWO_DEFINITIONS,	/* a callee defined in more than one TU of the driver */
	ZT_DA_N_UNKNOWN
};

/* "depth", "no-body", ...: the corpus's and the messages' one spelling; NULL if out of range */
const char *zt_da_unknown_name(enum zt_da_unknown why);
/* the same in words, for a refusal: "a callee deeper than the analysis follows" */
const char *zt_da_unknown_text(enum zt_da_unknown why);
/* the reason of that spelling, or ZT_DA_N_UNKNOWN */
enum zt_da_unknown zt_da_unknown_parse(const char *name);

struct zt_da_answer {
	enum zt_da_verdict verdict;
	enum zt_da_unknown unknown;	/* ZT_DA_UNKNOWN: why */
	/*
	 * Not written first: the part read ("info", "b[<n]", "" all of it, as
	 * the messages spell it) and the line of the local's function that reads
	 * it or calls what does. A read that sees the zero outranks an unknown:
	 * the verdict is "unknown" only when no read is known to see it.
	 */
	char *read_path;
	unsigned int read_line;
	char *why;		/* written first: who writes it; else the first read and the path */
	char *init_call;	/* a function the local's initializer calls, or NULL */
	/*
	 * What its designated initializer names, kept as the stores "a.b = v"
	 * before line @store_at (the block's first statement); none: it goes
	 */
	struct zt_strvec stores;
	unsigned int store_at;
	struct zt_da_hoist {
		/* a goto or case label reaching the local's block past its declaration */
		unsigned int jump_line;
		/*
		 * A use of the local (at @release_line) after a call (at
		 * @release_call) that lets the NAPI instance go (@release, its
		 * name), or that may (@release_unknown: why the walk of its
		 * callees stopped there; @release: the call not followed).
		 */
		unsigned int release_line, release_call;
		char *release;
		char *release_via;	/* the call at @release_call, when not @release */
		enum zt_da_unknown release_unknown;
		/* the owner parameter not proved non-NULL: why, and the line that says so */
		unsigned int null_line;
		char *null_why;
	} hoist;	/* asked with a struct zt_da_hoist_query; 0 when none */
};

/*
 * What a hoist into the owner needs of the function (defassign_hoist.c):
 * the owner parameter's name (NULL: a local owner) and the calls after which
 * the NAPI instance may run on another CPU (rules/kernel.conf's napi-release).
 */
struct zt_da_hoist_query {
	const char *owner;
	char *const *releases;	/* NULL-terminated */
	/*
	 * What check proved of the owner over the whole program (the finding's
	 * owner.nonnull): never NULL at any call (@owner_nonnull), or why not
	 * (@owner_maybe_null, for the message; NULL: check said nothing). The
	 * function's own proof (a dereference first, its callers in the TU) is
	 * tried first.
	 */
	bool owner_nonnull;
	const char *owner_maybe_null;
	const char *poll;	/* the NAPI poll that serves it: the kernel gives it its napi */
	/*
	 * check's release callbacks (functions that may let go whose address
	 * is stored): 0 none, so no unresolved call can let go; more: calls
	 * into the kernel may call back; -1 not known (as with more, but a
	 * kernel header's body or a function without one is the kernel's)
	 */
	int release_callbacks;
};

void zt_da_answer_release(struct zt_da_answer *a);

/*
 * A callee without a body in the TU: the TU of the same driver that defines
 * @fn (its file and libclang arguments, both the caller's to free): 0; -1
 * when none does; 1 when more than one does (Kbuild's alternative objects:
 * which one is linked is not the analysis' to know).
 */
struct zt_da_resolver {
	int (*find)(void *arg, const char *fn, char **file, char ***args);
	/*
	 * The functions stored into the function-pointer field @field_usr,
	 * declared in @field_file, anywhere in the program (check's call graph
	 * says), pushed to @names; -1 when that is not known to be all of them;
	 * -2 when the field is not the driver's (a kernel struct's): @names then
	 * has the driver's own functions stored there, if any
	 */
	int (*stored)(void *arg, const char *field_usr, const char *field_file,
		      struct zt_strvec *names);
	void *arg;
};

/*
 * Analyse @var, declared at @line in @fn of @tu_file (compiled with @args).
 * 0 with *@a filled, -1 when the TU cannot be parsed or the local is not
 * found (a->why says which). With @hq, a->hoist too.
 */
int zt_da_check(const char *tu_file, char *const *args, const char *fn, const char *var,
		unsigned int line, const struct zt_da_helpers *h,
		const struct zt_da_resolver *res, const struct zt_da_hoist_query *hq,
		struct zt_da_answer *a);

#endif /* ZT_DEFASSIGN_H */

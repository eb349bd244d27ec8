/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * facts_json: one translation unit's results (its compile command, the AST
 * facts and the compilers' evidence) as one JSON object, losslessly both ways.
 * This is the unit Kbuild mode appends to a results file, shards exchange and
 * the cache stores: the program-level analysis (call graph, hot paths, stack
 * check) is always re-run from these, so it sees the whole program.
 */
#ifndef ZT_FACTS_JSON_H
#define ZT_FACTS_JSON_H

#include <jansson.h>

#include "compdb.h"
#include "evidence.h"
#include "facts.h"

#define ZT_TU_SCHEMA 13

/* One TU: everything needed to redo the program-level analysis. */
struct zt_tu_result {
	struct zt_compile_cmd cmd;
	struct zt_tu_facts facts;
	struct zt_tu_evidence ev;
	char *ev_error[2];	/* gcc, clang: why the evidence compile failed */
	char *asked;		/* the --evidence it was collected with; NULL: not said */
	bool unreadable;	/* its results line could not be read: facts.errors says why */
};

json_t *zt_facts_to_json(const struct zt_tu_facts *f);
int zt_facts_from_json(json_t *o, struct zt_tu_facts *f);
json_t *zt_evidence_to_json(const struct zt_evidence *ev);
int zt_evidence_from_json(json_t *o, struct zt_evidence *ev);
json_t *zt_compile_cmd_to_json(const struct zt_compile_cmd *c);
int zt_compile_cmd_from_json(json_t *o, struct zt_compile_cmd *c);

/* {"zerotax-tu": 1, "cmd": ..., "facts": ..., "evidence": {"gcc": .., "clang": ..}, ...} */
json_t *zt_tu_result_to_json(const struct zt_tu_result *r);
/* -1 (error said) when @o is not a TU result or is malformed; @r is then released. */
int zt_tu_result_from_json(json_t *o, struct zt_tu_result *r);
void zt_tu_result_release(struct zt_tu_result *r);
void zt_compile_cmd_release(struct zt_compile_cmd *c);
int zt_compile_cmd_copy(const struct zt_compile_cmd *from, struct zt_compile_cmd *to);

/*
 * Read a results file (one JSON object per line); appends to @v. A line that
 * cannot be read becomes an unreadable result (its command when the line's
 * start says it). -1 only when the file cannot be read.
 */
int zt_tu_results_load(const char *path, struct zt_tu_result **v, size_t *n);

#endif /* ZT_FACTS_JSON_H */

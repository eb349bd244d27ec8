/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The AST walk in worker processes (issue 30): a crash in the walk after a
 * good parse (or anywhere in one TU's facts) loses that TU only, which is
 * then listed as unparsed with the signal; the others are checked.
 */
#ifndef ZT_WALK_WORKERS_H
#define ZT_WALK_WORKERS_H

#include "check_pipeline.h"

/*
 * Facts (or cache hits) of the @n TUs @idx of @tus (all when @idx is NULL),
 * in up to ctx->jobs worker processes, each doing its share one TU after
 * another and writing each result (one JSON line) as soon as it has it.
 */
void zt_ci_collect_isolated(struct zt_ctx *ctx, struct zt_ci_tus *tus, const size_t *idx,
			    size_t n, const struct zt_ci_opts *o);

#endif /* ZT_WALK_WORKERS_H */

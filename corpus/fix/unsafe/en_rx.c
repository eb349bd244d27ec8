// SPDX-License-Identifier: GPL-2.0-only
/* One unsafe use per function; the JSON details or the guard rules must refuse each. */
#include "en.h"

/* Copied: the callee gets a snapshot; a shared copy would change later under it. */
int demo_by_value(struct demo_rq *rq, void *va, unsigned int len)
{
	struct demo_xdp_buff mxbuf;

	demo_fill(&mxbuf, va, len);
	return demo_consume(mxbuf);
}

/* Its address outlives the call: the queue keeps a pointer to it. */
void demo_escapes(struct demo_rq *rq, void *va, unsigned int len)
{
	struct demo_xdp_buff mxbuf;

	demo_fill(&mxbuf, va, len);
	rq->last = &mxbuf;
	rq->last = 0;
}

/* Nested calls would share one per-queue copy. */
unsigned int demo_recursive(struct demo_rq *rq, void *va, unsigned int len)
{
	struct demo_xdp_buff mxbuf;

	demo_fill(&mxbuf, va, len);
	if (len > 64)
		return demo_recursive(rq, va, len / 2) + mxbuf.len;
	return mxbuf.len;
}

/* No per-queue parameter to keep it in. */
unsigned int demo_no_owner(void *va, unsigned int len)
{
	struct demo_xdp_buff mxbuf;

	demo_fill(&mxbuf, va, len);
	return mxbuf.len;
}

/* The owner already has a member of that name. */
unsigned int demo_name_taken(struct demo_sq *sq, void *va, unsigned int len)
{
	struct demo_xdp_buff mxbuf;

	demo_fill(&mxbuf, va, len);
	return mxbuf.len + sq->pc;
}

/*
 * check's details say nothing unsafe here (as if its analysis missed the
 * copy); the guard rule of the semantic patch must catch the assignment.
 */
unsigned int demo_guarded(struct demo_rq *rq, void *va, unsigned int len)
{
	struct demo_xdp_buff mxbuf;

	demo_fill(&mxbuf, va, len);
	rq->saved = mxbuf;
	return mxbuf.len;
}

/* Read before it is written: a per-queue copy would show the previous packet. */
unsigned int demo_read_first(struct demo_rq *rq, void *va, unsigned int len)
{
	struct demo_xdp_buff mxbuf;

	if (mxbuf.flags)
		return 0;
	demo_fill(&mxbuf, va, len);
	return mxbuf.len;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: demo_by_value mxbuf: unknown no-body data @10
 * zt-da: demo_escapes mxbuf: unknown no-body data @19
 * zt-da: demo_recursive mxbuf: unknown no-body data @29
 * zt-da: demo_no_owner mxbuf: unknown no-body data @40
 * zt-da: demo_name_taken mxbuf: unknown no-body data @49
 * zt-da: demo_guarded mxbuf: unknown no-body data @61
 * zt-da: demo_read_first mxbuf: read-before-written flags @71
 */

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The words of a stack finding: its declaration, the notes on conditions,
 * marked-packet paths and batches, and the evidence as JSON.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json_file.h"
#include "stack_int.h"

/* "struct foo x", "char buf[128]" */
char *sc_declaration(const struct zt_local *l)
{
	const char *br = strchr(l->type, '[');

	if (br) {
		size_t n = (size_t)(br - l->type);

		while (n && l->type[n - 1] == ' ')
			n--;
		return xasprintf("%.*s%s%s%s", (int)n, l->type, n && l->type[n - 1] == '*' ? "" : " ",
				 l->name, br);
	}
	return xasprintf("%s %s", l->type, l->name);
}

const char *sc_init_spelling(enum zt_init_kind k)
{
	switch (k) {
	case ZT_INIT_EMPTY:
		return "= {}";
	case ZT_INIT_ZERO:
		return "= { 0 }";
	case ZT_INIT_DESIGNATED:
		return "designated";
	case ZT_INIT_LIST:
		return "list";
	default:
		return NULL;
	}
}

/*
 * When a path under an unlikely() condition runs, from the condition's text:
 * a plain test of an XDP program or switch (xdp_prog, vi->xdp_enabled,
 * READ_ONCE(rq->xdp_prog)) is "an XDP program is attached"; a negation or a
 * comparison, or anything else, is said as written.
 */
static char *cond_phrase(const char *cond)
{
	const char *s = cond;
	bool xdp = false;
	char word[64];

	while (!xdp && zt_lower_word(&s, true, word, sizeof(word)))
		xdp = strstr(word, "xdp") &&
		      (strstr(word, "prog") || strstr(word, "enabled") || strstr(word, "attached"));
	for (s = cond; *s && xdp; s++)
		if (*s == '!' || *s == '=' || *s == '<' || (*s == '>' && (s == cond || s[-1] != '-')))
			xdp = false;	/* !xdp_prog, xdp_prog == NULL: not a plain test */
	if (xdp)
		return xstrdup("an XDP program is attached");
	return xasprintf("'%s' holds", cond);
}

/* The note of a finding on a path that runs only under an unlikely() condition. */
void sc_add_cond_note(const struct zt_program *p, const struct zt_node *n,
			  const struct zt_local *l, const char *every, struct zt_finding *fd)
{
	const char *cond = l && l->cond ? l->cond : n->cond;
	char *phrase;

	if (!cond)
		return;
	phrase = cond_phrase(cond);
	if (l && l->cond)
		zt_finding_add_note(fd, "per %s when %s: '%s' is declared under "
				    "'if (unlikely(%s))', a hint, not an error path", every, phrase,
				    l->name, cond);
	else
		zt_finding_add_note(fd, "per %s when %s: '%s' is reached under "
				    "'if (unlikely(%s))' in '%s', a hint, not an error path", every,
				    phrase, n->name, cond,
				    n->cond_in != ZT_NO_NODE ? p->nodes[n->cond_in].name : "?");
	free(phrase);
}

/* Which path only marked packets take, from its condition's words (zt_mark_path()). */
static const char *slow_path_name(const char *cond)
{
	const char *path = zt_mark_path(cond);

	return path ? path : "marked-packet";
}

/* The condition of the marked-packet path @l of @n is on, and the function it is taken in. */
static const char *slow_cond(const struct zt_program *p, const struct zt_node *n,
			     const struct zt_local *l, const char **in)
{
	if (l && l->slow) {
		*in = n->name;
		return l->slow;
	}
	*in = n->slow_in != ZT_NO_NODE ? p->nodes[n->slow_in].name : "?";
	return n->slow;
}

/*
 * A path only packets carrying a mark take: how many do is not known, so it
 * ranks as once per poll, below the path every packet of the poll takes.
 */
void sc_add_slow_note(const struct zt_program *p, const struct zt_node *n,
			  const struct zt_local *l, const char *every, struct zt_finding *fd)
{
	const char *in, *cond = slow_cond(p, n, l, &in);

	if (!cond)
		return;
	zt_finding_add_note(fd, "per %s, on the %s path only: under 'if (%s)' in '%s', a test "
			    "of the packet's descriptor or skb for a mark only some packets carry; "
			    "ranked as once per poll (1/%u), below the path every packet takes",
			    every, slow_path_name(cond), cond, in, p->budget);
}

json_t *sc_slow_json(const struct zt_program *p, const struct zt_node *n,
			 const struct zt_local *l)
{
	const char *in, *cond = slow_cond(p, n, l, &in);

	if (!cond)
		return json_null();
	return json_pack("{s:s, s:s, s:s}", "only", slow_path_name(cond), "condition", cond,
			 "in", in);
}

static const char *batch_reason(enum zt_batch_why why)
{
	switch (why) {
	case ZT_BATCH_THRESHOLD:
		return "called when a ring threshold is crossed";
	case ZT_BATCH_ARG:
		return "called with a batch to do";
	case ZT_BATCH_BULK_CALL:
		return "it allocates or frees a bulk at once";
	default:
		return "called when a batch is full";
	}
}

/*
 * "per batch of up to N": how many packets one run serves, and why; the run
 * is @n's, or (@l set) that of the block of @n that declares @l, which loops
 * over the batch calling @callee for each packet.
 */
void sc_add_batch_note(const struct zt_program *p, const struct zt_node *n,
		       const struct zt_local *l, const struct sc_freq *fq, struct zt_finding *fd)
{
	bool block = l && fq->loop_callee;
	char *who = block ? xasprintf("the block of '%s' that declares '%s'", n->name, l->name) :
			    xasprintf("'%s'", n->name);
	char *why = block ? xasprintf("its loop calls '%s', per-packet work, for each packet",
				      fq->loop_callee) :
			    xstrdup(batch_reason(fq->batch_why));

	if (fq->batch_n == ZT_BATCH_UNKNOWN)
		zt_finding_add_note(fd, "%s runs once per batch (%s; how many packets is not "
				    "known): ranked as once per poll, 1/%u per packet", who, why,
				    p->budget);
	else
		zt_finding_add_note(fd, "%s runs once per batch of up to %u packets (%s): "
				    "ranked at 1/%u per packet", who, fq->batch_n, why, fq->batch_n);
	free(who);
	free(why);
}

json_t *sc_evidence_json(const struct lookup *r, const struct zt_evidence *ev)
{
	if (r->bytes == -2)
		return json_null();
	return json_pack("{s:s?, s:I, s:b, s:s?}", "compiler", ev->compiler_id, "bytes",
			 (json_int_t)(r->bytes < 0 ? 0 : r->bytes), "inlined", r->inlined,
			 "function", r->function);
}

json_t *sc_frame_json(long long v)
{
	return v < 0 ? json_null() : json_integer(v);
}

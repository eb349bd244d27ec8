// SPDX-License-Identifier: GPL-2.0-only
/*
 * l_build() fills the whole buffer first, then may leave by its error
 * ladder (goto err), whose code reads the flags it wrote: the buffer is
 * written on every path out of it. l_fill() writes it only when it returns
 * 0: its callers read it only where the result says so, but one. Tests of
 * one variable that agree (also across a switch), and three that do not.
 */
#include "h.h"

static void l_put(struct l_buff *b)
{
	if (b->flags & 1)
		b->frame_sz = 0;
}

static int l_build(struct l_ring *ring, struct l_buff *b, char *slot)
{
	b->data = slot;
	b->data_end = slot + 64;
	b->frame_sz = 2048;
	b->flags = ring->index & 1;
	for (int i = 0; i < 4; i++)
		b->pad[i] = 0;
	if (!slot[0])
		goto err;
	return 0;
err:
	l_put(b);
	return -22;
}

static void l_handle(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	int err;

	err = l_build(ring, &b, slot);
	if (err)
		return;
	l_record(ring, &b);
}

/* l_fill() writes the buffer only when it returns 0: the kernel's return codes. */
static int l_fill(struct l_ring *ring, struct l_buff *b, char *slot)
{
	if (!slot[0])
		return -22;
	b->data = slot;
	b->data_end = slot + 32;
	b->frame_sz = 4096;
	b->flags = 0;
	for (int i = 0; i < 4; i++)
		b->pad[i] = ring->index;
	return 0;
}

static void l_handle_ok(struct l_ring *ring, char *slot)
{
	struct l_buff b;

	if (l_fill(ring, &b, slot))
		return;
	l_record(ring, &b);
}

static void l_handle_err(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	int err = l_fill(ring, &b, slot);

	if (unlikely(err < 0))
		return;
	l_record(ring, &b);
}

/* reads the buffer on the path where l_fill() failed: never rewritten */
static void l_handle_wrong(struct l_ring *ring, char *slot)
{
	struct l_buff b;

	if (l_fill(ring, &b, slot))
		l_record(ring, &b);
}

static char *l_keep(const struct l_buff *b)
{
	return b->flags ? (char *)b->data : NULL;
}

/* Tests that agree: b is read only where 'held' is still NULL, so the block ran. */
static void l_handle_agree(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	char *held = ring->held;

	if (!held) {
		l_build(ring, &b, slot);
		held = l_keep(&b);
	}
	if (held)
		ring->held = NULL;
	else
		l_record(ring, &b);
}

/* ... and where they do not: 'held' changes between the two tests. */
static void l_handle_disagree(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	char *held = ring->held;

	if (!held) {
		l_build(ring, &b, slot);
		held = l_keep(&b);
	}
	held = ring->slots[1];
	if (!held)
		l_record(ring, &b);
}

/* A flag set only after the writes: where it is set, they ran. */
static void l_handle_flag(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	int active = 0;

	if (slot[0]) {
		l_build(ring, &b, slot);
		if (!slot[1])
			goto out;
		active = 1;
	}
	if (active)
		l_record(ring, &b);
out:
	return;
}

/* ... and one set elsewhere too: refused. */
static void l_handle_flag_twice(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	int active = 0;

	if (slot[0]) {
		l_build(ring, &b, slot);
		active = 1;
	}
	if (ring->index)
		active = 1;
	if (active)
		l_record(ring, &b);
}

/*
 * Tests that agree across a switch: a case label is reached only from its
 * switch's head, where the guard made before the switch still holds (6.12's
 * igc_clean_rx_irq(): a switch in the 'if (IS_ERR(skb))' branch).
 */
static void l_handle_agree_switch(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	char *held = ring->held;

	if (!held) {
		l_build(ring, &b, slot);
		held = l_keep(&b);
	}
	if (ring->index > 3) {
		switch (ring->index) {
		case 4:
			ring->index = 0;
			break;
		default:
			ring->index--;
			break;
		}
	} else if (held) {
		ring->held = NULL;
	} else {
		l_record(ring, &b);
	}
}

/* ... and a guard made inside a switch: a later case is entered without it. */
static void l_handle_case_guard(struct l_ring *ring, char *slot)
{
	struct l_buff b;
	char *held = ring->held;

	switch (ring->index & 1) {
	case 0:
		if (!held) {
			l_build(ring, &b, slot);
			held = l_keep(&b);
		}
		/* fall through */
	default:
		if (!held)
			l_record(ring, &b);
	}
}

/*
 * A designated initializer names a value the code relies on: a rewrite keeps
 * it as a store, the first statement after the block's declarations (6.12's
 * igc_clean_rx_irq(): ctx = { .rx_ts = NULL }), and drops the rest of the
 * zeroing, which nothing reads first.
 */
static void l_handle_named(struct l_ring *ring, char *slot)
{
	struct l_buff b = { .flags = 2 };
	int err = 0;

	if (ring->index & 1)
		b.flags = 3;
	if (!slot[0])
		err = -22;
	b.data = slot;
	b.data_end = slot + 16;
	b.frame_sz = b.flags;
	for (int i = 0; i < 4; i++)
		b.pad[i] = (unsigned long)err;
	l_record(ring, &b);
}

/* ... but not when a declaration after it reads it before that statement. */
static void l_handle_named_early(struct l_ring *ring, char *slot)
{
	struct l_buff b = { .flags = 2 };
	unsigned int first = b.flags;

	b.data = slot;
	b.data_end = slot + 8;
	b.frame_sz = first;
	for (int i = 0; i < 4; i++)
		b.pad[i] = ring->index;
	l_record(ring, &b);
}

/*
 * A callee given the buffer inside a struct takes it back to that struct
 * (6.12's XDP metadata kfuncs, mlx5e_xmit_xdp_frame() with xdptxdf.xd): what
 * it reads there is read. Written first: applied; not: refused.
 */
static void l_meta_peek(struct l_ring *ring, struct l_buff *b)
{
	struct l_wrap *wr = container_of(b, struct l_wrap, b);

	if (wr->meta)
		ring->index += 2;
	l_record(ring, b);
}

static void l_handle_wrapped(struct l_ring *ring, char *slot)
{
	struct l_wrap wr;

	l_build(ring, &wr.b, slot);
	wr.meta = slot;
	l_meta_peek(ring, &wr.b);
}

static void l_handle_wrapped_late(struct l_ring *ring, char *slot)
{
	struct l_wrap wr;

	l_build(ring, &wr.b, slot);
	l_meta_peek(ring, &wr.b);
	wr.meta = slot;
	if (wr.meta)
		ring->index--;
}

/*
 * A callee given the buffer by value reads of its copy what its body reads,
 * no more (6.1's bnxt_rx_xdp(), given the xdp_buff by value); one that reads
 * a field the caller never wrote: refused.
 */
static unsigned long l_len_of(struct l_buff b)
{
	return (unsigned long)((char *)b.data_end - (char *)b.data);
}

static unsigned long l_flags_of(struct l_buff b)
{
	return b.flags;
}

static void l_handle_by_value(struct l_ring *ring, char *slot)
{
	struct l_buff b;

	b.data = slot;
	b.data_end = slot + 4;
	ring->index += (unsigned int)l_len_of(b);
}

static void l_handle_by_value_unset(struct l_ring *ring, char *slot)
{
	struct l_buff b;

	b.data = slot;
	ring->index -= (unsigned int)l_flags_of(b);
}

int l_poll(struct napi_struct *napi, int budget)
{
	struct l_vector *v = container_of(napi, struct l_vector, napi);
	int done;

	for (done = 0; done < budget; done++) {
		l_handle(&v->ring, v->ring.slots[done]);
		l_handle_ok(&v->ring, v->ring.slots[done]);
		l_handle_err(&v->ring, v->ring.slots[done]);
		l_handle_wrong(&v->ring, v->ring.slots[done]);
		l_handle_agree(&v->ring, v->ring.slots[done]);
		l_handle_disagree(&v->ring, v->ring.slots[done]);
		l_handle_flag(&v->ring, v->ring.slots[done]);
		l_handle_flag_twice(&v->ring, v->ring.slots[done]);
		l_handle_agree_switch(&v->ring, v->ring.slots[done]);
		l_handle_case_guard(&v->ring, v->ring.slots[done]);
		l_handle_named(&v->ring, v->ring.slots[done]);
		l_handle_named_early(&v->ring, v->ring.slots[done]);
		l_handle_wrapped(&v->ring, v->ring.slots[done]);
		l_handle_wrapped_late(&v->ring, v->ring.slots[done]);
		l_handle_by_value(&v->ring, v->ring.slots[done]);
		l_handle_by_value_unset(&v->ring, v->ring.slots[done]);
	}
	return done;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: l_handle b: written-first
 * zt-da: l_handle_ok b: written-first
 * zt-da: l_handle_err b: written-first
 * zt-da: l_handle_wrong b: read-before-written data_end @83
 * zt-da: l_handle_agree b: written-first
 * zt-da: l_handle_disagree b: read-before-written data_end @119
 * zt-da: l_handle_flag b: written-first
 * zt-da: l_handle_flag_twice b: read-before-written data_end @153
 * zt-da: l_handle_agree_switch b: written-first
 * zt-da: l_handle_case_guard b: read-before-written data_end @201
 * zt-da: l_handle_named b: written-first
 * zt-da: l_handle_named_early b: read-before-written flags @232
 * zt-da: l_handle_wrapped wr: written-first
 * zt-da: l_handle_wrapped_late wr: read-before-written meta @270
 * zt-da: l_handle_by_value b: written-first
 * zt-da: l_handle_by_value_unset b: read-before-written flags @305
 */

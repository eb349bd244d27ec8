// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shapes where a fact about a field must not survive, each refused (a
 * review of the facts of tool/fix/defassign_facts.c found them, and one
 * older hole: a break out of do-while). Every case reads pad[0] (or data[0])
 * where some path did not write it.
 */
#include "h.h"

/* A: a write later in the same && condition: no fact from its first operand */
static bool f_clear(struct f_xmit *x)
{
	x->multi = false;
	return true;
}

static void f_rx_a(struct f_ring *ring, int budget)
{
	struct f_frags fr;

	fr.xd.len = 2;
	fr.xd.multi = budget > 0;
	if (fr.xd.multi && f_clear(&fr.xd)) {
		if (!fr.xd.multi)
			s_record(ring, "pad", (unsigned int)fr.pad[0]);
	}
}

/* B: a write on the right of && ends the fact, though the right side may not run */
static bool f_mark(struct f_xmit *x)
{
	x->multi = true;
	return true;
}

static void f_rx_b(struct f_ring *ring, int budget)
{
	struct f_frags fr;

	fr.xd.len = 1;
	fr.xd.multi = budget > 8;
	if (fr.xd.multi)
		fr.pad[0] = 7;
	if (budget > 0 && f_mark(&fr.xd))
		s_record(ring, "marked", fr.xd.len);
	if (fr.xd.multi)
		s_record(ring, "pad", (unsigned int)fr.pad[0]);
}

/* C: a flag guard's fact in a callee, written after the flag was set */
static void f_send_c(struct f_ring *ring, struct f_xmit *x)
{
	struct f_frags *fr = container_of(x, struct f_frags, xd);
	unsigned int n = 0;

	if (x->multi)
		n = 1;
	x->multi = false;
	if (n) {
		if (!x->multi)
			s_record(ring, "pad", (unsigned int)fr->pad[0]);
	}
}

static void f_rx_c(struct f_ring *ring, int budget)
{
	struct f_frags fr;

	fr.xd.len = 4;
	fr.xd.multi = budget > 0;
	f_send_c(ring, &fr.xd);
}

/* C2: ... and in a loop up to the flag, written in the body */
static void f_send_c2(struct f_ring *ring, struct f_xmit *x)
{
	struct f_frags *fr = container_of(x, struct f_frags, xd);
	unsigned int n = 0, i;

	if (x->multi)
		n = 2;
	for (i = 0; i < n; i++) {
		if (!x->multi)
			s_record(ring, "pad", (unsigned int)fr->pad[0]);
		x->multi = false;
	}
}

static void f_rx_c2(struct f_ring *ring, int budget)
{
	struct f_frags fr;

	fr.xd.len = 9;
	fr.xd.multi = budget > 0;
	f_send_c2(ring, &fr.xd);
}

/* D: the object given to one callee through two parameters */
static void f_send_d(struct f_ring *ring, struct f_xmit *a, struct f_xmit *b)
{
	struct f_frags *fr = container_of(a, struct f_frags, xd);

	b->multi = true;
	if (a->multi)
		s_record(ring, "pad", (unsigned int)fr->pad[0]);
}

static void f_rx_d(struct f_ring *ring, int budget)
{
	struct f_frags fr;

	fr.xd.len = 5;
	fr.xd.multi = budget > 8;
	if (fr.xd.multi)
		fr.pad[0] = 7;
	f_send_d(ring, &fr.xd, &fr.xd);
}

/* E: a flag in a union, its other member written between the tests */
static void f_rx_e(struct f_ring *ring, int budget)
{
	struct f_u u;

	u.len = 1;
	u.v.all = budget > 8;
	if (u.v.all)
		u.data[0] = 7;
	u.v.lo = 1;
	if (u.v.all)
		s_record(ring, "data", (unsigned int)u.data[0]);
}

/* F: break in do { } while (0): the write after it does not count */
static void f_rx_f(struct f_ring *ring, int budget)
{
	struct f_frags fr;

	fr.xd.len = 7;
	do {
		if (budget > 0)
			break;
		fr.pad[0] = 7;
	} while (0);
	s_record(ring, "pad", (unsigned int)fr.pad[0]);
}

/* H: falling through into a case that was also entered from the head */
static void f_rx_h(struct f_ring *ring, int budget)
{
	struct f_frags fr;

	fr.xd.len = 3;
	fr.xd.multi = budget > 8;
	if (fr.xd.multi)
		fr.pad[0] = 7;
	switch (budget) {
	case 1:
		fr.xd.multi = true;
		/* fallthrough */
	case 2:
		if (fr.xd.multi)
			s_record(ring, "pad", (unsigned int)fr.pad[0]);
		break;
	default:
		break;
	}
}

/* I: a write through a cast of an alias the walk does not follow */
static void f_rx_i(struct f_ring *ring, int budget)
{
	struct f_frags fr;
	struct f_xmit *x = &fr.xd;

	x->len = 6;
	x->multi = budget > 8;
	if (x->multi)
		fr.pad[0] = 7;
	((struct f_xmit *)x)->multi = true;
	if (x->multi)
		s_record(ring, "pad", (unsigned int)fr.pad[0]);
}

/* I2: ... and in a callee, through a cast of its parameter */
static void f_send_i2(struct f_ring *ring, struct f_xmit *x)
{
	struct f_frags *fr = container_of(x, struct f_frags, xd);

	((struct f_xmit *)x)->multi = true;
	if (x->multi)
		s_record(ring, "pad", (unsigned int)fr->pad[0]);
}

static void f_rx_i2(struct f_ring *ring, int budget)
{
	struct f_frags fr;

	fr.xd.len = 8;
	fr.xd.multi = budget > 8;
	if (fr.xd.multi)
		fr.pad[0] = 7;
	f_send_i2(ring, &fr.xd);
}

int s_poll(struct napi_struct *napi, int budget)
{
	struct f_vector *v = container_of(napi, struct f_vector, napi);

	f_rx_a(&v->ring, budget);
	f_rx_b(&v->ring, budget);
	f_rx_c(&v->ring, budget);
	f_rx_c2(&v->ring, budget);
	f_rx_d(&v->ring, budget);
	f_rx_e(&v->ring, budget);
	f_rx_f(&v->ring, budget);
	f_rx_h(&v->ring, budget);
	f_rx_i(&v->ring, budget);
	f_rx_i2(&v->ring, budget);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: f_rx_a fr: read-before-written pad[0] @25
 * zt-da: f_rx_b fr: read-before-written pad[0] @47
 * zt-da: f_rx_c fr: read-before-written pad[0] @71
 * zt-da: f_rx_c2 fr: read-before-written pad[0] @95
 * zt-da: f_rx_d fr: unknown shared xd.<padding> @116
 * zt-da: f_rx_e u: read-before-written data[0] @130
 * zt-da: f_rx_f fr: read-before-written pad[0] @144
 * zt-da: f_rx_h fr: read-before-written pad[0] @162
 * zt-da: f_rx_i fr: read-before-written pad[0] @181
 * zt-da: f_rx_i2 fr: read-before-written pad[0] @202
 */

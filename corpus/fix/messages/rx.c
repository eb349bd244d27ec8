// SPDX-License-Identifier: GPL-2.0-only
/*
 * The six messages of issue 55, each where it misled (tests/hostile/
 * fix-messages.cmake says what each must read now).
 */
#include "h.h"

static void __attribute__((noinline)) m_fill(struct m_desc *d, struct m_ring *ring)
{
	d->addr = 0;
	d->len = ring->seen * 10ul + 3;
	d->csum = d->len * 3;
	d->vlan = 0;
	d->mark = 0;
	d->stamp = 0;
	d->queue = ring->index;
	d->cookie = 0;
}

/* every field but mark */
static void __attribute__((noinline)) m_part(struct m_desc *d, struct m_ring *ring)
{
	d->addr = 1;
	d->len = ring->seen + 5ul;
	d->csum = 0;
	d->vlan = 0;
	d->stamp = 0;
	d->queue = ring->index;
	d->cookie = 0;
}

/* two locals of one name and type: each its own finding and its own answer */
static int m_two(struct m_ring *ring)
{
	if (ring->seen & 1) {
		struct m_desc a;

		m_fill(&a, ring);
		m_record(ring, "odd", a.len);
	} else {
		struct m_desc a;

		m_record(ring, "even", a.vlan);
		m_fill(&a, ring);
	}
	return 1;
}

/* spatch 1.1.1 does not parse a __cleanup__ attribute: the function parses as C */
static int m_cleanup(struct m_ring *ring)
{
	struct m_desc *keep __attribute__((__cleanup__(m_put))) = NULL;
	struct m_desc c;

	m_fill(&c, ring);
	m_record(ring, "cleanup", c.csum + (keep != NULL));
	return 1;
}

/* the declaration is a macro's */
static int m_macro(struct m_ring *ring)
{
	DECLARE_DESC(d);

	m_fill(&d, ring);
	m_record(ring, "macro", d.csum);
	return 1;
}

/* the function's own mark = mark + 1 needs the zero, not m_part() */
static int m_acc(struct m_ring *ring)
{
	struct m_desc e = {};

	m_part(&e, ring);
	e.mark = e.mark + 1;
	m_record(ring, "acc", e.mark);
	return 1;
}

/* hoisted into the one-line struct m_ring */
static int m_plain(struct m_ring *ring)
{
	struct m_desc g;

	m_fill(&g, ring);
	m_record(ring, "plain", g.len + g.queue);
	return 1;
}

int m_poll(struct napi_struct *napi, int budget)
{
	struct m_vector *v = container_of(napi, struct m_vector, napi);
	struct m_desc p;
	int work = 0;

	while (work < budget) {
		m_fill(&p, &v->ring);
		m_record(&v->ring, "poll", p.len);
		work += m_two(&v->ring) + m_cleanup(&v->ring) + m_macro(&v->ring) +
			m_acc(&v->ring) + m_plain(&v->ring);
		v->ring.seen++;
	}
	return work;
}

void m_setup(struct m_vector *v)
{
	netif_napi_add(&v->napi, m_poll);
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c; m_two()'s two locals named a are
 * told apart by line only in tests/hostile/fix-messages.cmake):
 * zt-da: m_cleanup c: written-first
 * zt-da: m_plain g: written-first
 * zt-da: m_poll p: written-first
 */

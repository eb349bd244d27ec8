// SPDX-License-Identifier: GPL-2.0-only
/*
 * A switch writes a field in every case that leaves it (6.12 vmxnet3's
 * vmxnet3_parse_hdr(), its l4_hdr_size): after the switch the field is
 * written. Without a default, the way past every case writes nothing. A
 * case entered by falling through has what the case before wrote, one
 * entered from the switch's head has not. A break in a loop in a case
 * leaves the loop, not the switch.
 */
#include "h.h"

/* every case, the default too, writes l4_len before its break */
static void s_parse(struct s_hdr *h, int proto)
{
	switch (proto) {
	case 6:
		h->l4_len = 20;
		break;
	case 17:
		h->l4_len = 8;
		break;
	default:
		h->l4_len = 0;
		break;
	}
	h->l3_len = 20;
}

static void s_rx_parsed(struct s_ring *ring, int budget)
{
	struct s_hdr hdr;

	s_parse(&hdr, budget % 3 ? 6 : 1);
	s_record(ring, "parsed", hdr.l3_len + hdr.l4_len);
}

/* no default: a protocol no case names writes nothing */
static void s_rx_nodefault(struct s_ring *ring, int budget)
{
	struct s_hdr hdr;

	switch (budget) {
	case 1:
		hdr.l4_len = 20;
		break;
	case 2:
		hdr.l4_len = 8;
		break;
	}
	s_record(ring, "nodefault", hdr.l4_len);
}

/* case 2 is entered from the head too, without l3_len */
static void s_rx_fallthrough(struct s_ring *ring, int budget)
{
	struct s_hdr hdr;

	switch (budget & 1) {
	case 1:
		hdr.l3_len = 40;
		__attribute__((__fallthrough__));
	case 0:
		hdr.l4_len = 8;
		break;
	default:
		hdr.l3_len = 0;
		hdr.l4_len = 0;
		break;
	}
	s_record(ring, "l4", hdr.l4_len);
	s_record(ring, "l3", hdr.l3_len);
}

/* the loop's break leaves the loop; the case goes on to write l4_len */
static void s_rx_loop(struct s_ring *ring, int budget)
{
	struct s_hdr hdr;
	int i;

	switch (budget) {
	case 4:
		for (i = 0; i < 8; i++)
			if (ring->slots[i][1] == '3')
				break;
		hdr.l4_len = (unsigned int)i;
		break;
	default:
		hdr.l4_len = 0;
		break;
	}
	s_record(ring, "loop", hdr.l4_len);
}

int s_poll(struct napi_struct *napi, int budget)
{
	struct s_vector *v = container_of(napi, struct s_vector, napi);

	s_rx_parsed(&v->ring, budget);
	s_rx_nodefault(&v->ring, budget);
	s_rx_fallthrough(&v->ring, budget);
	s_rx_loop(&v->ring, budget);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: s_rx_parsed hdr: written-first
 * zt-da: s_rx_nodefault hdr: read-before-written l4_len @50
 * zt-da: s_rx_fallthrough hdr: read-before-written l3_len @71
 * zt-da: s_rx_loop hdr: written-first
 */

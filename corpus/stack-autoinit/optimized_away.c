// SPDX-License-Identifier: GPL-2.0-only
/*
 * Zeroing the optimizer removes: locals whose address never leaves the
 * function and that are fully written before they are read, or initialized
 * by a copy. Both compilers drop the auto-init stores; nothing to report.
 */
#include "netdev.h"

struct stats { u64 packets, bytes, drops, errors, csum, lro; };	/* 48 bytes */

static void oa_rx(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct stats s;		/* fully written, never escapes: no finding */
	struct cqe64 copy[2];	/* no address taken, every element written: no finding */
	struct rx_xdp_buff snap = *(struct rx_xdp_buff *)rq->cq;	/* copy-initialized: no finding */

	s.packets = 1;
	s.bytes = cqe->bcnt;
	s.drops = 0;
	s.errors = cqe->op == 13;
	s.csum = cqe->ts;
	s.lro = 0;
	copy[0] = *cqe;
	copy[1] = *cqe;
	rq->packets += s.packets + s.drops + copy[1].op;
	rq->bytes += s.bytes + s.errors + s.csum + s.lro + copy[0].bcnt;
	consume(&snap, sizeof(snap.xdp));
}

/*
 * The address goes to a helper that is inlined and writes every field: the
 * AST alone sees an escaping address, both compilers see the zeroing dead.
 */
static inline void oa_fill(struct stats *st, const struct cqe64 *cqe)
{
	st->packets = 1;
	st->bytes = cqe->bcnt;
	st->drops = 0;
	st->errors = cqe->op == 13;
	st->csum = cqe->ts;
	st->lro = 0;
}

static void oa_fill_and_count(struct rx_queue *rq, struct cqe64 *cqe)
{
	struct stats st;	/* zt-expect(ast): stack-autoinit */

	oa_fill(&st, cqe);
	rq->packets += st.packets + st.drops + st.errors;
	rq->bytes += st.bytes + st.csum + st.lro;
}

/*
 * The address is passed on, but a full copy overwrites every byte first.
 * clang-19 deletes the zeroing as a dead store; gcc-12 keeps all of it. The
 * corpus builds with cc (gcc), so with gcc's evidence it is reported; with
 * clang's alone it is not.
 */
static void oa_copy_then_run(struct rx_queue *rq)
{
	struct rx_xdp_buff full;	/* zt-expect(ast,gcc,both): stack-autoinit */

	__builtin_memcpy(&full, rq->cq, sizeof(full));
	bpf_prog_run_xdp(&full.xdp);
}

static int oa_poll(struct napi_struct *napi, int budget)
{
	struct rx_queue *rq = (struct rx_queue *)napi;

	for (int i = 0; i < budget; i++) {
		oa_rx(rq, &rq->cq[i]);
		oa_copy_then_run(rq);
		oa_fill_and_count(rq, &rq->cq[i]);
	}
	return budget;
}

void oa_setup(struct net_device *dev, struct rx_queue *rq)
{
	netif_napi_add(dev, &rq->napi, oa_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receive path's on-stack XDP buffer, reduced: a 56-byte xdp_buff inside
 * a 72-byte driver wrapper whose address goes to the XDP handler on every
 * packet. Built with kernel-like x86-64 flags (-mno-sse ... -fno-strict-aliasing).
 *
 * Default: the buffer is filled by inline helpers (as the kernel's
 * xdp_init_buff()/xdp_prepare_buff() are), so the optimizer sees every store.
 * -DOPAQUE_FILL: it is filled by a function in another TU.
 */
struct xdp_rxq_info;

struct xdp_buff {
	void *data;
	void *data_end;
	void *data_meta;
	void *data_hard_start;
	struct xdp_rxq_info *rxq;
	void *txq;
	unsigned int frame_sz;
	unsigned int flags;
};

struct mlx5e_xdp_buff {
	struct xdp_buff xdp;
	void *cqe;
	void *rq;
};

_Static_assert(sizeof(struct xdp_buff) == 56, "xdp_buff is 56 bytes");
_Static_assert(sizeof(struct mlx5e_xdp_buff) == 72, "mlx5e_xdp_buff is 72 bytes");

#ifdef OPAQUE_FILL
void fill(struct mlx5e_xdp_buff *b, void *rq, void *va, unsigned int len);
#else
static inline void fill(struct mlx5e_xdp_buff *b, void *rq, void *va, unsigned int len)
{
	b->xdp.frame_sz = 4096;
	b->xdp.rxq = 0;
	b->xdp.flags = 0;
	b->xdp.data_hard_start = va;
	b->xdp.data = (char *)va + 256;
	b->xdp.data_end = (char *)va + 256 + len;
	b->xdp.data_meta = b->xdp.data;
	b->rq = rq;
}
#endif

int handle_xdp(struct xdp_buff *xdp);

int rx_packet(void *rq, void *va, unsigned int len, void *cqe)
{
	struct mlx5e_xdp_buff mxbuf;

	fill(&mxbuf, rq, va, len);
	mxbuf.cqe = cqe;
	return handle_xdp(&mxbuf.xdp);
}

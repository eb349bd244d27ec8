/* SPDX-License-Identifier: GPL-2.0-only */
/* Unsafe cases: each function below must be refused, each for its own reason. */
#ifndef CORPUS_UNSAFE_EN_H
#define CORPUS_UNSAFE_EN_H

struct demo_xdp_buff {
	void *data;
	void *data_end;
	unsigned int len;
	unsigned int flags;
	unsigned long scratch[6];
};

/* A per-queue owner whose "mxbuf" name is already in use. */
struct demo_sq {
	unsigned int pc;
	void *mxbuf;
};

struct demo_rq {
	unsigned int cc;
	struct demo_xdp_buff *last;
	struct demo_xdp_buff saved;
};

void demo_fill(struct demo_xdp_buff *b, void *va, unsigned int len);
int demo_consume(struct demo_xdp_buff b);

#endif

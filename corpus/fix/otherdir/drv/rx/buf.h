/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef CORPUS_OTHERDIR_BUF_H
#define CORPUS_OTHERDIR_BUF_H

struct demo_buf {
	void *data;
	unsigned int len;
	unsigned int pad[14];
};

static inline void demo_buf_init(struct demo_buf *b, void *data, unsigned int len)
{
	b->data = data;
	b->len = len;
	for (unsigned int i = 0; i < 14; i++)
		b->pad[i] = 0;
}

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* A public header, as include/net/ is in a kernel tree: fix never edits it. */
#ifndef CORPUS_NET_BUF_H
#define CORPUS_NET_BUF_H

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

/* A queue whose definition is public: a field cannot be added to it. */
struct demo_pub_q {
	unsigned int head;
};

/* A helper every includer shares: its locals are no one driver's to rewrite. */
static inline unsigned int demo_buf_peek(const struct demo_buf *src)
{
	struct demo_buf copy;

	demo_buf_init(&copy, src->data, src->len);
	return copy.len;
}

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* The first of two small drivers of one tree (fix --format-patch: a series). */
#ifndef ACME_ALPHA_H
#define ACME_ALPHA_H

struct alpha_buf {
	void *data;
	unsigned int len;
	unsigned int flags;
};

struct alpha_ring {
	/* data path */
	unsigned int head;
	void *desc;

	/* control */
	unsigned int ix;
};

int alpha_poll(struct alpha_ring *ring, int budget);

#endif

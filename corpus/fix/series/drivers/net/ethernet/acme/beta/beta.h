/* SPDX-License-Identifier: GPL-2.0-only */
/* The second of two small drivers of one tree (fix --format-patch: a series). */
#ifndef ACME_BETA_H
#define ACME_BETA_H

struct beta_frame {
	void *data;
	unsigned int len;
};

struct beta_queue {
	/* data path */
	unsigned int head;
	unsigned int bytes;

	/* control */
	unsigned int id;
};

int beta_poll(struct beta_queue *q, int budget);

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* The owner lives in core/, the functions and the buffer in rx/. */
#ifndef CORPUS_OTHERDIR_QUEUE_H
#define CORPUS_OTHERDIR_QUEUE_H

struct demo_q {
	unsigned int head;
	unsigned int tail;
};

#endif

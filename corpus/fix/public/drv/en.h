/* SPDX-License-Identifier: GPL-2.0-only */
/* The owner does not include net/buf.h: its .c files include it after en.h. */
#ifndef CORPUS_PUBLIC_EN_H
#define CORPUS_PUBLIC_EN_H

struct demo_rq {
	unsigned int head;
	unsigned int tail;
};

#endif

/* SPDX-License-Identifier: GPL-2.0-only */
/* The owner: it does not see buf.h, so the buffer's definition must move here. */
#ifndef CORPUS_NOCOMPILE_OWNER_H
#define CORPUS_NOCOMPILE_OWNER_H

struct demo_q {
	unsigned int head;
	unsigned int tail;
};

#endif

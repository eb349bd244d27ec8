/* SPDX-License-Identifier: GPL-2.0-only */
/* Two owners: one whose buffer cannot move here (buf.h), one that can include stats.h. */
#ifndef CORPUS_MIXED_OWNER_H
#define CORPUS_MIXED_OWNER_H

struct demo_q {
	unsigned int head;
	unsigned int tail;
};

struct demo_cq {
	unsigned int ci;
};

#endif

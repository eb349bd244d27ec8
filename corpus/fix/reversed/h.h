/* SPDX-License-Identifier: GPL-2.0-only */
/* What the kernel gives the reversed tree: container_of(), a NAPI struct, a sink. */
#ifndef CORPUS_REVERSED_H
#define CORPUS_REVERSED_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

int r_run(char *a, char *z);

#endif

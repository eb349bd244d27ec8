/* SPDX-License-Identifier: GPL-2.0-only */
/* The queue is defined in rx.c itself, above the two functions that use it. */
#ifndef CORPUS_SAMEFILE_H
#define CORPUS_SAMEFILE_H

#include <stddef.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct napi_struct {
	int weight;
};

struct s_buff {
	void *data, *data_end;
	unsigned long meta[30];
};

void s_record(unsigned int queue, const struct s_buff *b);

int s_poll(struct napi_struct *napi, int budget);
int s_run(char *a, char *z);

#endif

// SPDX-License-Identifier: GPL-2.0-only
/* A parallel for over [0, n): the threads take the next index until none is left. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "parallel.h"
#include "zerotax.h"

struct pool {
	size_t n;
	atomic_size_t next;
	void (*fn)(size_t i, void *arg);
	void *arg;
};

static void *pool_worker(void *data)
{
	struct pool *pl = data;

	for (;;) {
		size_t i = atomic_fetch_add(&pl->next, 1);

		if (i >= pl->n)
			break;
		pl->fn(i, pl->arg);
	}
	return NULL;
}

int zt_parallel_for(size_t n, int jobs, void (*fn)(size_t i, void *arg), void *arg)
{
	struct pool pl = { .n = n, .fn = fn, .arg = arg };
	pthread_t *th;
	int started = 0;

	atomic_init(&pl.next, 0);
	if (jobs < 1)
		jobs = 1;
	if ((size_t)jobs > n)
		jobs = n ? (int)n : 1;
	if (jobs == 1) {
		pool_worker(&pl);
		return 0;
	}
	th = xcalloc((size_t)jobs, sizeof(*th));
	for (int i = 0; i < jobs; i++)
		if (!pthread_create(&th[i], NULL, pool_worker, &pl))
			started++;
	if (!started)
		pool_worker(&pl);	/* no threads: do it here */
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	free(th);
	return 0;
}

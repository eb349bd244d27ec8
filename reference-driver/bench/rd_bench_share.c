// SPDX-License-Identifier: GPL-2.0-only
/*
 * rd-bench-share: the two-thread case of issue 27. RX poll and TX completion
 * on different cores touch one descriptor-ring struct: RX writes its head and
 * byte count, the completion writes its tail and count, both read the ring's
 * mask and base. The false-sharing layout (every field in one cache line, as
 * a packing by hotness alone gives) against the grouped one (read-mostly
 * fields first, each writer's fields on its own line, as layout suggests),
 * measured side by side, round by round in one process: the ratio per round,
 * its median and spread, and the machine's load before and after.
 *
 *   rd-bench-share [--rounds N] [--iters N]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE 64

/*
 * Hotness alone: the six hot fields packed into the first line, the fields
 * only the control path touches (set-up DMA addresses, stats snapshots,
 * control words) after them. Three lines in both layouts: the grouped one
 * costs no size, only a different order.
 */
struct ring_shared {
	uint64_t mask, base;
	uint64_t rx_head, rx_bytes;
	uint64_t tx_tail, tx_done;
	uint64_t dma[6];
	uint64_t stats[6];
	uint64_t ctl[6];
} __attribute__((aligned(LINE)));

/*
 * Grouped: the order `zerotax layout` suggests for struct ring_shared given
 * these paths (tests/layout/bench-share: the offsets must match): read-mostly
 * first, each writer's group starting its own line, cold fields into the holes.
 */
struct ring_grouped {
	uint64_t mask, base;
	uint64_t ctl[6];
	uint64_t rx_head __attribute__((aligned(LINE)));
	uint64_t rx_bytes;
	uint64_t stats[6];
	uint64_t tx_tail __attribute__((aligned(LINE)));
	uint64_t tx_done;
	uint64_t dma[6];
} __attribute__((aligned(LINE)));

#define CHUNK 4096

struct side {
	volatile uint64_t *mask, *base, *a, *b;
	long iters;
	int cpu;
	pthread_barrier_t *go;
	/* chunks done, on a line of its own; the peer's, read around each chunk */
	volatile uint64_t *progress, *peer;
	double busy;		/* CPU ns over the chunks both threads ran in */
	long both;		/* and how many */
	double overlap;		/* the share of chunks during which the peer ran too */
};

/*
 * The thread's own CPU time: on a shared machine a thread is preempted now
 * and then, which wall time would count as the layout's cost (the stalls of
 * a contended line are CPU time, a preemption is not).
 */
static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/*
 * Chunks of CHUNK iterations; a chunk counts only when the peer made progress
 * while it ran: on a machine shared with other jobs one thread is often
 * descheduled, and a chunk run alone shows no false sharing at all.
 */
static void *run_side(void *arg)
{
	struct side *s = arg;
	cpu_set_t set;
	double busy = 0;
	long both = 0, chunks = 0;

	CPU_ZERO(&set);
	CPU_SET(s->cpu, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	pthread_barrier_wait(s->go);
	for (long i = 0; i < s->iters; chunks++) {
		uint64_t before = *s->peer;
		double t0 = now_ns();
		long end = i + CHUNK;

		for (; i < end; i++) {
			uint64_t slot = (*s->base + (uint64_t)i) & *s->mask;

			*s->a = *s->a + 1;
			*s->b = *s->b + slot;
		}
		t0 = now_ns() - t0;
		*s->progress = *s->progress + 1;
		if (*s->peer != before) {
			busy += t0;
			both++;
		}
	}
	/* keep counting for the peer until it is done too */
	*s->progress = UINT64_MAX / 2 + *s->progress;
	s->busy = busy;
	s->both = both;
	s->overlap = chunks ? (double)both / (double)chunks : 0;
	return NULL;
}

/* CPU ns per iteration while both ran, both threads' chunks together; *overlap: the lower share */
static double one_run(volatile uint64_t *mask, volatile uint64_t *base, volatile uint64_t *rx_a,
		      volatile uint64_t *rx_b, volatile uint64_t *tx_a, volatile uint64_t *tx_b,
		      long iters, double *overlap)
{
	static struct {
		uint64_t v __attribute__((aligned(LINE)));
	} prog[2];
	pthread_barrier_t go;
	pthread_t t[2];
	struct side s[2] = {
		{ mask, base, rx_a, rx_b, iters, 0, &go, &prog[0].v, &prog[1].v, 0, 0, 0 },
		{ mask, base, tx_a, tx_b, iters, 1, &go, &prog[1].v, &prog[0].v, 0, 0, 0 },
	};

	pthread_barrier_init(&go, NULL, 2);
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, run_side, &s[i]);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&go);
	*overlap = s[0].overlap < s[1].overlap ? s[0].overlap : s[1].overlap;
	if (s[0].both + s[1].both == 0)
		return 0;
	return (s[0].busy + s[1].busy) / ((double)(s[0].both + s[1].both) * CHUNK);
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void load(const char *when)
{
	FILE *f = fopen("/proc/loadavg", "r");
	char buf[128] = "?";

	if (f) {
		if (!fgets(buf, sizeof(buf), f))
			strcpy(buf, "?\n");
		fclose(f);
	}
	printf("load %s: %s", when, buf);
}

int main(int argc, char **argv)
{
	static struct ring_shared sh;
	static struct ring_grouped gr;
	int rounds = 11, used = 0;
	long iters = 20000000;
	double *ratio, *ts, *tg, os, og;

	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--rounds"))
			rounds = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--iters"))
			iters = atol(argv[i + 1]);
	}
	if (rounds < 1 || iters < 1) {
		fprintf(stderr, "usage: rd-bench-share [--rounds N] [--iters N]\n");
		return 2;
	}
	ratio = calloc((size_t)rounds, sizeof(*ratio));
	ts = calloc((size_t)rounds, sizeof(*ts));
	tg = calloc((size_t)rounds, sizeof(*tg));
	if (!ratio || !ts || !tg)
		return 4;
	sh.mask = gr.mask = 1023;
	printf("struct ring_shared %zu bytes (line 0 holds both writers); struct ring_grouped %zu "
	       "bytes (rx at %zu, tx completion at %zu)\n",
	       sizeof(sh), sizeof(gr), offsetof(struct ring_grouped, rx_head),
	       offsetof(struct ring_grouped, tx_tail));
	load("before");
	for (int r = 0; r < rounds; r++) {
		/* alternate which goes first: drift in the machine's load hits both */
		if (r & 1) {
			tg[r] = one_run(&gr.mask, &gr.base, &gr.rx_head, &gr.rx_bytes, &gr.tx_tail,
					&gr.tx_done, iters, &og);
			ts[r] = one_run(&sh.mask, &sh.base, &sh.rx_head, &sh.rx_bytes, &sh.tx_tail,
					&sh.tx_done, iters, &os);
		} else {
			ts[r] = one_run(&sh.mask, &sh.base, &sh.rx_head, &sh.rx_bytes, &sh.tx_tail,
					&sh.tx_done, iters, &os);
			tg[r] = one_run(&gr.mask, &gr.base, &gr.rx_head, &gr.rx_bytes, &gr.tx_tail,
					&gr.tx_done, iters, &og);
		}
		/* a round counts when both layouts ran side by side a tenth of the time at least */
		if (os >= 0.1 && og >= 0.1 && ts[r] > 0 && tg[r] > 0)
			ratio[used++] = ts[r] / tg[r];
		printf("round %d: false-sharing %.2f ns/iter (both running %.0f%%), grouped %.2f "
		       "ns/iter (%.0f%%)%s\n", r, ts[r], 100 * os, tg[r], 100 * og,
		       os >= 0.1 && og >= 0.1 ? "" : ": not side by side, not counted");
	}
	load("after");
	if (!used) {
		printf("no round ran both threads side by side: the machine is too busy, no ratio\n");
	} else {
		qsort(ratio, (size_t)used, sizeof(*ratio), cmp_d);
		printf("ratio false-sharing/grouped: median %.2f, min %.2f, max %.2f over %d of %d "
		       "rounds\n", ratio[used / 2], ratio[0], ratio[used - 1], used, rounds);
	}
	free(ratio);
	free(ts);
	free(tg);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bulk arrays as NAPI polls write them: a counter that only grows by
 * 'frames[n++] = v', a flush of the first n when the batch is full and
 * at the end; a copy loop 'for (i = 0; i < n; i++)' then the same flush.
 * Only frames[0, n) is read, and each of those was written. Three that read
 * beyond what was written are refused: a counter that also moves by
 * 'n += 2', a read of frames[0] when nothing may have been stored, and a
 * flush of all n inside the copy loop, when only frames[0, i] is written.
 * A callee may count for its caller ('frames[(*n)++] = v' given &n), and a
 * callee that reads frames[1] of the array it is given reads more than
 * frames[0].
 */
#include "h.h"

/* reads frames[0, n) and nothing else */
static void b_flush(struct b_ring *ring, void **frames, int n)
{
	for (int i = 0; i < n; i++)
		b_record(ring, "flush", frames[i]);
}

static void b_rx_batch(struct b_ring *ring, int budget)
{
	void *frames[B_BATCH];
	int n = 0;

	for (int done = 0; done < budget; done++) {
		frames[n++] = ring->slots[done];
		if (n == B_BATCH) {
			b_flush(ring, frames, n);
			n = 0;
		}
	}
	if (n)
		b_flush(ring, frames, n);
}

static void b_rx_copy(struct b_ring *ring, int budget)
{
	void *frames[B_BATCH];
	int i, n = budget < B_BATCH ? budget : B_BATCH;

	for (i = 0; i < n; i++)
		frames[i] = ring->slots[i + 1];
	b_flush(ring, frames, n);
}

/* n skips two slots: frames[0, n) is not all written */
static void b_rx_skip(struct b_ring *ring, int budget)
{
	void *frames[B_BATCH];
	int n = 0;

	frames[n++] = ring->slots[0];
	if (budget > 1)
		n += 2;
	b_flush(ring, frames, n);
}

/* frames[0] is read although no frame may have been stored */
static void b_rx_first(struct b_ring *ring, int budget)
{
	void *frames[B_BATCH];
	int n = 0;

	for (int done = 0; done < budget && done < B_BATCH; done++)
		frames[n++] = ring->slots[done];
	b_record(ring, "first", frames[0]);
}

/* flushes all n frames when only frames[0] is written */
static void b_rx_early(struct b_ring *ring, int budget)
{
	void *frames[B_BATCH];
	int i, n = budget < B_BATCH ? budget : B_BATCH;

	for (i = 0; i < n; i++) {
		frames[i] = ring->slots[i];
		if (i == 0)
			b_flush(ring, frames, n);
	}
}

/* stores one frame at *n and counts it: the frames below *n stay written */
static void b_take(void **frames, int *n, void *frame)
{
	frames[(*n)++] = frame;
}

static void b_rx_through(struct b_ring *ring, int budget)
{
	void *frames[B_BATCH];
	int n = 0;

	for (int done = 0; done < budget && done < B_BATCH; done++)
		b_take(frames, &n, ring->slots[done]);
	while (n > 0)
		b_record(ring, "back", frames[--n]);
}

/* reads frames[1] of what it is given, not only the first element */
static void b_second(struct b_ring *ring, void **frames)
{
	b_record(ring, "second", frames[1]);
}

static void b_rx_second(struct b_ring *ring, int budget)
{
	void *frames[B_BATCH];

	frames[0] = ring->slots[budget - 1];
	b_second(ring, frames);
}

/*
 * A bulk queue: the count is a member beside its array (6.12 veth's bq).
 * It starts at 0, grows only by 'bq->q[bq->count++] = v' and goes back to 0
 * after a flush of the first count; a loop from any index below the count
 * reads only frames that were stored.
 */
struct b_bq {
	void *q[B_BATCH];
	unsigned int count;
};

static void b_bq_flush(struct b_ring *ring, struct b_bq *bq)
{
	b_flush(ring, bq->q, bq->count);
	for (unsigned int i = 1; unlikely(i < bq->count); i++)
		b_record(ring, "again", bq->q[i]);
	bq->count = 0;
}

static void b_bq_add(struct b_ring *ring, struct b_bq *bq, void *frame)
{
	if (bq->count == B_BATCH)
		b_bq_flush(ring, bq);
	bq->q[bq->count++] = frame;
}

static void b_rx_bq(struct b_ring *ring, int budget)
{
	struct b_bq bq;

	bq.count = 0;
	for (int done = 0; done < budget; done++)
		b_bq_add(ring, &bq, ring->slots[done % 8]);
	if (bq.count)
		b_bq_flush(ring, &bq);
}

/* a queue whose count is also set to what the caller asks: q[1] is read unwritten */
struct b_bq_set {
	void *q[B_BATCH];
	unsigned int count;
};

static void b_rx_bq_set(struct b_ring *ring, int budget)
{
	struct b_bq_set bq;

	bq.count = budget < B_BATCH ? (unsigned int)budget : B_BATCH;
	bq.q[0] = ring->slots[0];
	b_flush(ring, bq.q, bq.count);
}

int b_poll(struct napi_struct *napi, int budget)
{
	struct b_vector *v = container_of(napi, struct b_vector, napi);

	b_rx_batch(&v->ring, budget);
	b_rx_copy(&v->ring, budget);
	b_rx_skip(&v->ring, budget);
	b_rx_first(&v->ring, budget);
	b_rx_early(&v->ring, budget);
	b_rx_through(&v->ring, budget);
	b_rx_second(&v->ring, budget);
	b_rx_bq(&v->ring, budget);
	b_rx_bq_set(&v->ring, budget);
	return budget;
}

/*
 * Definite assignment, the answer for each local fix is asked about
 * (tests/unit/defassign/test_da_corpus.c):
 * zt-da: b_rx_batch frames: written-first
 * zt-da: b_rx_copy frames: written-first
 * zt-da: b_rx_skip frames: read-before-written [0, n) @58
 * zt-da: b_rx_early frames: read-before-written [0, n) @81
 * zt-da: b_rx_first frames: read-before-written [0] @69
 * zt-da: b_rx_through frames: written-first
 * zt-da: b_rx_second frames: read-before-written [*] @113
 * zt-da: b_rx_bq bq: written-first
 * zt-da: b_rx_bq_set bq: read-before-written q[0, count) @165
 */

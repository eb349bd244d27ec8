/* SPDX-License-Identifier: MIT */
/*
 * ABI of a reference-driver variant (.so built by variant.mk): plain C, no driver
 * structure crosses it, so a rewritten driver keeps the same interface.
 */
#ifndef RD_OPS_H
#define RD_OPS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define RD_OPS_ABI	2
#define RD_NAPI_BUDGET	64

enum rd_profile {
	RD_PROFILE_UDP64,	/* 64 B UDP flood, MTU 1500 */
	RD_PROFILE_UDP512,	/* 512 B UDP flood, MTU 1500 */
	RD_PROFILE_TCP1500,	/* full-size TCP-like segments, MTU 1500 */
	RD_PROFILE_UDP64_J,	/* 64 B UDP flood, MTU 9000 */
	RD_PROFILE_TCP9000,	/* full-size TCP-like segments, MTU 9000 */
	RD_PROFILE_MIX,		/* 64/512/1514/4000/9014 B round robin, MTU 9000 */
	RD_PROFILE_COUNT,
};

enum rd_rq_type { RD_RQ_LEGACY, RD_RQ_STRIDING, RD_RQ_COUNT };
enum rd_xdp_mode { RD_XDP_NONE, RD_XDP_PASS, RD_XDP_DROP, RD_XDP_DROP_READ, RD_XDP_TX, RD_XDP_COUNT };
enum rd_cache { RD_CACHE_WARM, RD_CACHE_COLD, RD_CACHE_COUNT };

static const char *const rd_profile_names[RD_PROFILE_COUNT] = {
	"udp64", "udp512", "tcp1500", "udp64-mtu9000", "tcp9000", "mix",
};
static const char *const rd_rq_names[RD_RQ_COUNT] = { "legacy", "striding" };
static const char *const rd_mode_names[RD_XDP_COUNT] = { "none", "pass", "drop", "drop-read", "tx" };
static const char *const rd_cache_names[RD_CACHE_COUNT] = { "warm", "cold" };

static inline int rd_lookup(const char *const *names, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return i;
	return -1;
}

typedef void (*rd_emit_fn)(void *arg, const char *line);

struct rd_config {
	int profile;
	int rq_type;
	int xdp_mode;
	int cache;
	unsigned int page_size;		/* 4096 or 65536 */
	unsigned int seed;
	rd_emit_fn trace;		/* one line per skb and per transmitted frame, or NULL */
	void *trace_arg;
	/* appended, 0 = off: AF_XDP zero-copy RQ (umem frames; needs an XDP mode, 4K, MTU 1500) */
	int xsk;
	/*
	 * appended, 0 = the driver's default: strides a striding RQ looks ahead (what
	 * rq->mpwqe.prefetch_dist is set from; a driver without look-ahead ignores it)
	 */
	unsigned int prefetch_dist;
};

struct rd_counters {
	uint64_t rx_packets;		/* completions carrying a packet */
	uint64_t rx_bytes;
	uint64_t pass;			/* skbs the stack received */
	uint64_t drop;			/* XDP_DROP/ABORTED, failed XDP_TX, software drops */
	uint64_t tx;			/* frames queued by XDP_TX */
	uint64_t tx_completed;		/* frames the device sent */
	uint64_t dev_rx;		/* packets the device wrote */
	uint64_t filler_cqes;
	uint64_t alloc_err;
	uint64_t csum_complete;
	uint64_t stack_bad_hdr;		/* skbs whose headers the stack rejected */
	uint64_t pages_total;
	uint64_t pages_free;
	uint64_t skbs_in_use;
	/* appended: AF_XDP pool (0 without --xsk) */
	uint64_t xsk_frames;		/* umem frames */
	uint64_t xsk_frames_free;	/* on the pool's free list or in the fill ring */
};

/*
 * The cold model measured on this host (rd_ops.calibrate): ns per line of dependent
 * loads of the first line of each packet the device wrote in one fill, after its flush.
 * first_touch in the order the driver meets them: what the driver's first touch waits
 * for; random: the same lines flushed again and visited in a random order, which no
 * prefetcher can follow (the host's DRAM latency); stride: flushed lines of the pool's
 * pages one page apart in address order, a constant stride (what the model's previous
 * page order gave, and a hardware stride prefetcher can follow); warm: the same lines
 * just read (a cache hit). The model is faithful when first_touch is about random.
 */
struct rd_calib {
	/* picoseconds per line: the variant is built without floating point */
	uint64_t first_touch_ps;
	uint64_t random_ps;
	uint64_t stride_ps;
	uint64_t warm_ps;
	unsigned int lines;		/* per measurement */
};

struct rd_ops {
	unsigned int abi;
	const char *build;		/* compiler and auto-init of this variant */
	/* NULL on error, with a message in err */
	void *(*create)(const struct rd_config *cfg, char *err, size_t errlen);
	void (*destroy)(void *dev);
	/* the device writes up to max packets (and completes sent frames); not driver time */
	unsigned int (*fill)(void *dev, unsigned int max);
	/* one NAPI poll: the driver's time */
	int (*poll)(void *dev, int budget);
	/* device and driver run until nothing is in flight; 0 when idle */
	int (*drain)(void *dev);
	void (*counters)(void *dev, struct rd_counters *c);
	/* after a drain: every page and skb back where it started; 0 or -1 with a message */
	int (*check)(void *dev, char *msg, size_t len);
	/* deterministic state dump: counters, pool and page state */
	void (*trace_state)(void *dev, rd_emit_fn emit, void *arg);
	/* frame number @seq of the device's traffic (into buf of at least 16384 bytes) */
	unsigned int (*frame)(void *dev, unsigned int seq, unsigned char *buf);
	/* ABI 2: one calibration of the cold model (any cache model; it flushes itself), 0 or -1 */
	int (*calibrate)(void *dev, struct rd_calib *out);
};

const struct rd_ops *rd_get_ops(void);

#endif

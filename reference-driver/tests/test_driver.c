// SPDX-License-Identifier: MIT
/*
 * Behaviour of the reference driver on the simulated device: every packet accounted for,
 * skb and XDP_TX contents as the device wrote them, no page or skb leaked after a drain,
 * across CQ wrap-around, MPWQE stride boundaries (filler completions) and packets that
 * span pages.
 */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "rd_test_util.h"

#define CQ_SIZE 1024

static const struct rd_ops *ops;

static void *create(int profile, int rq, int mode, unsigned int page_size, int cache,
		    struct rd_capture *cap)
{
	struct rd_config cfg = {
		.profile = profile, .rq_type = rq, .xdp_mode = mode, .cache = cache,
		.page_size = page_size,
		.trace = cap ? rd_capture_emit : NULL, .trace_arg = cap,
	};
	char err[256] = "";
	void *dev = ops->create(&cfg, err, sizeof(err));

	if (!dev)
		fail_msg("create %s/%s/%s/%u: %s", rd_profile_names[profile], rd_rq_names[rq],
			 rd_mode_names[mode], page_size, err);
	return dev;
}

static void check_accounting(void *dev, unsigned long n, int mode, const char *what)
{
	struct rd_counters c;
	char msg[256] = "";

	ops->counters(dev, &c);
	if (c.rx_packets != n || c.dev_rx != n)
		fail_msg("%s: device wrote %llu, driver saw %llu, want %lu", what,
			 (unsigned long long)c.dev_rx, (unsigned long long)c.rx_packets, n);
	assert_int_equal(c.rx_packets, c.pass + c.drop + c.tx);
	switch (mode) {
	case RD_XDP_NONE:
	case RD_XDP_PASS:
		assert_int_equal(c.pass, n);
		break;
	case RD_XDP_DROP:
	case RD_XDP_DROP_READ:
		assert_int_equal(c.drop, n);
		break;
	case RD_XDP_TX:
		assert_int_equal(c.tx, n);
		assert_int_equal(c.tx_completed, n);
		break;
	}
	assert_int_equal(c.stack_bad_hdr, 0);
	assert_int_equal(c.alloc_err, 0);
	assert_int_equal(c.skbs_in_use, 0);
	if (ops->check(dev, msg, sizeof(msg)))
		fail_msg("%s: %s", what, msg);
}

/* Every profile, RQ type and mode; more than two CQ laps each. */
static void test_accounting(void **state)
{
	unsigned long n = 2 * CQ_SIZE + 700;
	int p, rq, mode;

	for (rq = 0; rq < RD_RQ_COUNT; rq++)
		for (p = 0; p < RD_PROFILE_COUNT; p++)
			for (mode = 0; mode < RD_XDP_COUNT; mode++) {
				void *dev = create(p, rq, mode, 4096, RD_CACHE_WARM, NULL);
				char what[128];

				snprintf(what, sizeof(what), "%s/%s/%s", rd_profile_names[p],
					 rd_rq_names[rq], rd_mode_names[mode]);
				assert_int_equal(rd_push(ops, dev, n), n);
				check_accounting(dev, n, mode, what);
				ops->destroy(dev);
			}
}

static void test_page_size_64k_and_cold(void **state)
{
	static const int profiles[] = { RD_PROFILE_UDP64, RD_PROFILE_TCP9000, RD_PROFILE_MIX };
	static const int modes[] = { RD_XDP_NONE, RD_XDP_DROP, RD_XDP_TX };
	unsigned long n = 1500;
	unsigned int i, rq;

	/* 64K pages: each profile once per RQ type, modes rotating */
	for (rq = 0; rq < RD_RQ_COUNT; rq++)
		for (i = 0; i < 3; i++) {
			int mode = modes[(i + rq) % 3];
			void *dev = create(profiles[i], rq, mode, 65536, RD_CACHE_COLD, NULL);

			assert_int_equal(rd_push(ops, dev, n), n);
			check_accounting(dev, n, mode, "64k/cold");
			ops->destroy(dev);
		}
}

static int parse_skb(const char *l, unsigned int *len, unsigned int *hdrlen,
		     unsigned int *headroom, unsigned int *nr_frags, unsigned long long *hash)
{
	return sscanf(l, "skb len=%u hdrlen=%u headroom=%u nr_frags=%u %*s %*s %*s %*s data=%llx",
		      len, hdrlen, headroom, nr_frags, hash) == 5;
}

/* skb n carries frame n: length, headroom, bytes (hash), fragments for big frames. */
static void test_skb_contents(void **state)
{
	static const int profiles[] = { RD_PROFILE_UDP64, RD_PROFILE_TCP1500, RD_PROFILE_TCP9000,
					RD_PROFILE_MIX };
	unsigned char *frame = malloc(16384);
	unsigned int i, rq, mode;

	assert_non_null(frame);
	for (rq = 0; rq < RD_RQ_COUNT; rq++)
		for (i = 0; i < 4; i++)
			for (mode = RD_XDP_NONE; mode <= RD_XDP_PASS; mode++) {
				struct rd_capture cap = { 0 };
				void *dev = create(profiles[i], rq, mode, 4096, RD_CACHE_WARM, &cap);
				unsigned long n = 1200, seq = 0;
				size_t k;
				unsigned int multi = 0;

				assert_int_equal(rd_push(ops, dev, n), n);
				for (k = 0; k < cap.n; k++) {
					unsigned int len, hdrlen, headroom, nr_frags, flen;
					unsigned long long hash;

					if (strncmp(cap.lines[k], "skb ", 4))
						continue;
					assert_true(parse_skb(cap.lines[k], &len, &hdrlen, &headroom,
							      &nr_frags, &hash));
					flen = ops->frame(dev, seq, frame);
					assert_int_equal(len, flen);
					assert_int_equal(headroom, mode == RD_XDP_PASS ? 256 : 64);
					assert_int_equal(hash, rd_fnv(RD_FNV_INIT, frame, flen));
					if (nr_frags) {
						assert_true(hdrlen < len);
						multi++;
					} else {
						assert_int_equal(hdrlen, len);
					}
					/* 9014-byte frames do not fit a 4K page: they span pages */
					if (flen > 4096)
						assert_true(nr_frags >= 2);
					seq++;
				}
				assert_int_equal(seq, n);
				if (profiles[i] == RD_PROFILE_TCP9000)
					assert_int_equal(multi, n);
				rd_capture_free(&cap);
				ops->destroy(dev);
			}
	free(frame);
}

static int hexval(char c)
{
	return c <= '9' ? c - '0' : c - 'a' + 10;
}

/* XDP_TX sends frame n with its MAC addresses swapped and everything else intact. */
static void test_xdp_tx_frames(void **state)
{
	static const int profiles[] = { RD_PROFILE_UDP64, RD_PROFILE_UDP512, RD_PROFILE_TCP9000,
					RD_PROFILE_MIX };
	unsigned char *frame = malloc(16384), *sent = malloc(16384);
	unsigned int i, rq;

	assert_non_null(frame);
	assert_non_null(sent);
	for (rq = 0; rq < RD_RQ_COUNT; rq++)
		for (i = 0; i < 4; i++) {
			struct rd_capture cap = { 0 };
			void *dev = create(profiles[i], rq, RD_XDP_TX, 4096, RD_CACHE_WARM, &cap);
			unsigned long n = 1100, seq = 0;
			size_t k;

			assert_int_equal(rd_push(ops, dev, n), n);
			for (k = 0; k < cap.n; k++) {
				unsigned int len, flen, b;
				int off;
				const char *hex;

				if (strncmp(cap.lines[k], "tx ", 3))
					continue;
				assert_int_equal(sscanf(cap.lines[k], "tx %u %n", &len, &off), 1);
				hex = cap.lines[k] + off;
				assert_int_equal(strlen(hex), 2 * len);
				for (b = 0; b < len; b++)
					sent[b] = hexval(hex[2 * b]) << 4 | hexval(hex[2 * b + 1]);
				flen = ops->frame(dev, seq, frame);
				assert_int_equal(len, flen);
				assert_memory_equal(sent, frame + 6, 6);
				assert_memory_equal(sent + 6, frame, 6);
				assert_memory_equal(sent + 12, frame + 12, flen - 12);
				seq++;
			}
			assert_int_equal(seq, n);
			rd_capture_free(&cap);
			ops->destroy(dev);
		}
	free(frame);
	free(sent);
}

/* Mixed sizes on a striding RQ hit WQE ends: filler completions, nothing lost. */
static void test_stride_boundaries(void **state)
{
	int mode;

	for (mode = 0; mode < RD_XDP_COUNT; mode++) {
		void *dev = create(RD_PROFILE_MIX, RD_RQ_STRIDING, mode, 4096, RD_CACHE_WARM, NULL);
		struct rd_counters c;
		unsigned long n = 3000;

		assert_int_equal(rd_push(ops, dev, n), n);
		ops->counters(dev, &c);
		assert_true(c.filler_cqes > 0);
		check_accounting(dev, n, mode, "mix/striding");
		ops->destroy(dev);
	}
}

/* Several batches without a drain in between: pages cycle through the pool. */
static void test_steady_state_recycling(void **state)
{
	int rq;

	for (rq = 0; rq < RD_RQ_COUNT; rq++) {
		void *dev = create(RD_PROFILE_UDP512, rq, RD_XDP_TX, 4096, RD_CACHE_WARM, NULL);
		struct rd_counters c;
		unsigned long n = 20000;

		assert_int_equal(rd_push(ops, dev, n), n);
		ops->counters(dev, &c);
		/* far more packets than pages: pages were recycled, none newly allocated */
		assert_true(c.pages_total < n / 4);
		check_accounting(dev, n, RD_XDP_TX, "recycling");
		ops->destroy(dev);
	}
}

static void test_bad_config(void **state)
{
	struct rd_config cfg = { .profile = RD_PROFILE_UDP64, .page_size = 8192 };
	char err[128] = "";

	assert_null(ops->create(&cfg, err, sizeof(err)));
	assert_true(strlen(err) > 0);
	cfg.page_size = 4096;
	cfg.xdp_mode = RD_XDP_COUNT;
	assert_null(ops->create(&cfg, err, sizeof(err)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accounting),
		cmocka_unit_test(test_page_size_64k_and_cold),
		cmocka_unit_test(test_skb_contents),
		cmocka_unit_test(test_xdp_tx_frames),
		cmocka_unit_test(test_stride_boundaries),
		cmocka_unit_test(test_steady_state_recycling),
		cmocka_unit_test(test_bad_config),
	};

	ops = rd_get_ops();
	return cmocka_run_group_tests(tests, NULL, NULL);
}

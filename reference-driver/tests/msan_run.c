// SPDX-License-Identifier: MIT
/*
 * The full traffic mix under MemorySanitizer (no auto-init): every profile, RQ type,
 * XDP mode and page size. A read of memory nobody wrote (a stack buffer field, a page
 * byte the device did not write) aborts the run. Plain C: MSan needs every linked
 * library instrumented, and the C library is the only one here.
 */

#include "rd_test_util.h"

/* a trace makes the stack model hash every byte of every skb: MSan sees each read */
static void msan_emit(void *arg, const char *line)
{
}

int main(void)
{
	static const unsigned int page_sizes[] = { 4096, 65536 };
	const struct rd_ops *ops = rd_get_ops();
	unsigned long total = 0;
	int p, rq, mode, ps;

	for (ps = 0; ps < 2; ps++)
		for (rq = 0; rq < RD_RQ_COUNT; rq++)
			for (p = 0; p < RD_PROFILE_COUNT; p++)
				for (mode = 0; mode < RD_XDP_COUNT; mode++) {
					/* 64K pages: one mode per profile keeps the run short */
					if (ps && mode != (p + rq) % RD_XDP_COUNT)
						continue;
					struct rd_config cfg = {
						.profile = p, .rq_type = rq, .xdp_mode = mode,
						.page_size = page_sizes[ps],
						.trace = msan_emit,
					};
					unsigned long n = ps ? 600 : 1500;
					struct rd_counters c;
					char err[256];
					void *dev = ops->create(&cfg, err, sizeof(err));

					if (!dev) {
						fprintf(stderr, "msan_run: create: %s\n", err);
						return 1;
					}
					if (rd_push(ops, dev, n) != n) {
						fprintf(stderr, "msan_run: stalled\n");
						return 1;
					}
					ops->counters(dev, &c);
					if (c.rx_packets != n || c.rx_packets != c.pass + c.drop + c.tx ||
					    ops->check(dev, err, sizeof(err))) {
						fprintf(stderr, "msan_run: %s/%s/%s: accounting or pages\n",
							rd_profile_names[p], rd_rq_names[rq],
							rd_mode_names[mode]);
						return 1;
					}
					total += n;
					ops->destroy(dev);
				}
	/* AF_XDP zero-copy: umem frames are user memory nobody initialised */
	for (rq = 0; rq < RD_RQ_COUNT; rq++)
		for (p = RD_PROFILE_UDP64; p <= RD_PROFILE_TCP1500; p++)
			for (mode = RD_XDP_PASS; mode < RD_XDP_COUNT; mode++) {
				struct rd_config cfg = {
					.profile = p, .rq_type = rq, .xdp_mode = mode,
					.page_size = 4096, .xsk = 1,
					.trace = msan_emit,
				};
				unsigned long n = 2600;
				struct rd_counters c;
				char err[256];
				void *dev = ops->create(&cfg, err, sizeof(err));

				if (!dev) {
					fprintf(stderr, "msan_run: xsk create: %s\n", err);
					return 1;
				}
				if (rd_push(ops, dev, n) != n) {
					fprintf(stderr, "msan_run: xsk stalled\n");
					return 1;
				}
				ops->counters(dev, &c);
				if (c.rx_packets != n || c.rx_packets != c.pass + c.drop + c.tx ||
				    ops->check(dev, err, sizeof(err))) {
					fprintf(stderr, "msan_run: xsk %s/%s/%s: accounting or frames\n",
						rd_profile_names[p], rd_rq_names[rq], rd_mode_names[mode]);
					return 1;
				}
				total += n;
				ops->destroy(dev);
			}
	printf("msan_run: %lu packets, every profile x rq x mode x page size, and AF_XDP, clean\n", total);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * rd-trace: a deterministic log of what one variant does with a traffic profile, for
 * differential testing of a baseline and a rewritten driver: every transmitted frame,
 * every skb, the counters and the page state after a drain.
 */

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include "rd_common.h"

static void emit(void *arg, const char *line)
{
	fputs(line, (FILE *)arg);
	fputc('\n', (FILE *)arg);
}

static void usage(FILE *f)
{
	fprintf(f, "usage: rd-trace --so FILE.so --profile P --mode M [--rq legacy|striding]\n"
		   "                [--packets N] [--page-size 4096|65536] [--prefetch-dist N] [--xsk] [--check]\n"
		   "profiles: udp64 udp512 tcp1500 udp64-mtu9000 tcp9000 mix\n"
		   "modes: none pass drop drop-read tx\n"
		   "--xsk: AF_XDP zero-copy RQ (umem frames; an XDP mode, 4K pages, MTU 1500)\n"
		   "--check: exit 1 unless every packet is accounted for and no page leaked\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "so", required_argument, NULL, 's' },
		{ "profile", required_argument, NULL, 'p' },
		{ "mode", required_argument, NULL, 'm' },
		{ "rq", required_argument, NULL, 'r' },
		{ "packets", required_argument, NULL, 'n' },
		{ "page-size", required_argument, NULL, 'P' },
		{ "prefetch-dist", required_argument, NULL, 'D' },
		{ "check", no_argument, NULL, 'c' },
		{ "xsk", no_argument, NULL, 'x' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct rd_variant v = { .name = "trace" };
	struct rd_config cfg = { .page_size = 4096, .rq_type = RD_RQ_STRIDING, .profile = -1,
				 .xdp_mode = -1 };
	unsigned long packets = 1000, written = 0;
	struct rd_counters c;
	char err[256];
	int opt, check = 0, stalls = 0, ret = 0;
	void *dev;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 's': v.path = optarg; break;
		case 'p': cfg.profile = rd_lookup(rd_profile_names, RD_PROFILE_COUNT, optarg); break;
		case 'm': cfg.xdp_mode = rd_lookup(rd_mode_names, RD_XDP_COUNT, optarg); break;
		case 'r':
			cfg.rq_type = rd_lookup(rd_rq_names, RD_RQ_COUNT, optarg);
			if (cfg.rq_type < 0) {
				fprintf(stderr, "rd-trace: unknown rq type %s\n", optarg);
				return 2;
			}
			break;
		case 'n': packets = strtoul(optarg, NULL, 0); break;
		case 'P': cfg.page_size = strtoul(optarg, NULL, 0); break;
		case 'D': cfg.prefetch_dist = strtoul(optarg, NULL, 0); break;
		case 'c': check = 1; break;
		case 'x': cfg.xsk = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!v.path || cfg.profile < 0 || cfg.xdp_mode < 0 || !packets) {
		usage(stderr);
		return 2;
	}
	if (rd_variant_load(&v))
		return 3;
	cfg.trace = emit;
	cfg.trace_arg = stdout;
	dev = v.ops->create(&cfg, err, sizeof(err));
	if (!dev) {
		fprintf(stderr, "rd-trace: %s\n", err);
		return 3;
	}
	printf("config profile=%s mode=%s rq=%s page_size=%u packets=%lu%s\n",
	       rd_profile_names[cfg.profile], rd_mode_names[cfg.xdp_mode],
	       rd_rq_names[cfg.rq_type], cfg.page_size, packets, cfg.xsk ? " xsk" : "");
	while (written < packets) {
		unsigned long want = packets - written;
		unsigned int n = rd_run_batch(v.ops, dev, want > 200 ? 200 : (unsigned int)want,
					      NULL, NULL, NULL);

		written += n;
		if (!n && ++stalls > 100) {
			fprintf(stderr, "rd-trace: device stalled after %lu packets\n", written);
			ret = 4;
			goto out;
		}
	}
	if (v.ops->drain(dev)) {
		fprintf(stderr, "rd-trace: drain did not finish\n");
		ret = 4;
		goto out;
	}
	v.ops->trace_state(dev, emit, stdout);
	if (check) {
		v.ops->counters(dev, &c);
		if (c.rx_packets != written || c.rx_packets != c.pass + c.drop + c.tx ||
		    c.tx != c.tx_completed || c.stack_bad_hdr ||
		    (cfg.xsk && !c.xsk_frames)) {
			fprintf(stderr, "rd-trace: accounting: written=%lu rx=%llu pass=%llu drop=%llu tx=%llu sent=%llu bad=%llu\n",
				written, (unsigned long long)c.rx_packets, (unsigned long long)c.pass,
				(unsigned long long)c.drop, (unsigned long long)c.tx,
				(unsigned long long)c.tx_completed,
				(unsigned long long)c.stack_bad_hdr);
			ret = 1;
		}
		if (v.ops->check(dev, err, sizeof(err))) {
			fprintf(stderr, "rd-trace: %s\n", err);
			ret = 1;
		}
	}
out:
	v.ops->destroy(dev);
	return ret;
}

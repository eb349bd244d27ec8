// SPDX-License-Identifier: MIT
/*
 * rd-bench: per-packet cost of driver variants. All variants are loaded into one
 * process and run interleaved round by round (the order rotates every round), so drift
 * of the machine hits them alike; each round's ratio is taken against the first
 * variant of that same round. Only the NAPI poll is timed: the simulated device fills
 * its batch before the clock starts. --callgrind/--cachegrind re-run the same work under
 * valgrind, collecting only inside the poll, for instructions and cache misses per packet.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include <valgrind/callgrind.h>
#include "rd_common.h"

#define MAX_VARIANTS	16
#define MAX_ROUNDS	101
#define BATCH		256
#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

struct result {
	double ns[MAX_ROUNDS];		/* per round */
	double ratio[MAX_ROUNDS];	/* per round, against variant 0 */
	double ir, d1, ll;		/* per packet, from valgrind; < 0 when not measured */
};

#define CALIB_TIMES	15

/* The CPU, so that tables of two machines can be compared. */
struct host {
	char vendor[64], model[128], l2[32], l3[32];
	int family, model_no;
};

struct bench {
	struct rd_variant v[MAX_VARIANTS];
	int nv;
	int modes[RD_XDP_COUNT];
	int nmodes;
	struct rd_config cfg;
	int rounds;
	unsigned long packets;
	const char *json;
	int callgrind, cachegrind;
	const char *child_out;		/* set in the valgrind child */
	struct result res[RD_XDP_COUNT][MAX_VARIANTS];
	struct host host;
	/* cold model: CALIB_TIMES calibrations of the first variant (struct rd_calib) */
	int n_calib;
	struct rd_calib calib[CALIB_TIMES];
};

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void cg_around(int start __attribute__((unused)))
{
	CALLGRIND_TOGGLE_COLLECT;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* median, min and max; sorts v */
static void stats_n(double *v, size_t n, double *med, double *lo, double *hi)
{
	qsort(v, n, sizeof(double), cmp_double);
	*med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	*lo = v[0];
	*hi = v[n - 1];
}

static void stats(const double *v, int n, double *med, double *lo, double *hi)
{
	double s[MAX_ROUNDS];

	memcpy(s, v, sizeof(double) * n);
	stats_n(s, n, med, lo, hi);
}

/*
 * Pushes @packets packets through @dev; returns ns per packet, or -1 on a stall. The
 * machine may be shared: a batch (BATCH packets, some microseconds) during which the
 * process was preempted or interrupted is an outlier, so a round's figure is the median
 * of its per-batch costs, not total time over packets.
 */
static double run(const struct rd_ops *ops, void *dev, unsigned long packets, int collect)
{
	size_t nb = 0, cap = packets / 16 + 16;
	double *per = collect ? NULL : malloc(cap * sizeof(*per)), med, lo, hi;
	unsigned long done = 0;
	int stalls = 0;

	while (done < packets) {
		unsigned long long ns = 0;
		unsigned int n = rd_run_batch(ops, dev, BATCH, collect ? NULL : now_ns,
					      collect ? NULL : &ns, collect ? cg_around : NULL);

		done += n;
		if (!n && ++stalls > 1000) {
			free(per);
			return -1;
		}
		if (per && n && nb < cap)
			per[nb++] = (double)ns / n;
	}
	if (!per)
		return 0;
	stats_n(per, nb, &med, &lo, &hi);
	free(per);
	return med;
}

static void *create(struct bench *b, int vi, int mode)
{
	struct rd_config cfg = b->cfg;
	char err[256];
	void *dev;

	cfg.xdp_mode = mode;
	if (b->v[vi].prefetch_dist)
		cfg.prefetch_dist = b->v[vi].prefetch_dist;
	dev = b->v[vi].ops->create(&cfg, err, sizeof(err));
	if (!dev)
		fprintf(stderr, "rd-bench: %s: %s\n", b->v[vi].name, err);
	return dev;
}

static void read_line_value(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "r");

	snprintf(out, len, "?");
	if (f && fgets(out, len, f))
		out[strcspn(out, "\n")] = 0;
	if (f)
		fclose(f);
}

static void host_read(struct host *h)
{
	char line[512], path[128], level[16], type[32];
	FILE *f = fopen("/proc/cpuinfo", "r");
	int i;

	snprintf(h->vendor, sizeof(h->vendor), "?");
	snprintf(h->model, sizeof(h->model), "?");
	snprintf(h->l2, sizeof(h->l2), "?");
	snprintf(h->l3, sizeof(h->l3), "?");
	h->family = h->model_no = -1;
	/* the first processor's lines: every vCPU of a VM reports the same */
	while (f && fgets(line, sizeof(line), f) && line[0] != '\n') {
		char *v = strchr(line, ':');

		if (!v)
			continue;
		v += 1 + (v[1] == ' ');
		v[strcspn(v, "\n")] = 0;
		if (!strncmp(line, "vendor_id", 9))
			snprintf(h->vendor, sizeof(h->vendor), "%s", v);
		else if (!strncmp(line, "model name", 10))
			snprintf(h->model, sizeof(h->model), "%s", v);
		else if (!strncmp(line, "cpu family", 10))
			h->family = atoi(v);
		else if (!strncmp(line, "model\t", 6))
			h->model_no = atoi(v);
	}
	if (f)
		fclose(f);
	for (i = 0; i < 8; i++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
		read_line_value(path, level, sizeof(level));
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
		read_line_value(path, type, sizeof(type));
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		if (!strcmp(level, "2") && strcmp(type, "Instruction"))
			read_line_value(path, h->l2, sizeof(h->l2));
		else if (!strcmp(level, "3"))
			read_line_value(path, h->l3, sizeof(h->l3));
	}
}

/*
 * The cold model on this host, measured through the first variant before the timed
 * rounds: where the device's lines are when the driver first touches them.
 */
static int calibrate(struct bench *b)
{
	void *dev;
	int i;

	if (b->cfg.cache != RD_CACHE_COLD || !b->v[0].ops->calibrate)
		return 0;
	dev = create(b, 0, b->modes[0]);
	if (!dev)
		return -1;
	if (run(b->v[0].ops, dev, 20000, 0) < 0) {
		b->v[0].ops->destroy(dev);
		return -1;
	}
	for (i = 0; i < CALIB_TIMES; i++)
		if (!b->v[0].ops->calibrate(dev, &b->calib[b->n_calib]))
			b->n_calib++;
	b->v[0].ops->destroy(dev);
	return 0;
}

/* median, min and max of one field of the calibrations */
static void calib_stats(const struct bench *b, size_t off, double out[3])
{
	double v[CALIB_TIMES];
	int i;

	for (i = 0; i < b->n_calib; i++)
		v[i] = *(const uint64_t *)((const char *)&b->calib[i] + off) / 1000.0;
	if (b->n_calib)
		stats(v, b->n_calib, &out[0], &out[1], &out[2]);
	else
		out[0] = out[1] = out[2] = -1;
}

static const struct {
	const char *key, *what;
	size_t off;
} calib_fields[] = {
	{ "first_touch_ns", "first touch in the driver's order", offsetof(struct rd_calib, first_touch_ps) },
	{ "random_ns", "random order (DRAM)", offsetof(struct rd_calib, random_ps) },
	{ "stride_ns", "one page apart", offsetof(struct rd_calib, stride_ps) },
	{ "warm_ns", "warm", offsetof(struct rd_calib, warm_ps) },
};

static int bench_timed(struct bench *b)
{
	void *dev[MAX_VARIANTS];
	int mi, vi, r;

	if (calibrate(b))
		return -1;
	for (mi = 0; mi < b->nmodes; mi++) {
		int mode = b->modes[mi];

		for (vi = 0; vi < b->nv; vi++) {
			dev[vi] = create(b, vi, mode);
			if (!dev[vi])
				return -1;
			/* warm-up: rings cycled once, pools and caches in steady state */
			if (run(b->v[vi].ops, dev[vi], 20000, 0) < 0)
				goto stall;
		}
		for (r = 0; r < b->rounds; r++) {
			for (vi = 0; vi < b->nv; vi++) {
				int k = (vi + r) % b->nv;
				double ns = run(b->v[k].ops, dev[k], b->packets, 0);

				if (ns < 0)
					goto stall;
				b->res[mode][k].ns[r] = ns;
			}
			for (vi = 0; vi < b->nv; vi++)
				b->res[mode][vi].ratio[r] = b->res[mode][vi].ns[r] / b->res[mode][0].ns[r];
		}
		for (vi = 0; vi < b->nv; vi++) {
			struct rd_counters c;

			b->v[vi].ops->drain(dev[vi]);
			b->v[vi].ops->counters(dev[vi], &c);
			if (c.rx_packets != c.pass + c.drop + c.tx) {
				fprintf(stderr, "rd-bench: %s: packets unaccounted for\n", b->v[vi].name);
				return -1;
			}
			b->v[vi].ops->destroy(dev[vi]);
		}
	}
	return 0;
stall:
	fprintf(stderr, "rd-bench: the device stalled\n");
	return -1;
}

/* In the valgrind child: one collected run per mode and variant, dumped separately. */
static int bench_child(struct bench *b)
{
	FILE *f = fopen(b->child_out, "w");
	int mi, vi;

	if (!f)
		return -1;
	for (mi = 0; mi < b->nmodes; mi++) {
		for (vi = 0; vi < b->nv; vi++) {
			void *dev = create(b, vi, b->modes[mi]);
			char name[128];

			if (!dev || run(b->v[vi].ops, dev, 20000, 0) < 0)
				return -1;
			CALLGRIND_ZERO_STATS;
			if (run(b->v[vi].ops, dev, b->packets, 1) < 0)
				return -1;
			snprintf(name, sizeof(name), "rd %d %d", b->modes[mi], vi);
			CALLGRIND_DUMP_STATS_AT(name);
			fprintf(f, "%d %d %lu\n", b->modes[mi], vi, b->packets);
			b->v[vi].ops->destroy(dev);
		}
	}
	fclose(f);
	return 0;
}

/* Reads the combined callgrind dumps: per part, which run it is and its event totals. */
static int parse_dump(struct bench *b, const char *path, unsigned long packets)
{
	char line[4096], events[4096] = "";
	int mode = -1, vi = -1, found = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "part:", 5))
			mode = vi = -1;
		if (sscanf(line, "desc: Trigger: Client Request: rd %d %d", &mode, &vi) == 2)
			continue;
		if (!strncmp(line, "events:", 7))
			snprintf(events, sizeof(events), "%s", line + 7);
		if (!strncmp(line, "summary:", 8) || !strncmp(line, "totals:", 7)) {
			char *vals = strchr(line, ':') + 1, *ev = events, *en, *vn;
			double ir = 0, d1 = 0, ll = 0;

			for (;;) {
				char name[32];
				unsigned long long x;
				int k, kv;

				if (sscanf(ev, "%31s%n", name, &k) != 1 || sscanf(vals, "%llu%n", &x, &kv) != 1)
					break;
				en = ev + k;
				vn = vals + kv;
				if (!strcmp(name, "Ir"))
					ir = x;
				else if (!strcmp(name, "D1mr") || !strcmp(name, "D1mw"))
					d1 += x;
				else if (!strcmp(name, "DLmr") || !strcmp(name, "DLmw"))
					ll += x;
				ev = en;
				vals = vn;
			}
			if (mode >= 0 && mode < RD_XDP_COUNT && vi >= 0 && vi < b->nv) {
				b->res[mode][vi].ir = ir / packets;
				if (b->cachegrind) {
					b->res[mode][vi].d1 = d1 / packets;
					b->res[mode][vi].ll = ll / packets;
				}
				found++;
			}
			mode = vi = -1;
		}
	}
	fclose(f);
	return found == b->nmodes * b->nv ? 0 : -1;
}

static int bench_valgrind(struct bench *b, int argc, char **argv)
{
	char dir[] = "/tmp/rd-bench-XXXXXX", out[PATH_MAX], cgout[PATH_MAX], pk[64];
	char self[PATH_MAX], path[PATH_MAX + 32];
	/* instructions per packet do not vary from round to round: few packets will do */
	unsigned long packets = b->packets < 50000 ? b->packets : 50000;
	char *args[256];
	int n = 0, i, status;
	pid_t pid;
	ssize_t sl;

	if (!mkdtemp(dir))
		return -1;
	sl = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (sl < 0)
		return -1;
	self[sl] = 0;
	snprintf(out, sizeof(out), "%s/runs.txt", dir);
	snprintf(cgout, sizeof(cgout), "--callgrind-out-file=%s/cg.out", dir);
	snprintf(pk, sizeof(pk), "%lu", packets);
	args[n++] = "valgrind";
	args[n++] = "-q";
	args[n++] = "--tool=callgrind";
	args[n++] = "--collect-atstart=no";
	args[n++] = cgout;
	args[n++] = "--combine-dumps=yes";
	if (b->cachegrind)
		args[n++] = "--cache-sim=yes";
	args[n++] = self;
	for (i = 1; i < argc && n < 240; i++) {
		if (!strcmp(argv[i], "--callgrind") || !strcmp(argv[i], "--cachegrind"))
			continue;
		if (!strcmp(argv[i], "--json") || !strcmp(argv[i], "--rounds") ||
		    !strcmp(argv[i], "--packets")) {
			i++;
			continue;
		}
		args[n++] = argv[i];
	}
	args[n++] = "--packets";
	args[n++] = pk;
	args[n++] = "--child-out";
	args[n++] = out;
	args[n] = NULL;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		execvp(args[0], args);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "rd-bench: valgrind run failed\n");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/cg.out", dir);
	if (parse_dump(b, path, packets)) {
		fprintf(stderr, "rd-bench: callgrind dumps incomplete in %s\n", path);
		return -1;
	}
	unlink(path);
	unlink(out);
	rmdir(dir);
	return 0;
}

static void report(struct bench *b)
{
	FILE *j = NULL;
	int mi, vi, r, k;

	printf("# rd-bench profile=%s rq=%s%s cache=%s page_size=%u rounds=%d packets/round=%lu\n",
	       rd_profile_names[b->cfg.profile], rd_rq_names[b->cfg.rq_type],
	       b->cfg.xsk ? " xsk" : "",
	       rd_cache_names[b->cfg.cache], b->cfg.page_size, b->rounds, b->packets);
	printf("# host: %s, %s (family %d, model %d), L2 %s, L3 %s\n", b->host.vendor,
	       b->host.model, b->host.family, b->host.model_no, b->host.l2, b->host.l3);
	if (b->n_calib) {
		printf("# cold model, ns per line of dependent loads of the device's lines "
		       "(median (min..max) of %d, %u lines each):", b->n_calib, b->calib[0].lines);
		for (k = 0; k < (int)ARRAY_LEN(calib_fields); k++) {
			double c[3];

			calib_stats(b, calib_fields[k].off, c);
			printf("%s %s %.1f (%.1f..%.1f)", k ? "," : "", calib_fields[k].what, c[0],
			       c[1], c[2]);
		}
		printf("\n");
	}
	printf("%-10s %-16s %9s %19s %8s %7s %17s %9s %8s %8s\n", "mode", "variant", "ns/pkt",
	       "(min..max)", "Mpps", "ratio", "(min..max)", "instr/pkt", "D1mis/p", "LLmis/p");
	if (b->json) {
		j = fopen(b->json, "w");
		if (!j)
			fprintf(stderr, "rd-bench: cannot write %s: %s\n", b->json, strerror(errno));
	}
	if (j)
		fprintf(j, "{\n  \"profile\": \"%s\", \"rq\": \"%s\", \"xsk\": %s, \"cache\": \"%s\", \"page_size\": %u,\n"
			   "  \"rounds\": %d, \"packets_per_round\": %lu,",
			rd_profile_names[b->cfg.profile], rd_rq_names[b->cfg.rq_type],
			b->cfg.xsk ? "true" : "false",
			rd_cache_names[b->cfg.cache], b->cfg.page_size, b->rounds, b->packets);
	if (j) {
		fprintf(j, "\n  \"host\": {\"vendor\": \"%s\", \"model\": \"%s\", \"family\": %d, "
			   "\"model_no\": %d, \"l2\": \"%s\", \"l3\": \"%s\"},", b->host.vendor,
			b->host.model, b->host.family, b->host.model_no, b->host.l2, b->host.l3);
		if (b->n_calib) {
			fprintf(j, "\n  \"calibration\": {\"times\": %d, \"lines\": %u", b->n_calib,
				b->calib[0].lines);
			for (k = 0; k < (int)ARRAY_LEN(calib_fields); k++) {
				double c[3];

				calib_stats(b, calib_fields[k].off, c);
				fprintf(j, ", \"%s\": {\"median\": %.2f, \"min\": %.2f, \"max\": %.2f}",
					calib_fields[k].key, c[0], c[1], c[2]);
			}
			fprintf(j, "},");
		}
	}
	if (j)
		fprintf(j, "\n  \"results\": [");
	for (mi = 0; mi < b->nmodes; mi++) {
		int mode = b->modes[mi];

		for (vi = 0; vi < b->nv; vi++) {
			struct result *res = &b->res[mode][vi];
			double m, lo, hi, rm, rlo, rhi;

			stats(res->ns, b->rounds, &m, &lo, &hi);
			stats(res->ratio, b->rounds, &rm, &rlo, &rhi);
			printf("%-10s %-16s %9.2f (%7.2f..%7.2f) %8.2f %7.3f  (%6.3f..%6.3f)", rd_mode_names[mode],
			       b->v[vi].name, m, lo, hi, 1000.0 / m, rm, rlo, rhi);
			if (res->ir >= 0)
				printf(" %9.1f", res->ir);
			else
				printf(" %9s", "-");
			if (res->d1 >= 0)
				printf(" %8.3f %8.3f", res->d1, res->ll);
			printf("\n");
			if (!j)
				continue;
			fprintf(j, "%s\n    {\"mode\": \"%s\", \"variant\": \"%s\", \"so\": \"%s\", \"build\": \"%s\",\n"
				   "     \"ns_per_packet\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f},"
				   " \"mpps\": %.3f,\n     \"ratio\": {\"median\": %.4f, \"min\": %.4f, \"max\": %.4f},\n"
				   "     \"rounds_ns\": [",
				(mi || vi) ? "," : "", rd_mode_names[mode], b->v[vi].name, b->v[vi].path,
				b->v[vi].ops->build, m, lo, hi, 1000.0 / m, rm, rlo, rhi);
			for (r = 0; r < b->rounds; r++)
				fprintf(j, "%s%.3f", r ? ", " : "", res->ns[r]);
			fprintf(j, "]");
			if (res->ir >= 0)
				fprintf(j, ", \"instructions_per_packet\": %.2f", res->ir);
			if (res->d1 >= 0)
				fprintf(j, ", \"d1_misses_per_packet\": %.4f, \"ll_misses_per_packet\": %.4f",
					res->d1, res->ll);
			fprintf(j, "}");
		}
	}
	if (j) {
		fprintf(j, "\n  ]\n}\n");
		fclose(j);
	}
}

static void usage(FILE *f)
{
	fprintf(f, "usage: rd-bench --variant NAME=FILE.so[:prefetch-dist=N] [--variant ...] --profile P --mode M[,M...]\n"
		   "                [--rq legacy|striding] [--rounds R] [--packets N] [--cache warm|cold]\n"
		   "                [--page-size 4096|65536] [--prefetch-dist N] [--xsk] [--json FILE] [--callgrind] [--cachegrind]\n"
		   "modes: none pass drop drop-read tx; ratios are against the first variant\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "variant", required_argument, NULL, 'v' },
		{ "profile", required_argument, NULL, 'p' },
		{ "mode", required_argument, NULL, 'm' },
		{ "rq", required_argument, NULL, 'r' },
		{ "rounds", required_argument, NULL, 'R' },
		{ "packets", required_argument, NULL, 'n' },
		{ "cache", required_argument, NULL, 'c' },
		{ "page-size", required_argument, NULL, 'P' },
		{ "prefetch-dist", required_argument, NULL, 'D' },
		{ "json", required_argument, NULL, 'j' },
		{ "callgrind", no_argument, NULL, 'g' },
		{ "cachegrind", no_argument, NULL, 'G' },
		{ "xsk", no_argument, NULL, 'x' },
		{ "child-out", required_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct bench b;
	char *tok, *save;
	int opt, i, k;

	b.cfg.profile = -1;
	b.cfg.rq_type = RD_RQ_STRIDING;
	b.cfg.page_size = 4096;
	b.rounds = 7;
	b.packets = 1000000;
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'v':
			if (b.nv == MAX_VARIANTS || !strchr(optarg, '=')) {
				usage(stderr);
				return 2;
			}
			b.v[b.nv].name = strndup(optarg, strchr(optarg, '=') - optarg);
			b.v[b.nv].path = strchr(optarg, '=') + 1;
			/* NAME=FILE.so:prefetch-dist=N: one look-ahead per variant, same process */
			tok = strstr(b.v[b.nv].path, ":prefetch-dist=");
			if (tok) {
				b.v[b.nv].prefetch_dist = strtoul(tok + 15, NULL, 0);
				b.v[b.nv].path = strndup(b.v[b.nv].path, tok - b.v[b.nv].path);
			}
			b.nv++;
			break;
		case 'p': b.cfg.profile = rd_lookup(rd_profile_names, RD_PROFILE_COUNT, optarg); break;
		case 'm':
			for (tok = strtok_r(strdup(optarg), ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
				k = rd_lookup(rd_mode_names, RD_XDP_COUNT, tok);
				if (k < 0 || b.nmodes == RD_XDP_COUNT) {
					fprintf(stderr, "rd-bench: unknown mode %s\n", tok);
					return 2;
				}
				b.modes[b.nmodes++] = k;
			}
			break;
		case 'r': b.cfg.rq_type = rd_lookup(rd_rq_names, RD_RQ_COUNT, optarg); break;
		case 'R': b.rounds = atoi(optarg); break;
		case 'n': b.packets = strtoul(optarg, NULL, 0); break;
		case 'c': b.cfg.cache = rd_lookup(rd_cache_names, RD_CACHE_COUNT, optarg); break;
		case 'P': b.cfg.page_size = strtoul(optarg, NULL, 0); break;
		case 'D': b.cfg.prefetch_dist = strtoul(optarg, NULL, 0); break;
		case 'j': b.json = optarg; break;
		case 'g': b.callgrind = 1; break;
		case 'G': b.cachegrind = 1; break;
		case 'x': b.cfg.xsk = 1; break;
		case 'C': b.child_out = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!b.nv || b.cfg.profile < 0 || !b.nmodes || b.cfg.rq_type < 0 || b.cfg.cache < 0 ||
	    b.rounds < 1 || b.rounds > MAX_ROUNDS || !b.packets) {
		usage(stderr);
		return 2;
	}
	if (!b.child_out && b.rounds < 5)
		fprintf(stderr, "rd-bench: warning: fewer than 5 rounds, the spread means little\n");
	for (i = 0; i < b.nv; i++)
		if (rd_variant_load(&b.v[i]))
			return 3;
	if (b.child_out)
		return bench_child(&b) ? 4 : 0;

	for (k = 0; k < RD_XDP_COUNT; k++)
		for (i = 0; i < MAX_VARIANTS; i++)
			b.res[k][i].ir = b.res[k][i].d1 = b.res[k][i].ll = -1;
	host_read(&b.host);
	if (bench_timed(&b))
		return 4;
	if ((b.callgrind || b.cachegrind) && bench_valgrind(&b, argc, argv))
		return 4;
	report(&b);
	return 0;
}

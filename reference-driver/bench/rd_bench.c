// SPDX-License-Identifier: MIT
/*
 * rd-bench: per-packet cost of driver variants. All variants are loaded into one
 * process and run interleaved round by round (the order rotates every round), so drift
 * of the machine hits them alike; each round's ratio is taken against the first
 * variant of that same round. Only the NAPI poll is timed: the simulated device fills
 * its batch before the clock starts. --callgrind/--cachegrind re-run the same work under
 * valgrind, collecting only inside the poll, for instructions and cache misses per packet.
 *
 * The rounds are split over --processes fresh processes (default 3): where a variant's
 * code and memory land (ASLR) moves its cost by a few percent for the whole life of a
 * process, which no round-to-round spread shows (docs/reference-driver.md, "Placement").
 * Every process measures the host before and after its rounds (the clock, the cold
 * model), so a machine that changed under the run is said, not averaged away.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cpuid.h>
#include <sys/wait.h>
#include <valgrind/callgrind.h>
#include "rd_common.h"

#define MAX_VARIANTS	16
#define MAX_ROUNDS	101
#define MAX_PROCS	8
#define BATCH		256
#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

struct result {
	double ns[MAX_ROUNDS];		/* per round */
	double ratio[MAX_ROUNDS];	/* per round, against variant 0 */
	double ir, d1, ll;		/* per packet, from valgrind; < 0 when not measured */
};

#define CALIB_TIMES	15

/*
 * The host measured before or after a process's rounds: CALIB_TIMES calibrations of the
 * cold model (through the first variant) and of the clock (ps per dependent add).
 */
struct calib_set {
	int n;
	struct rd_calib c[CALIB_TIMES];
	uint64_t clock_ps[CALIB_TIMES];
};

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
	char packets_arg[24];
	const char *json;
	int callgrind, cachegrind;
	const char *child_out;		/* set in the valgrind child */
	const char *part_out;		/* set in a process of --processes */
	int processes;
	int proc_of_round[MAX_ROUNDS];
	struct result res[RD_XDP_COUNT][MAX_VARIANTS];
	struct host host;
	/* per process: the host before [0] and after [1] its rounds */
	struct calib_set calib[MAX_PROCS][2];
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

/*
 * L2 and L3 from CPUID when sysfs has no cache directory (some VMs): AMD's leaf
 * 0x80000006, else the deterministic cache leaf 4. Marked, since a hypervisor may
 * report what it likes there.
 */
static void host_cpuid_caches(struct host *h)
{
	unsigned int a, b, c, d, i;

	if (!strcmp(h->vendor, "AuthenticAMD") || !strcmp(h->vendor, "HygonGenuine")) {
		if (__get_cpuid(0x80000006, &a, &b, &c, &d)) {
			snprintf(h->l2, sizeof(h->l2), "%uK (CPUID)", c >> 16);
			snprintf(h->l3, sizeof(h->l3), "%uK (CPUID)", (d >> 18) * 512);
		}
		return;
	}
	for (i = 0; i < 8 && __get_cpuid_count(4, i, &a, &b, &c, &d) && (a & 31); i++) {
		unsigned long kb = ((b >> 22) + 1UL) * (((b >> 12) & 0x3ff) + 1) *
				   ((b & 0xfff) + 1) * (c + 1) / 1024;
		unsigned int level = (a >> 5) & 7;

		if (level == 2 && (a & 31) != 2)
			snprintf(h->l2, sizeof(h->l2), "%luK (CPUID)", kb);
		else if (level == 3)
			snprintf(h->l3, sizeof(h->l3), "%luK (CPUID)", kb);
	}
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
	if (!strcmp(h->l2, "?") && !strcmp(h->l3, "?"))
		host_cpuid_caches(h);
}

/*
 * The host's clock as the core sees it: picoseconds per add of a chain of dependent adds
 * (one cycle each on every x86 core), so 1000 / ps is GHz. No cycle counter is needed, and
 * a VM's vCPU running slower (frequency, a sibling thread) shows.
 */
#define CLOCK_BLOCKS	6250	/* of 16 adds: 100000 cycles, tens of microseconds */

static uint64_t clock_ps(void)
{
	unsigned long long t0, t1;
	unsigned long x = 0;
	int i;

	t0 = now_ns();
	for (i = 0; i < CLOCK_BLOCKS; i++)
		__asm__ __volatile__(".rept 16\n\tadd $1, %0\n\t.endr" : "+r"(x));
	t1 = now_ns();
	return ((t1 - t0) * 1000 + (x & 0)) / (CLOCK_BLOCKS * 16ULL);
}

/*
 * The host, measured through the first variant outside the timed rounds: the clock, and
 * the cold model (where the device's lines are when the driver first touches them).
 */
static int calibrate(struct bench *b, struct calib_set *set)
{
	void *dev;
	int i;

	set->n = 0;
	if (!b->v[0].ops->calibrate)
		return 0;
	dev = create(b, 0, b->modes[0]);
	if (!dev)
		return -1;
	if (run(b->v[0].ops, dev, 20000, 0) < 0) {
		b->v[0].ops->destroy(dev);
		return -1;
	}
	for (i = 0; i < CALIB_TIMES; i++) {
		set->clock_ps[set->n] = clock_ps();
		if (!b->v[0].ops->calibrate(dev, &set->c[set->n]))
			set->n++;
	}
	b->v[0].ops->destroy(dev);
	return 0;
}

/* ns (ps / 1000) of one field of a calibration; off is -1 for the clock */
static double calib_value(const struct calib_set *set, int i, long off)
{
	if (off < 0)
		return set->clock_ps[i] / 1000.0;
	return *(const uint64_t *)((const char *)&set->c[i] + off) / 1000.0;
}

/* median, quartiles, min, max of one field over the sets of @when of every process */
static void calib_stats(const struct bench *b, int when, int proc, long off, double out[5])
{
	double v[MAX_PROCS * CALIB_TIMES];
	int n = 0, p, i;

	for (p = 0; p < b->processes; p++)
		for (i = 0; (proc < 0 || proc == p) && i < b->calib[p][when].n; i++)
			v[n++] = calib_value(&b->calib[p][when], i, off);
	if (!n) {
		out[0] = out[1] = out[2] = out[3] = out[4] = -1;
		return;
	}
	qsort(v, n, sizeof(double), cmp_double);
	out[0] = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	out[1] = v[n / 4];
	out[2] = v[(3 * n) / 4];
	out[3] = v[0];
	out[4] = v[n - 1];
}

static const struct {
	const char *key, *what;
	long off;
} calib_fields[] = {
	{ "first_touch_ns", "first touch in the driver's order", offsetof(struct rd_calib, first_touch_ps) },
	{ "random_ns", "random order (DRAM)", offsetof(struct rd_calib, random_ps) },
	{ "stride_ns", "one page apart", offsetof(struct rd_calib, stride_ps) },
	{ "warm_ns", "warm", offsetof(struct rd_calib, warm_ps) },
	{ "clock_ns", "clock (ns per dependent add)", -1 },
};

/*
 * Did the host change between before and after a process's rounds? A field drifted when
 * one median lies beyond every sample of the other side (min..max of its
 * CALIB_TIMES): no threshold of ours, only the measurement's own range. Appends what
 * drifted to @msg, raises *@max to the largest relative change; returns the number of
 * fields. Whether a drift matters is the reader's: against the spread of the ratios.
 */
static int calib_drift(const struct bench *b, int p, char *msg, size_t len, double *max)
{
	int k, n = 0;

	for (k = 0; k < (int)ARRAY_LEN(calib_fields); k++) {
		double x[5], y[5];
		size_t used = strlen(msg);

		calib_stats(b, 0, p, calib_fields[k].off, x);
		calib_stats(b, 1, p, calib_fields[k].off, y);
		if (x[0] < 0 || y[0] < 0)
			continue;
		if (y[0] >= x[3] && y[0] <= x[4] && x[0] >= y[3] && x[0] <= y[4])
			continue;
		snprintf(msg + used, len - used, "%sprocess %d: %s %.3f -> %.3f ns (%+.1f%%)",
			 used ? "; " : "", p + 1, calib_fields[k].what, x[0], y[0],
			 (y[0] / x[0] - 1) * 100);
		if (fabs(y[0] / x[0] - 1) > *max)
			*max = fabs(y[0] / x[0] - 1);
		n++;
	}
	return n;
}

/* Round r's ratios against variant 0 of the same round, every mode run. */
static void round_ratios(struct bench *b)
{
	int mi, vi, r;

	for (mi = 0; mi < b->nmodes; mi++)
		for (r = 0; r < b->rounds; r++)
			for (vi = 0; vi < b->nv; vi++)
				b->res[b->modes[mi]][vi].ratio[r] = b->res[b->modes[mi]][vi].ns[r] /
								    b->res[b->modes[mi]][0].ns[r];
}

/* This process's rounds, with the host measured before and after them. */
static int bench_timed(struct bench *b)
{
	void *dev[MAX_VARIANTS];
	int mi, vi, r;

	if (calibrate(b, &b->calib[0][0]))
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
	round_ratios(b);
	return calibrate(b, &b->calib[0][1]);
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

/*
 * This program's own argv without the options a child gets its own value of (and
 * without --callgrind/--cachegrind); returns the count. @args has room for 256.
 */
static int child_args(int argc, char **argv, char **args)
{
	static const char *const with_value[] = { "--json", "--rounds", "--packets",
						  "--processes", "--part-out" };
	int n = 0, i, k;

	for (i = 1; i < argc && n < 230; i++) {
		if (!strcmp(argv[i], "--callgrind") || !strcmp(argv[i], "--cachegrind"))
			continue;
		for (k = 0; k < (int)ARRAY_LEN(with_value); k++)
			if (!strcmp(argv[i], with_value[k]))
				break;
		if (k < (int)ARRAY_LEN(with_value)) {
			i++;
			continue;
		}
		args[n++] = argv[i];
	}
	return n;
}

/* Runs @args (NULL-terminated) to its end; 0 when it exits 0. */
static int run_child(char **args)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		execvp(args[0], args);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	return 0;
}

static int self_path(char *self, size_t len)
{
	ssize_t sl = readlink("/proc/self/exe", self, len - 1);

	if (sl < 0)
		return -1;
	self[sl] = 0;
	return 0;
}

/* In a process of --processes: its rounds and its host measurements, as text. */
static int write_part(struct bench *b)
{
	FILE *f = fopen(b->part_out, "w");
	int mi, vi, r, w, i;

	if (!f)
		return -1;
	for (w = 0; w < 2; w++)
		for (i = 0; i < b->calib[0][w].n; i++) {
			const struct rd_calib *c = &b->calib[0][w].c[i];

			fprintf(f, "calib %d %llu %llu %llu %llu %u %llu\n", w,
				(unsigned long long)c->first_touch_ps,
				(unsigned long long)c->random_ps, (unsigned long long)c->stride_ps,
				(unsigned long long)c->warm_ps, c->lines,
				(unsigned long long)b->calib[0][w].clock_ps[i]);
		}
	for (mi = 0; mi < b->nmodes; mi++)
		for (vi = 0; vi < b->nv; vi++)
			for (r = 0; r < b->rounds; r++)
				fprintf(f, "ns %d %d %d %.6f\n", b->modes[mi], vi, r,
					b->res[b->modes[mi]][vi].ns[r]);
	return fclose(f) ? -1 : 0;
}

/* Reads process @p's part: its @n rounds become rounds @r0.. of this run. */
static int read_part(struct bench *b, const char *path, int p, int r0, int n)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int got = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long ft, rnd, st, wm, ck;
		unsigned int lines;
		int w, mode, vi, r;
		double ns;

		if (sscanf(line, "calib %d %llu %llu %llu %llu %u %llu", &w, &ft, &rnd, &st, &wm,
			   &lines, &ck) == 7 && (w == 0 || w == 1) &&
		    b->calib[p][w].n < CALIB_TIMES) {
			struct calib_set *set = &b->calib[p][w];

			set->c[set->n] = (struct rd_calib){ .first_touch_ps = ft, .random_ps = rnd,
							    .stride_ps = st, .warm_ps = wm,
							    .lines = lines };
			set->clock_ps[set->n++] = ck;
		} else if (sscanf(line, "ns %d %d %d %lf", &mode, &vi, &r, &ns) == 4 &&
			   mode >= 0 && mode < RD_XDP_COUNT && vi >= 0 && vi < b->nv && r >= 0 &&
			   r < n) {
			b->res[mode][vi].ns[r0 + r] = ns;
			got++;
		}
	}
	fclose(f);
	return got == b->nmodes * b->nv * n ? 0 : -1;
}

/*
 * The timed rounds in --processes fresh processes of this program, one after the
 * other, each with its share of the rounds: every round's ratios stay within one
 * process, and a variant that one process placed badly is one process's rounds.
 */
static int bench_procs(struct bench *b, int argc, char **argv)
{
	char dir[] = "/tmp/rd-bench-XXXXXX", self[PATH_MAX], part[PATH_MAX], rounds[16];
	char *args[256];
	int p, r0 = 0, n, base;

	if (!mkdtemp(dir) || self_path(self, sizeof(self)))
		return -1;
	args[0] = self;
	base = 1 + child_args(argc, argv, args + 1);
	for (p = 0; p < b->processes; p++) {
		int k = b->rounds / b->processes + (p < b->rounds % b->processes);

		snprintf(part, sizeof(part), "%s/part-%d.txt", dir, p);
		snprintf(rounds, sizeof(rounds), "%d", k);
		n = base;
		args[n++] = "--rounds";
		args[n++] = rounds;
		args[n++] = "--packets";
		args[n++] = b->packets_arg;
		args[n++] = "--processes";
		args[n++] = "1";
		args[n++] = "--part-out";
		args[n++] = part;
		args[n] = NULL;
		if (run_child(args) || read_part(b, part, p, r0, k)) {
			fprintf(stderr, "rd-bench: process %d of %d failed\n", p + 1, b->processes);
			return -1;
		}
		unlink(part);
		for (n = 0; n < k; n++)
			b->proc_of_round[r0 + n] = p;
		r0 += k;
	}
	rmdir(dir);
	round_ratios(b);
	return 0;
}

static int bench_valgrind(struct bench *b, int argc, char **argv)
{
	char dir[] = "/tmp/rd-bench-XXXXXX", out[PATH_MAX], cgout[PATH_MAX], pk[64];
	char self[PATH_MAX], path[PATH_MAX + 32];
	/* instructions per packet do not vary from round to round: few packets will do */
	unsigned long packets = b->packets < 50000 ? b->packets : 50000;
	char *args[256];
	int n = 0;

	if (!mkdtemp(dir) || self_path(self, sizeof(self)))
		return -1;
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
	n += child_args(argc, argv, args + n);
	args[n++] = "--packets";
	args[n++] = pk;
	args[n++] = "--child-out";
	args[n++] = out;
	args[n] = NULL;
	if (run_child(args)) {
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

/*
 * The host before and after the rounds of every process: the cold model's lines, the
 * clock; what drifted goes into @drift (empty when nothing did).
 */
static void print_calib(const struct bench *b, char *drift, size_t len, double *max)
{
	int w, k, p;

	drift[0] = 0;
	*max = 0;
	for (p = 0; p < b->processes; p++)
		calib_drift(b, p, drift, len, max);
	if (!b->calib[0][0].n)
		return;
	for (w = 0; w < 2; w++) {
		printf("# host %s the rounds (median (min..max) of %d per process, %d process%s; "
		       "ns per line of dependent loads of the device's lines, %u lines):",
		       w ? "after" : "before", CALIB_TIMES, b->processes,
		       b->processes > 1 ? "es" : "", b->calib[0][w].c[0].lines);
		for (k = 0; k < (int)ARRAY_LEN(calib_fields); k++) {
			double c[5];

			calib_stats(b, w, -1, calib_fields[k].off, c);
			printf("%s %s %.2f (%.2f..%.2f)", k ? "," : "", calib_fields[k].what, c[0],
			       c[3], c[4]);
		}
		printf("\n");
	}
	printf("# host drift between before and after: %s\n", drift[0] ? drift : "none");
}

/* "calibration" (before), "calibration_after", per-process medians, "host_drift". */
static void json_calib(const struct bench *b, FILE *j, const char *drift, double max)
{
	int w, k, p;

	if (!b->calib[0][0].n)
		return;
	for (w = 0; w < 2; w++) {
		fprintf(j, "\n  \"calibration%s\": {\"times\": %d, \"lines\": %u",
			w ? "_after" : "", CALIB_TIMES * b->processes, b->calib[0][w].c[0].lines);
		for (k = 0; k < (int)ARRAY_LEN(calib_fields); k++) {
			double c[5];

			calib_stats(b, w, -1, calib_fields[k].off, c);
			fprintf(j, ", \"%s\": {\"median\": %.3f, \"q1\": %.3f, \"q3\": %.3f, "
				   "\"min\": %.3f, \"max\": %.3f, \"processes\": [",
				calib_fields[k].key, c[0], c[1], c[2], c[3], c[4]);
			for (p = 0; p < b->processes; p++) {
				calib_stats(b, w, p, calib_fields[k].off, c);
				fprintf(j, "%s%.3f", p ? ", " : "", c[0]);
			}
			fprintf(j, "]}");
		}
		fprintf(j, "},");
	}
	fprintf(j, "\n  \"host_drift\": \"%s\", \"host_drift_max\": %.4f,", drift, max);
}

/*
 * One piece (over 80 lines): the text table and the JSON are written in one pass over
 * the same results, so that the two cannot disagree.
 */
static void report(struct bench *b)
{
	char drift[1024];
	double drift_max;
	FILE *j = NULL;
	int mi, vi, r;

	printf("# rd-bench profile=%s rq=%s%s cache=%s page_size=%u rounds=%d packets/round=%lu "
	       "processes=%d\n", rd_profile_names[b->cfg.profile], rd_rq_names[b->cfg.rq_type],
	       b->cfg.xsk ? " xsk" : "", rd_cache_names[b->cfg.cache], b->cfg.page_size,
	       b->rounds, b->packets, b->processes);
	printf("# host: %s, %s (family %d, model %d), L2 %s, L3 %s\n", b->host.vendor,
	       b->host.model, b->host.family, b->host.model_no, b->host.l2, b->host.l3);
	print_calib(b, drift, sizeof(drift), &drift_max);
	printf("%-10s %-16s %9s %19s %8s %7s %17s %9s %8s %8s\n", "mode", "variant", "ns/pkt",
	       "(min..max)", "Mpps", "ratio", "(min..max)", "instr/pkt", "D1mis/p", "LLmis/p");
	if (b->json) {
		j = fopen(b->json, "w");
		if (!j)
			fprintf(stderr, "rd-bench: cannot write %s: %s\n", b->json, strerror(errno));
	}
	if (j)
		fprintf(j, "{\n  \"profile\": \"%s\", \"rq\": \"%s\", \"xsk\": %s, \"cache\": \"%s\", \"page_size\": %u,\n"
			   "  \"rounds\": %d, \"packets_per_round\": %lu, \"processes\": %d,",
			rd_profile_names[b->cfg.profile], rd_rq_names[b->cfg.rq_type],
			b->cfg.xsk ? "true" : "false",
			rd_cache_names[b->cfg.cache], b->cfg.page_size, b->rounds, b->packets,
			b->processes);
	if (j) {
		fprintf(j, "\n  \"rounds_process\": [");
		for (r = 0; r < b->rounds; r++)
			fprintf(j, "%s%d", r ? ", " : "", b->proc_of_round[r] + 1);
		fprintf(j, "],");
	}
	if (j) {
		fprintf(j, "\n  \"host\": {\"vendor\": \"%s\", \"model\": \"%s\", \"family\": %d, "
			   "\"model_no\": %d, \"l2\": \"%s\", \"l3\": \"%s\"},", b->host.vendor,
			b->host.model, b->host.family, b->host.model_no, b->host.l2, b->host.l3);
		json_calib(b, j, drift, drift_max);
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
		   "                [--processes P]\n"
		   "modes: none pass drop drop-read tx; ratios are against the first variant\n"
		   "the rounds are split over P fresh processes (default 3 from 9 rounds on, else 1)\n");
}

/* One piece (over 80 lines): the option table, its switch and the checks of the result. */
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
		{ "processes", required_argument, NULL, 'N' },
		{ "part-out", required_argument, NULL, 'O' },
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
	b.processes = -1;
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
		case 'N': b.processes = atoi(optarg); break;
		case 'O': b.part_out = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (!b.nv || b.cfg.profile < 0 || !b.nmodes || b.cfg.rq_type < 0 || b.cfg.cache < 0 ||
	    b.rounds < 1 || b.rounds > MAX_ROUNDS || !b.packets ||
	    (b.processes != -1 && (b.processes < 1 || b.processes > MAX_PROCS ||
				   b.processes > b.rounds))) {
		usage(stderr);
		return 2;
	}
	/* default: 3 processes when each gets 3 rounds or more */
	if (b.processes < 0)
		b.processes = b.rounds >= 9 ? 3 : 1;
	snprintf(b.packets_arg, sizeof(b.packets_arg), "%lu", b.packets);
	if (!b.child_out && !b.part_out && b.rounds < 5)
		fprintf(stderr, "rd-bench: warning: fewer than 5 rounds, the spread means little\n");
	for (i = 0; i < b.nv; i++)
		if (rd_variant_load(&b.v[i]))
			return 3;
	if (b.child_out)
		return bench_child(&b) ? 4 : 0;

	for (k = 0; k < RD_XDP_COUNT; k++)
		for (i = 0; i < MAX_VARIANTS; i++)
			b.res[k][i].ir = b.res[k][i].d1 = b.res[k][i].ll = -1;
	if (b.part_out) {
		b.processes = 1;
		return bench_timed(&b) || write_part(&b) ? 4 : 0;
	}
	host_read(&b.host);
	if (b.processes > 1 ? bench_procs(&b, argc, argv) : bench_timed(&b))
		return 4;
	if ((b.callgrind || b.cachegrind) && bench_valgrind(&b, argc, argv))
		return 4;
	report(&b);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver's own printf-style logger is error reporting, as netdev_err()
 * is: a variadic function whose last named parameter is a format string
 * (pl_print(level, q, fmt, ...), called through the driver's pl_err()
 * macro). An unlikely() branch that logs through it is error handling, so
 * the logger's own locals are not hot; so is a debug macro that calls it
 * under a plain 'if' on the message level (pl_dbg(), as drivers write
 * 'do { if (level & msg_enable) print(...); } while (0)'): logging is cold
 * wherever it is called from. Printing into a buffer (snprintf-style, a
 * char * first) is not logging.
 */
#include "netdev.h"

struct pl_queue {
	struct rx_queue rq;
	u64 errors;
};

void pl_print(const char *level, const struct pl_queue *q, const char *fmt, ...)
{
	struct xdp_buff scratch;	/* reached only from error handling: no finding */

	scratch.data = (void *)fmt;
	scratch.frame_sz = (u32)q->errors;
	consume(&scratch, sizeof(scratch));
	(void)level;
}

#define pl_err(q, fmt, ...) pl_print("err", q, fmt, ##__VA_ARGS__)
/* one line: the corpus runner reads lines, and a continuation would join them */
#define pl_dbg(q, fmt, ...) do { if ((q)->errors & 1) pl_print("debug", q, fmt, ##__VA_ARGS__); } while (0)

int pl_format(char *buf, u32 size, const char *fmt, ...);

static void pl_describe(struct pl_queue *q, struct cqe64 *cqe)
{
	struct rx_xdp_buff desc;	/* zt-expect: stack-autoinit per-packet */
	char line[16];

	desc.cqe = cqe;
	pl_format(line, sizeof(line), "%u", cqe->op);
	consume(&desc, sizeof(desc));
	q->rq.bytes += line[0];
}

static void pl_rx(struct pl_queue *q, struct cqe64 *cqe)
{
	if (unlikely(cqe->op == 13)) {
		pl_err(q, "completion in error: %u\n", cqe->op);
		return;
	}
	/* printing into a buffer is not logging: still hot */
	if (unlikely(cqe->op == 11))
		pl_describe(q, cqe);
	pl_dbg(q, "completion %u\n", cqe->op);
	q->rq.packets++;
}

static int pl_poll(struct napi_struct *napi, int budget)
{
	struct pl_queue *q = (struct pl_queue *)napi;
	int i;

	for (i = 0; i < budget; i++)
		pl_rx(q, &q->rq.cq[i]);
	return i;
}

void pl_setup(struct net_device *dev, struct pl_queue *q)
{
	netif_napi_add(dev, &q->rq.napi, pl_poll);
}

// SPDX-License-Identifier: GPL-2.0-only
/* A large local off every hot path (configuration, probe) is not reported. */
#include "netdev.h"

int nh_configure(struct rx_queue *rq)
{
	struct rx_xdp_buff probe;	/* not reachable from a root: no finding */

	probe.rq = rq;
	return bpf_prog_run_xdp(&probe.xdp);
}

/* SPDX-License-Identifier: GPL-2.0-only */
/* The transmit hardware's descriptor: only the transmit path includes it. */
#ifndef CI_TX_HW_H
#define CI_TX_HW_H

#include "drv.h"

/* 96 bytes: a transmit descriptor built on the stack. */
struct tx_wqe {
	u64 ctrl[4];
	u64 eth[4];
	u64 data[4];
};

void post_wqe(struct net_device *dev, const struct tx_wqe *wqe);

#endif /* CI_TX_HW_H */

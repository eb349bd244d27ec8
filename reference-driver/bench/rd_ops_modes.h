/* SPDX-License-Identifier: MIT */
/* XDP mode numbers, for code that cannot include rd_ops.h (no C library headers). */
#ifndef RD_OPS_MODES_H
#define RD_OPS_MODES_H

#define RD_MODE_NONE		0
#define RD_MODE_PASS		1
#define RD_MODE_DROP		2
#define RD_MODE_DROP_READ	3
#define RD_MODE_TX		4

#endif

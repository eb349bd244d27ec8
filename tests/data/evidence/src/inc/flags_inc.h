/* SPDX-License-Identifier: GPL-2.0-only */
struct flags_big {
	long a[8];
};

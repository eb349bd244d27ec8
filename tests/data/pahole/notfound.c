/* SPDX-License-Identifier: GPL-2.0-only */
/* pahole 1.24 exits 0 for a type it did not find; the capture asks for one. */
struct holes {
	char c;
	long l;
};

struct bits {
	unsigned int a:1;
	unsigned int b:2;
};

struct holes h;
struct bits b;

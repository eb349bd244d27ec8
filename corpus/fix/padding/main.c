// SPDX-License-Identifier: GPL-2.0-only
/* Two packets through the poll on a dirty stack; every byte the ring got is printed. */
#include <stdio.h>
#include <string.h>

#include "h.h"

static void __attribute__((noinline)) g_dirty(void)
{
	volatile unsigned char junk[4096];

	memset((void *)junk, 0x5a, sizeof(junk));
}

static void g_print(const char *what, const struct g_rec *r)
{
	const unsigned char *b = (const unsigned char *)r;

	printf("%s:", what);
	for (size_t i = 0; i < sizeof(*r); i++)
		printf(" %02x", b[i]);
	printf("\n");
}

int main(void)
{
	static struct g_vector v;

	g_dirty();
	if (g_poll(&v.napi, 2) != 2)
		return 1;
	for (int i = 0; i < 4; i++)
		g_print("out", &v.ring.out[i]);
	g_print("kept", &v.ring.kept);
	return 0;
}

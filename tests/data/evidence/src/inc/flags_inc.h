/* SPDX-License-Identifier: GPL-2.0-only */
struct flags_big {
	long a[8];
};

void use(void *p);

/* An inline helper in a header: its local ends up in the caller. */
static inline long flags_helper(void)
{
	struct flags_big hdr;

	use(&hdr);
	return hdr.a[1];
}

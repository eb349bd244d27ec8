// SPDX-License-Identifier: GPL-2.0-only
/*
 * What survives -O2 -ftrivial-auto-var-init=zero, one local per case. The
 * evidence readers' tests check the records gcc-12 and clang-19 write for it.
 */
struct big {
	long a[10];		/* 80 bytes */
};

struct pair {
	long x, y;
};

void use(void *p);

/* The address escapes to an opaque call: all 80 bytes survive. */
int escapes(void)
{
	struct big b;

	use(&b);
	return (int)b.a[1];
}

/* Every byte is written before the address escapes: the zeroing is dead. */
int overwritten(long k)
{
	struct pair p;

	p.x = k;
	p.y = k + 1;
	use(&p);
	return (int)p.y;
}

/* An inline helper's local ends up in its caller. */
static inline int helper(void)
{
	struct big h;

	use(&h);
	return (int)h.a[0];
}

int calls_helper(void)
{
	return helper() + 1;
}

/* A byte array. */
int array(void)
{
	char buf[100];

	use(buf);
	return buf[0];
}

/* A struct declared in a loop body: zeroed on every iteration. */
int loop(int n)
{
	int t = 0;

	for (int i = 0; i < n; i++) {
		struct big in;

		use(&in);
		t += (int)in.a[2];
	}
	return t;
}

/* A VLA: the size is not a constant. */
int vla(int n)
{
	char v[n];

	use(v);
	return v[0];
}

/* A static function the compiler clones (gcc: cloned.constprop.0). */
static __attribute__((noinline)) int cloned(int k, int unused)
{
	struct big c;

	use(&c);
	return (int)c.a[k];
}

int calls_clone(void)
{
	return cloned(3, 0) + cloned(4, 0);
}

/* A loop the compiler unrolls: one zeroing per copy, still one per iteration. */
int unrolled(void)
{
	int t = 0;

	for (int i = 0; i < 4; i++) {
		struct big u;

		use(&u);
		t += (int)u.a[i];
	}
	return t;
}

/* Two locals with one name in two scopes: both count. */
int same_name(int k)
{
	int t = 0;

	if (k) {
		struct big tmp;

		use(&tmp);
		t += (int)tmp.a[0];
	} else {
		char tmp[24];

		use(tmp);
		t += tmp[1];
	}
	return t;
}

struct triple {
	long x, y, z;
};

/* Two of three fields written before the address escapes. */
int partial(long k)
{
	struct triple p;

	p.x = k;
	p.y = k;
	use(&p);
	return (int)p.z;
}

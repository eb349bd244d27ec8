/* An angle-included header: the pre-pass does not read it, the precise pass does. */
struct ring {
	int (*complete)(struct ring *r);
};

static inline int ring_kick(struct ring *r)
{
	return r->complete(r);
}

#include <ring.h>

struct rx_ctx {
	long words[16];
};

void fill(struct rx_ctx *c);

/* Reached only through ring_kick() in ring.h: the loop must bring this TU. */
static int drv_complete(struct ring *r)
{
	struct rx_ctx ctx;

	fill(&ctx);
	return (int)ctx.words[0];
}

void drv_ring_init(struct ring *r)
{
	r->complete = drv_complete;
}

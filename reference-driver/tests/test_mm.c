// SPDX-License-Identifier: MIT
/*
 * The shim's memory model on its own: the linear memmap (page_address() and
 * virt_to_page() invert each other for 4K and 64K pools alive at the same time, and a
 * pool's memory is reused once it is destroyed) and the xdp_frame that XDP_TX writes
 * into a buffer's headroom; a pool's pages come out in no address order.
 */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <linux/mm.h>
#include <net/page_pool.h>
#include <net/xdp.h>

static struct page_pool *pool_of(unsigned int shift, unsigned int pages)
{
	struct page_pool_params pp = { .pool_size = pages, .page_shift = shift };

	return page_pool_create(&pp);
}

static void check_pool(struct page_pool *pool)
{
	unsigned long size = 1UL << pool->p.page_shift;
	unsigned int i;

	for (i = 0; i < pool->p.pool_size; i++) {
		struct page *page = &pool->pages[i];
		char *va = page_address(page);

		assert_int_equal((unsigned long)va & (size - 1), 0);
		assert_ptr_equal(va, (char *)pool->mem + i * size);
		assert_ptr_equal(virt_to_page(va), page);
		assert_ptr_equal(virt_to_page(va + size / 2), page);
		assert_ptr_equal(virt_to_head_page(va + size - 1), page);
		assert_int_equal(page_pool_get_dma_addr(page), (unsigned long)va);
		assert_int_equal(page->order_shift, pool->p.page_shift);
		va[0] = 1;	/* the memory is there */
		va[size - 1] = 1;
	}
}

static void test_memmap_two_page_sizes(void **state)
{
	struct page_pool *a = pool_of(12, 300), *b = pool_of(16, 40), *c = pool_of(12, 2000);
	void *mem;

	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	check_pool(a);
	check_pool(b);
	check_pool(c);
	/* the 64K arena and memmap lie above the 4K ones */
	assert_true(b->pages > c->pages && (char *)b->mem > (char *)c->mem);
	mem = a->mem;
	page_pool_destroy(a);
	a = pool_of(12, 300);
	assert_non_null(a);
	assert_ptr_equal(a->mem, mem);	/* first fit: the freed sections again */
	check_pool(a);
	page_pool_destroy(a);
	page_pool_destroy(b);
	page_pool_destroy(c);
}

static void test_memmap_bad_sizes(void **state)
{
	assert_null(pool_of(13, 10));		/* no arena for 8K pages */
	assert_null(pool_of(16, 1u << 16));	/* 4 GiB: more than the arena */
}

static void test_xdp_frame_in_headroom(void **state)
{
	struct xdp_rxq_info rxq = { 0 };
	struct page_pool *pool = pool_of(12, 4);
	struct xdp_frame *frame;
	struct xdp_buff xdp;
	char *va;

	assert_non_null(pool);
	va = page_address(&pool->pages[1]);
	xdp_rxq_info_reg(&rxq, NULL, 0, 0);
	xdp_rxq_info_reg_mem_model(&rxq, MEM_TYPE_PAGE_POOL, 7);
	xdp_init_buff(&xdp, PAGE_SIZE, &rxq);
	xdp_prepare_buff(&xdp, (unsigned char *)va, XDP_PACKET_HEADROOM, 60, false);

	frame = xdp_convert_buff_to_frame(&xdp);
	assert_ptr_equal(frame, va);
	assert_ptr_equal(frame->data, va + XDP_PACKET_HEADROOM);
	assert_int_equal(frame->len, 60);
	assert_int_equal(frame->headroom, XDP_PACKET_HEADROOM - sizeof(*frame));
	assert_int_equal(frame->metasize, 0);
	assert_int_equal(frame->frame_sz, PAGE_SIZE);
	assert_int_equal(frame->mem.type, MEM_TYPE_PAGE_POOL);
	assert_int_equal(frame->mem.id, 7);
	assert_false(xdp_frame_has_frags(frame));
	assert_ptr_equal(xdp_get_shared_info_from_frame(frame),
			 xdp_get_shared_info_from_buff(&xdp));

	/* metadata in front of the data: the descriptor must still fit before it */
	xdp_prepare_buff(&xdp, (unsigned char *)va, 48, 60, true);
	xdp.data_meta = (char *)xdp.data - 16;
	assert_null(xdp_convert_buff_to_frame(&xdp));
	xdp.data_meta = (char *)xdp.data - 8;
	frame = xdp_convert_buff_to_frame(&xdp);
	assert_non_null(frame);
	assert_int_equal(frame->metasize, 8);
	/* data running into the shared info */
	xdp_prepare_buff(&xdp, (unsigned char *)va, XDP_PACKET_HEADROOM, PAGE_SIZE - 300, false);
	assert_null(xdp_convert_buff_to_frame(&xdp));
	page_pool_destroy(pool);
}

/*
 * A pool hands its pages out in no address order (lib/page_pool.c): consecutive
 * allocations, which become the consecutive strides of a WQE, are rarely one page
 * apart, so a CPU's stride prefetcher cannot predict the next packet's buffer. Every
 * page still comes out exactly once.
 */
static void test_pool_pages_scattered(void **state)
{
	struct page_pool *pool = pool_of(12, 512);
	unsigned int i, adjacent = 0;
	unsigned char seen[512] = { 0 };
	struct page *prev = NULL;

	assert_non_null(pool);
	for (i = 0; i < 512; i++) {
		struct page *page = page_pool_dev_alloc_pages(pool);
		long d;

		assert_non_null(page);
		assert_int_equal(seen[page - pool->pages]++, 0);
		d = prev ? page - prev : 0;
		adjacent += d == 1 || d == -1;
		prev = page;
	}
	assert_null(page_pool_dev_alloc_pages(pool));
	/* in address order all 511 steps would be one page; at random about 2 */
	assert_true(adjacent < 16);
	page_pool_destroy(pool);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memmap_two_page_sizes),
		cmocka_unit_test(test_memmap_bad_sizes),
		cmocka_unit_test(test_xdp_frame_in_headroom),
		cmocka_unit_test(test_pool_pages_scattered),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

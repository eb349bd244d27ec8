// SPDX-License-Identifier: GPL-2.0-only
/*
 * Who writes a field and from where (issue 27): every access kind the AST pass
 * tells apart, and the path (RX poll, TX xmit, TX completion, control) of the
 * root that reaches the function, from a real parse.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "callgraph.h"
#include "fielduse.h"
#include "process.h"

#include "kernel_rules_group.h"

static const char source[] =
	"struct napi_struct { int weight; };\n"
	"struct net_device;\n"
	"struct sk_buff { int len; };\n"
	"struct stats { unsigned long packets, bytes; };\n"
	"struct q {\n"
	"	struct napi_struct napi;\n"
	"	unsigned int rx_head, rx_avail;\n"
	"	unsigned long rx_bytes, flags, state;\n"
	"	unsigned int tx_head, tx_tail;\n"
	"	struct stats st;\n"
	"	unsigned int ring_mask, ctrl;\n"
	"	unsigned int slots[4];\n"
	"	unsigned int ring[8];\n"
	"};\n"
	"void set_bit(long nr, unsigned long *addr);\n"
	"int test_bit(long nr, const unsigned long *addr);\n"
	"void *memset(void *, int, unsigned long);\n"
	"void netif_napi_add(void *dev, struct napi_struct *n, int (*poll)(struct napi_struct *, int));\n"
	"struct net_device_ops { int (*ndo_start_xmit)(struct sk_buff *, struct net_device *); };\n"
	"extern struct q the_q;\n"
	"static void clean_tx_cq(struct q *q) { q->tx_tail++; q->st.packets++; }\n"
	"static void rx_one(struct q *q, int len)\n"
	"{\n"
	"	q->rx_head++;\n"
	"	q->rx_bytes += len;\n"
	"	q->rx_avail = q->ring_mask;\n"
	"	set_bit(1, &q->flags);\n"
	"	q->ring[len & 7] = 1;\n"
	"}\n"
	"static int poll(struct napi_struct *napi, int budget)\n"
	"{\n"
	"	struct q *q = (struct q *)napi;\n"
	"	int i;\n"
	"\n"
	"	clean_tx_cq(q);\n"
	"	for (i = 0; i < budget; i++)\n"
	"		rx_one(q, i);\n"
	"	return i;\n"
	"}\n"
	"static int xmit(struct sk_buff *skb, struct net_device *dev)\n"
	"{\n"
	"	struct q *q = &the_q;\n"
	"\n"
	"	if (test_bit(0, &q->state))\n"
	"		return 1;\n"
	"	q->tx_head = skb->len & q->ring_mask;\n"
	"	memset(q->slots, 0, sizeof(q->slots));\n"
	"	return 0;\n"
	"}\n"
	"const struct net_device_ops ops = { .ndo_start_xmit = xmit };\n"
	"void setup(struct q *q) { q->ctrl = 1; netif_napi_add(0, &q->napi, poll); }\n";

static const struct zt_field_use *use(const struct zt_field_uses *u, const char *rec,
				      const char *field)
{
	for (size_t i = 0; i < u->n; i++)
		if (!strcmp(u->v[i].record, rec) && !strcmp(u->v[i].field, field))
			return &u->v[i];
	return NULL;
}

static void expect(const struct zt_field_uses *u, const char *field, enum zt_access_kind kind,
		   unsigned int read_paths, unsigned int write_paths)
{
	const struct zt_field_use *f = use(u, "struct q", field);

	print_message("field %s\n", field);
	assert_non_null(f);
	assert_true(f->kinds & (1U << kind));
	assert_int_equal(f->read_paths, read_paths);
	assert_int_equal(f->write_paths, write_paths);
}

static void test_access_kinds_and_paths(void **state)
{
	char dir[] = "/tmp/zt-test-access-XXXXXX";
	struct zt_ctx ctx = { .out = stdout, .err = stderr, .jobs = 2 };
	struct zt_hot_opts opts = { .kernel = &kernel };
	struct zt_field_uses u;
	struct zt_compdb db;
	char *path, *files[1];
	char *rm[] = { "rm", "-rf", dir, NULL };
	struct zt_spawn_result r;

	(void)state;
	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/q.c", dir);
	assert_int_equal(zt_write_file(path, source, strlen(source)), 0);
	files[0] = path;
	assert_int_equal(zt_compdb_from_files(files, 1, NULL, 0, &db), 0);
	assert_int_equal(zt_collect_field_uses(&ctx, &db, &opts, &u), 0);

	/* RX poll: ++, +=, =, &field to a writer, an element of an array member */
	expect(&u, "rx_head", ZT_ACCESS_INCDEC, 0, ZT_PATH_RX);
	expect(&u, "rx_bytes", ZT_ACCESS_COMPOUND, 0, ZT_PATH_RX);
	expect(&u, "rx_avail", ZT_ACCESS_STORE, 0, ZT_PATH_RX);
	expect(&u, "flags", ZT_ACCESS_ADDR_WRITER, 0, ZT_PATH_RX);
	expect(&u, "ring", ZT_ACCESS_STORE, 0, ZT_PATH_RX);
	/* read on two paths, written on none */
	expect(&u, "ring_mask", ZT_ACCESS_READ, ZT_PATH_RX | ZT_PATH_TX, 0);
	/* TX: &field to a pointer-to-const parameter is a read; an array given to memset a write */
	expect(&u, "state", ZT_ACCESS_ADDR_READER, ZT_PATH_TX, 0);
	expect(&u, "tx_head", ZT_ACCESS_STORE, 0, ZT_PATH_TX);
	expect(&u, "slots", ZT_ACCESS_ADDR_WRITER, 0, ZT_PATH_TX);
	/* TX completion, reached from the poll through clean_tx_cq() */
	expect(&u, "tx_tail", ZT_ACCESS_INCDEC, 0, ZT_PATH_COMPLETION);
	/* q->st.packets++ writes the embedded member st too */
	expect(&u, "st", ZT_ACCESS_INCDEC, 0, ZT_PATH_COMPLETION);
	assert_int_equal(use(&u, "struct stats", "packets")->write_paths, ZT_PATH_COMPLETION);
	/* one NAPI poll runs RX and the completion on one CPU: one root; xmit is another */
	assert_int_equal(use(&u, "struct q", "rx_head")->write_roots,
			 use(&u, "struct q", "tx_tail")->write_roots);
	assert_true(use(&u, "struct q", "tx_head")->write_roots !=
		    use(&u, "struct q", "rx_head")->write_roots);
	assert_true(use(&u, "struct q", "ring_mask")->read_roots &
		    ~use(&u, "struct q", "rx_head")->write_roots);
	/* the control path: a cold function */
	expect(&u, "ctrl", ZT_ACCESS_STORE, 0, ZT_PATH_CONTROL);
	expect(&u, "napi", ZT_ACCESS_ADDR_WRITER, 0, ZT_PATH_CONTROL);

	zt_field_uses_release(&u);
	zt_compdb_release(&db);
	free(path);
	zt_spawn(rm, NULL, &r);
	zt_spawn_result_release(&r);
}

static void test_path_names(void **state)
{
	char buf[64];
	unsigned int p;

	(void)state;
	assert_string_equal(zt_paths_str(ZT_PATH_RX | ZT_PATH_COMPLETION, buf, sizeof(buf)),
			    "rx,completion");
	assert_int_equal(zt_paths_parse("tx,control", &p), 0);
	assert_int_equal(p, ZT_PATH_TX | ZT_PATH_CONTROL);
	assert_int_equal(zt_paths_parse("tx,bogus", &p), -1);
	assert_int_equal(zt_paths_parse("", &p), -1);
	assert_string_equal(zt_path_name(ZT_PATH_OTHER), "other");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_access_kinds_and_paths),
		cmocka_unit_test(test_path_names),
	};

	return cmocka_run_group_tests(tests, load_kernel, free_kernel);
}

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pahole reader: run `pahole -c LINE -C S1,S2 OBJ` (dwarves 1.24 has no
 * structured output) and parse its text into a layout model. Cache-line
 * membership is computed from offsets here: pahole prints boundary markers
 * only before members that start a new line, and resets them per union arm.
 */
#ifndef ZT_PAHOLE_H
#define ZT_PAHOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum zt_member_kind {
	ZT_MEMBER_FIELD,	/* a declaration, including embedded named types */
	ZT_MEMBER_STRUCT,	/* an inline struct body: struct { ... } name; */
	ZT_MEMBER_UNION,	/* an inline union body */
};

struct zt_member {
	char *name;		/* "" for anonymous bodies and unnamed bitfields */
	char *type;		/* "uint16_t", "void (*)(struct x *, int)", "union" */
	enum zt_member_kind kind;
	int parent;		/* index of the enclosing inline body, -1 at top level */
	int depth;		/* 0 at top level */
	bool has_offset;	/* unnamed bitfields are printed without a comment */
	unsigned long offset;	/* bytes from the start of the outermost struct */
	unsigned long size;	/* bytes; a bitfield's storage unit */
	unsigned int bit_offset;	/* bitfields: bits after offset (may exceed 7) */
	unsigned int bit_size;	/* width; 0 for ":0" and non-bitfields */
	bool bitfield;
	unsigned long aligned;	/* __aligned__(N) printed on the member, 0 if none */
	unsigned int n_dims;	/* array dimensions */
	unsigned long elems;	/* product of the dimensions (0 for [] and [0]) */
	bool flexible;		/* name[] */
	bool zero_length;	/* name[0] */
	bool func_ptr;
	bool unprintable;	/* pahole printed "<ERROR(...)>" instead (e.g. _Atomic in 1.24) */
	char *group_begin;	/* __cacheline_group_begin__G: "G" */
	char *group_end;
	unsigned long hole_after;	/* "XXX N bytes hole" printed after it */
	unsigned int bit_hole_after;	/* "XXX N bits hole" */
	unsigned long inner_padding;	/* "XXX last struct has N bytes of padding" */
	bool combined_next;	/* "Bitfield combined with next fields" follows it */
	/* computed from offset/size, never from pahole's boundary markers */
	unsigned long start, end;	/* bytes really occupied: [start, end) */
	unsigned int first_line, last_line;
};

/* The summary block; fields pahole did not print stay 0. */
struct zt_layout_summary {
	unsigned long size, cachelines, members;
	unsigned long sum_members, holes, sum_holes;
	unsigned long sum_bitfield_bits, bit_holes, sum_bit_holes;
	unsigned long padding, paddings, sum_paddings, bit_padding;
	unsigned long forced_alignments, forced_holes, sum_forced_holes;
	unsigned long last_cacheline;
	bool have_size;
	bool brain_fart;	/* pahole's own accounting did not add up */
};

struct zt_layout {
	char *name;		/* "demo_rq", or the typedef's name */
	bool is_union;
	bool is_typedef;	/* typedef struct { ... } name; */
	bool packed;		/* } __attribute__((__packed__)); */
	unsigned long aligned;	/* } __attribute__((__aligned__(N))); 0 if none */
	struct zt_member *m;	/* in print order; nested bodies follow their opener */
	size_t n;
	struct zt_layout_summary sum;
	unsigned int cacheline;	/* line size used for first_line/last_line */
	unsigned int lines;	/* cache lines of size, computed */
	unsigned int text_line;	/* where it starts in pahole's output, 1-based */
	char *decl_file;	/* from pahole -I: where the type is defined (NULL if not printed) */
	unsigned int decl_line;
};

/* typedef uint64_t dma_addr_t; */
struct zt_typedef {
	char *name;
	char *target;
};

/* A type the reader could not take (tolerant parsing): reported, skipped. */
struct zt_pahole_skip {
	char *type;		/* NULL when outside any type */
	unsigned int line;	/* 1-based line of pahole's output */
	char *text;		/* that line, as pahole printed it */
	char *why;
};

struct zt_layouts {
	struct zt_layout *v;
	size_t n, alloc;
	struct zt_typedef *td;
	size_t n_td, alloc_td;
	char **not_found;	/* "type 'x' not found" (pahole exits 0 for these) */
	size_t n_not_found, alloc_not_found;
	struct zt_pahole_skip *skipped;	/* zt_pahole_run, zt_pahole_parse_tolerant */
	size_t n_skipped, alloc_skipped;
};

struct zt_pahole_opts {
	const char *pahole;	/* program; NULL: "pahole" */
	unsigned int cacheline;	/* 0: 64 */
	unsigned int timeout_ms;	/* 0: 60 s */
};

/*
 * Parse pahole's text (stdout; stderr lines saying "type 'x' not found" may
 * be mixed in). Appends to @out. Returns 0, or -1 with error() said (the
 * line number and why; zt_quiet_errors() to keep it quiet).
 */
int zt_pahole_parse(const char *text, size_t len, unsigned int cacheline, struct zt_layouts *out);
/*
 * The same, but a type whose text is not understood is dropped and recorded
 * in out->skipped (with pahole's line) and parsing goes on after its closing
 * brace; so is stray text between types. Never fails.
 */
void zt_pahole_parse_tolerant(const char *text, size_t len, unsigned int cacheline,
			      struct zt_layouts *out);

/*
 * Run pahole on @obj for @types (all types when n == 0) and parse
 * tolerantly. Types pahole did not find end up in out->not_found, types it
 * printed in a shape not understood in out->skipped. -1 with error() said
 * when the object is unreadable, has no DWARF, or pahole is missing or fails.
 */
int zt_pahole_run(const char *obj, char *const *types, size_t n,
		  const struct zt_pahole_opts *opts, struct zt_layouts *out);
/*
 * The directory @obj's compile units were compiled in (DW_AT_comp_dir, read
 * with llvm-dwarfdump-19): what a relative DWARF path (a decl_file of
 * pahole -I) is relative to. NULL, error() said, when it has none or its
 * units name different ones.
 */
char *zt_object_comp_dir(const char *obj);

void zt_layouts_release(struct zt_layouts *ls);

const struct zt_layout *zt_layouts_find(const struct zt_layouts *ls, const char *name);
/* "struct demo_rq" or "demo_rq" -> "demo_rq" (pointer into @name). */
const char *zt_record_basename(const char *name);

/* Index of member @path ("page.dma", "in") or -1; anonymous bodies are looked through. */
int zt_layout_member(const struct zt_layout *l, const char *path);
/* The top-level member that contains member @i. */
int zt_layout_top(const struct zt_layout *l, int i);

/* Canonical text of the model (tests compare two parses with it). */
void zt_layout_dump(const struct zt_layout *l, FILE *fp);
void zt_layouts_dump(const struct zt_layouts *ls, FILE *fp);

#endif /* ZT_PAHOLE_H */

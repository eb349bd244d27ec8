/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Layout audit: join pahole's layouts with the fields the hot path touches.
 * Predictions come from our own simulation of the SysV x86-64 layout rules
 * (alignment, bitfield storage units, __aligned__), checked first against
 * pahole's offsets for the current order; never from pahole --reorganize.
 */
#ifndef ZT_LAYOUT_H
#define ZT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "fielduse.h"
#include "finding.h"
#include "pahole.h"

struct zt_hot_field {
	char *record;		/* "demo_rq" (without "struct ") */
	char *field;		/* "page.dma" */
	enum zt_freq freq;
	unsigned int reads, writes;	/* enum zt_path (fielduse.h) it is read and written on */
	unsigned int kinds;	/* 1 << enum zt_access_kind of the uses seen, 0: not known */
	/* the roots (CPUs: struct zt_field_use) reading and writing it; a rules file: the paths */
	unsigned int read_roots, write_roots;
};

struct zt_group_limit {
	char *record;
	char *group;
	unsigned long max_bytes;	/* like CACHELINE_ASSERT_GROUP_SIZE */
};

/* What the hot path touches, and which structs are array/pool elements. */
struct zt_layout_rules {
	struct zt_hot_field *hot;
	size_t n_hot, alloc_hot;
	char **pools;		/* records used as array/pool elements */
	size_t n_pools;
	struct zt_group_limit *groups;
	size_t n_groups, alloc_groups;
	char **hot_funcs;	/* "hot FUNC" lines and --hot: roots for the AST pass */
	size_t n_hot_funcs;
};

/*
 * Read a hot-fields or rules file. Lines (# comments):
 *   struct NAME FIELD per-packet|per-poll|cold [read=PATHS] [write=PATHS]
 *     (PATHS: rx,tx,completion,control,other)
 *   pool struct NAME
 *   group struct NAME GROUP MAX_BYTES
 *   hot FUNC
 * -1 with error() said on a malformed line.
 */
int zt_layout_rules_load(const char *path, struct zt_layout_rules *r);
int zt_layout_rules_parse(const char *text, const char *name, struct zt_layout_rules *r);
void zt_layout_rules_add_hot(struct zt_layout_rules *r, const char *record, const char *field,
			     enum zt_freq freq);
/* The same with the paths it is read and written on and its access kinds. */
void zt_layout_rules_add_access(struct zt_layout_rules *r, const char *record, const char *field,
				enum zt_freq freq, unsigned int reads, unsigned int writes,
				unsigned int kinds);
/* A field use of the AST pass, with its paths, roots and access kinds. */
void zt_layout_rules_add_use(struct zt_layout_rules *r, const struct zt_field_use *fu);
/* Field uses from the AST pass (tool/fielduse.h). */
void zt_layout_rules_add_uses(struct zt_layout_rules *r, const struct zt_field_uses *u);
void zt_layout_rules_release(struct zt_layout_rules *r);
/* Hottest frequency the rules give @field of @record (ZT_FREQ_UNKNOWN if none). */
enum zt_freq zt_layout_rules_freq(const struct zt_layout_rules *r, const char *record,
				  const char *field);
bool zt_layout_rules_is_pool(const struct zt_layout_rules *r, const char *record);
/* Records named anywhere in the rules (to ask pahole for). */
size_t zt_layout_rules_records(const struct zt_layout_rules *r, char ***out);

/* One simulated placement of a struct's top-level members. */
struct zt_placement {
	int *order;		/* top-level member indexes, in placement order */
	size_t n;
	unsigned long *bit;	/* new bit offset per member index of the layout (l->n) */
	unsigned long size;	/* bytes, padded to the struct's alignment */
	unsigned long align;
	unsigned int lines;
	unsigned int hot_span;	/* cache lines holding hot fields */
	unsigned long holes;	/* bytes of holes between members (not tail padding) */
	/* per member index: placed at the start of a cache line (NULL: none is) */
	bool *line_start;
};

/*
 * A group of the suggested order (issue 27): the read-mostly hot fields, or
 * the fields one set of paths writes per packet. Members are top-level
 * indexes of the layout, in placement order.
 */
struct zt_path_group {
	char *name;		/* "hot_read", "rx_write", "rx_tx_write" */
	unsigned int writes;	/* enum zt_path bits that write it; 0: read-mostly */
	unsigned int reads;	/* paths reading its fields */
	int *members;
	size_t n, alloc;
	bool line_start;	/* begins its own cache line */
	char *why;		/* why it starts a line, or why it could not */
};

/* Bytes hot accesses touch inside an embedded struct member: [start, end) from its start. */
struct zt_hot_range {
	unsigned long start, end;
};

struct zt_hot_ranges {
	struct zt_hot_range *v;	/* n == 0: the whole member (an array: one access) */
	size_t n, alloc;
};

/* The analysis of one struct. */
struct zt_struct_report {
	const struct zt_layout *l;
	const char *object;
	bool simulatable;	/* a struct (not union/packed) we can place */
	bool verified;		/* our simulation reproduces pahole's offsets and size */
	bool reproduced;	/* so does it for packed and empty structs (never reordered) */
	char *why_unverified;	/* the first mismatch, for a note */
	unsigned long align;
	unsigned long *member_align;	/* per member index of the layout (top level filled) */
	enum zt_freq *member_freq;	/* per member index: hottest use of it or inside it */
	/*
	 * Per member index: a hot embedded struct counts only where its own hot
	 * members lie (the fields named through it, else the embedded type's hot
	 * fields), not its whole length.
	 */
	struct zt_hot_ranges *member_hot;
	unsigned int hot_fields;	/* hot entries resolved in this struct */
	char **unknown_fields;	/* hot entries that name no member */
	size_t n_unknown;
	unsigned long hot_bytes;
	unsigned int hot_span;	/* current */
	unsigned int min_hot_span;	/* ceil(hot bytes / line) */
	struct zt_placement current;
	struct zt_placement packed;	/* alignment-sorted, hotness ignored */
	struct zt_placement suggested;	/* hot first and together, holes filled */
	bool have_suggestion;	/* differs from the current order and is no worse */
	bool pool;
	const struct zt_layout_rules *rules;	/* borrowed: group limits */
	/* per member index: hot paths reading and writing it or inside it (enum zt_path) */
	unsigned int *member_reads, *member_writes;
	unsigned int *member_kinds;	/* 1 << enum zt_access_kind */
	unsigned int *member_rroots, *member_wroots;	/* roots reading, writing it */
	/* the suggestion's groups by access and path (empty: the struct has its own groups) */
	struct zt_path_group *groups;
	size_t n_groups, alloc_groups;
	/* lines holding a field one path writes and another path's read-mostly field */
	unsigned int mixed_now, mixed_suggested;
	bool no_room;		/* line starts would grow the struct: kept unaligned, mixed */
	const bool *force_line;	/* while suggesting: members zt_lay_place() starts a line with */
};

/*
 * Lines of placement @p (NULL: the current layout) where a field written per
 * packet on one path shares a cache line with a read-mostly hot field read on
 * another path; when @why, the first such line said in words (caller frees).
 */
unsigned int zt_layout_mixed_lines(const struct zt_struct_report *rep, const struct zt_placement *p,
				   char **why);

/*
 * Types (embedded structs, typedefs) pahole printed besides the audited ones:
 * member alignments are taken from them.
 */
int zt_struct_analyze(const struct zt_layout *l, const char *object, const struct zt_layouts *types,
		      const struct zt_layout_rules *rules, struct zt_struct_report *rep);
void zt_struct_report_release(struct zt_struct_report *rep);

/* Findings layout-bloat, -hot-span, -array-stride, -group-assert for one struct. */
void zt_layout_findings(const struct zt_struct_report *rep, const bool *enabled,
			struct zt_findings *fs);

/* "desc, head, flags, mode, ..." the suggested order as member names (caller frees). */
char **zt_placement_names(const struct zt_struct_report *rep, const struct zt_placement *p,
			  size_t *n);
void zt_names_free(char **names, size_t n);

/*
 * What each byte of a placement holds, for pictures: the top-level member
 * (-1: a hole, or tail padding from @used on) and how hot the accesses that
 * touch it are (ZT_FREQ_UNKNOWN: none). @p NULL: the current layout as pahole
 * printed it. Caller frees with zt_byte_map_release().
 */
struct zt_byte_map {
	int *owner;
	enum zt_freq *hot;
	unsigned long size;	/* bytes mapped */
	unsigned long used;	/* end of the last member: padding after it */
};

void zt_placement_map(const struct zt_struct_report *rep, const struct zt_placement *p,
		      struct zt_byte_map *map);
void zt_byte_map_release(struct zt_byte_map *map);

/* A textual rendering of the suggestion (for text output and docs). */
void zt_struct_report_print(const struct zt_struct_report *rep, FILE *fp);

/* Embedded types a layout refers to ("struct inner", "dma_addr_t"), to ask pahole for. */
size_t zt_layout_referenced_types(const struct zt_layout *l, const struct zt_layouts *known,
				  char ***out);

#endif /* ZT_LAYOUT_H */

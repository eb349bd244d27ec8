// SPDX-License-Identifier: GPL-2.0-only
/*
 * zerotax layout: pahole's layouts of the structs the hot path touches,
 * joined with which fields it touches: hot spans, bloat, array strides,
 * cache-line groups, and a predicted reorder. --diff compares two builds.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "callgraph.h"
#include "check_pipeline.h"
#include "commands.h"
#include "compdb.h"
#include "emit.h"
#include "fielduse.h"
#include "fix_layout.h"
#include "hotrules.h"
#include "journal.h"
#include "layout.h"
#include "layout_html.h"
#include "pahole.h"
#include "parse-options.h"
#include "strbuf.h"

static const struct zt_usage layout_usage = {
	.usage =
	"zerotax layout [options] OBJ...\n"
	"zerotax layout --diff OLD.o NEW.o [--struct NAME...] [--hot-fields FILE]",
	.about =
	"Read struct layouts from the objects' DWARF with pahole (-c 64) and report\n"
	"structs whose hot fields spread over more cache lines than needed, structs\n"
	"bloated by holes, pool elements just over a cache-line multiple, and\n"
	"__cacheline_group violations, each with a hotness-aware reorder whose size,\n"
	"cache lines and hot span are predicted by zerotax's own layout simulation.\n",
	.tail =
	"Exit codes: 0 nothing found, 1 findings (--diff: a struct grew in cache\n"
	"lines or hot span), 2 usage, 3 input error (unreadable object, type not\n"
	"found, pahole missing), 4 internal error. See docs/layout.md.\n",
	.examples =
	"$ zerotax layout --hot-fields hot.txt drv.o\n"
	"  struct layouts of an object with debug info against hot-path field use\n"
	"$ zerotax layout --diff old.o new.o --struct mlx5e_rq\n"
	"  what a reorder changed\n",
};

struct layout_run {
	const char *build_dir;
	struct zt_strvec hot;
	struct zt_strvec rules_files;
	struct zt_strvec hot_field_files;
	char **structs;		/* owned */
	size_t n_structs;
	char **objs;		/* borrowed */
	size_t n_objs;
	bool diff;
	enum zt_format format;
	struct zt_check_set checks;
	struct zt_pahole_opts po;
	struct zt_layout_rules lr;
	char **explicit;	/* --struct and hot-fields records: must exist */
	size_t n_explicit;
	const char *apply_dir;	/* --apply: rewrite suggestions in sources under it */
	const char *source_dir;	/* -s: the tree the objects were built from */
	char source_real[PATH_MAX];	/* its realpath */
	char apply_real[PATH_MAX];	/* and the --apply directory's */
	char **apply_args;
	struct zt_ci_output out;	/* baseline, suppressions: as check */
	const char *cache_dir;
	bool no_cache;
};

static void push(char ***v, size_t *n, char *s)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = s;
}

static bool has(char **v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(zt_record_basename(v[i]), zt_record_basename(s)))
			return true;
	return false;
}

/* --struct NAME[,NAME...]: each once, without "struct " */
static int opt_struct(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	struct layout_run *r = opt->data;
	char *copy = xstrdup(arg), *save = NULL;

	(void)ctx;
	for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
		if (*zt_record_basename(t) && !has(r->structs, r->n_structs, t))
			push(&r->structs, &r->n_structs, xstrdup(zt_record_basename(t)));
	free(copy);
	return 0;
}

static int opt_pool(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	struct layout_run *r = opt->data;

	(void)ctx;
	push(&r->lr.pools, &r->lr.n_pools, xstrdup(zt_record_basename(arg)));
	return 0;
}

static int opt_cacheline(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	struct layout_run *r = opt->data;
	unsigned long v;

	(void)ctx;
	if (zt_parse_uint(arg, 4096, &v) || v < 16 || (v & (v - 1)))
		return error("--cacheline wants a power of two from 16 to 4096, not '%s'", arg);
	r->po.cacheline = (unsigned int)v;
	return 0;
}

/* 1: parsed, go on; 0: done (--help); -1: a usage error. */
static int parse_args(struct zt_ctx *ctx, int argc, char **argv, struct layout_run *r)
{
	const struct zt_option opts[] = {
		ZT_OPT_CALLBACK(0, "struct", r, "NAME",
				"audit struct NAME (repeatable, or comma-separated);\n"
				"default: the structs named in the hot-fields files,\n"
				"else every struct in the objects", opt_struct),
		ZT_OPT_LIST(0, "hot-fields", &r->hot_field_files, "FILE",
			    "lines 'struct NAME FIELD per-packet|per-poll|cold',\n"
			    "'pool struct NAME', 'group struct NAME GROUP BYTES'"),
		ZT_OPT_CALLBACK(0, "pool", r, "NAME",
				"NAME is an array/pool element (layout-array-stride)", opt_pool),
		ZT_OPT_STRING('p', NULL, &r->build_dir, "BUILD_DIR",
			      "find hot field uses with the AST pass over\n"
			      "BUILD_DIR/compile_commands.json"),
		ZT_OPTS_HOT_PATHS(r, "hot root for the AST pass (repeatable)",
				  "hot-path rules file for the AST pass (as in check)"),
		ZT_OPT_JOBS(&ctx->jobs, "parse N translation units at once in the AST pass"),
		ZT_OPT_STRING(0, "cache", &r->cache_dir, "DIR",
			      "per-TU cache of the AST pass, as check's (default\n"
			      "$XDG_CACHE_HOME/zerotax or ~/.cache/zerotax)"),
		ZT_OPT_BOOL(0, "no-cache", &r->no_cache, "do not read or write the cache"),
		ZT_OPT_FORMAT(&r->format,
			      ZT_FORMATS(ZT_FORMAT_TEXT, ZT_FORMAT_JSON, ZT_FORMAT_SARIF,
					 ZT_FORMAT_HTML),
			      NULL),
		ZT_OPT_CALLBACK('W', NULL, &r->checks, "CHECK",
				"enable or disable a check (-Wno-layout-bloat)", zt_opt_checks),
		ZT_OPT_CALLBACK(0, "cacheline", r, "N", "cache-line size (default 64)",
				opt_cacheline),
		ZT_OPT_STRING(0, "pahole", &r->po.pahole, "PROG",
			      "the pahole to run (default: pahole in PATH)"),
		ZT_OPT_BOOL(0, "diff", &r->diff, "compare the layouts of OLD.o and NEW.o"),
		ZT_OPT_STRING(0, "apply", &r->apply_dir, "DIR",
			      "write each suggested reorder into the struct's\n"
			      "definition, which must be under DIR (a copy)"),
		ZT_OPT_STRING('s', "source", &r->source_dir, "SRC",
			      "with --apply: the tree the objects were built from;\n"
			      "a definition under SRC is rewritten at the same\n"
			      "place under DIR"),
		ZT_OPT_STRING(0, "baseline", &r->out.baseline, "OLD.json",
			      "report only findings not in OLD.json (as in check)"),
		ZT_OPT_STRING(0, "allow", &r->out.allow, "FILE",
			      "suppressions file (default: .zerotax-allow here)"),
		ZT_OPT_BOOL(0, "show-suppressed", &r->out.show_suppressed,
			    "list suppressed findings too"),
		ZT_OPT_VERBOSE(&ctx->verbose, "also print each struct's layout summary"),
		ZT_OPT_END(),
	};
	/* options may follow the objects (layout --diff OLD.o NEW.o --struct S); '--' ends them */
	int first = zt_parse_options(ctx, "layout", argc, argv, opts, &layout_usage, 0);

	if (first <= 0)
		return first;
	for (int i = first; i < argc; i++)
		if (strcmp(argv[i], "--"))
			push(&r->objs, &r->n_objs, argv[i]);
	if (r->diff && r->n_objs != 2)
		return error("--diff wants two objects, OLD and NEW");
	if (!r->n_objs)
		return error("no object files given; see 'zerotax layout --help'");
	if ((r->hot.n || r->rules_files.n) && !r->build_dir)
		return error("--hot and --rules drive the AST pass: give -p BUILD_DIR too");
	if (r->source_dir && !r->apply_dir)
		return error("-s names the tree --apply DIR copies: give --apply DIR too");
	if (r->source_dir && !realpath(r->source_dir, r->source_real))
		return error("-s %s: %s", r->source_dir, strerror(errno));
	if (r->source_dir && !realpath(r->apply_dir, r->apply_real))
		return error("--apply %s: %s", r->apply_dir, strerror(errno));
	return 1;
}

/* Hot field uses from the AST pass over the compile database. */
static int ast_pass(struct zt_ctx *ctx, struct layout_run *r)
{
	struct zt_compdb db = { 0 };
	struct zt_hotrules hr;
	struct zt_hot_opts ho = { 0 };
	struct zt_field_uses uses = { 0 };
	struct zt_cache cache = { 0 };
	struct zt_kernel_rules kernel = { 0 };
	int ret = -1, rc = 1;

	zt_hotrules_init(&hr);
	if (zt_kernel_rules_load(NULL, &kernel))
		goto out;
	for (size_t i = 0; i < r->rules_files.n; i++)
		if (zt_hotrules_load(r->rules_files.v[i], &hr))
			goto out;
	if (zt_compdb_load(r->build_dir, &db))
		goto out;
	/* read-only here: a write-back journal is said, never recovered (only fix does) */
	zt_journal_warn_db(&db);
	/* check's cache, its own entries: these facts carry member accesses */
	if (!r->no_cache) {
		rc = zt_cache_open(&cache, r->cache_dir);
		if (!rc && zt_cache_set_root(&cache, r->build_dir))
			rc = -1;
		if (rc < 0)
			goto out;	/* 1: no default cache directory, said */
		zt_cache_set_variant(&cache, "field-accesses");
		zt_cache_depend_on(&cache, "kernel-rules", kernel.hash);
	}
	ho.cache = rc ? NULL : &cache;
	ho.hot = r->hot.v;
	ho.n_hot = r->hot.n;
	ho.rules = &hr;
	ho.field_accesses = true;
	ho.kernel = &kernel;
	if (zt_collect_field_uses(ctx, &db, &ho, &uses))
		goto out;
	if (ctx->verbose)
		note("AST pass: %zu field uses in %zu translation units", uses.n, db.n);
	zt_layout_rules_add_uses(&r->lr, &uses);
	ret = 0;
out:
	zt_field_uses_release(&uses);
	zt_cache_close(&cache);
	zt_compdb_release(&db);
	zt_hotrules_release(&hr);
	zt_kernel_rules_release(&kernel);
	return ret;
}

/* Types pahole printed in a shape the reader does not take: said, skipped. */
static void warn_skipped(const char *obj, const struct zt_layouts *ls, size_t from)
{
	for (size_t i = from; i < ls->n_skipped; i++) {
		const struct zt_pahole_skip *k = &ls->skipped[i];

		if (k->type)
			warning("%s: struct %s skipped: pahole output line %u: %s: '%s'", obj,
				k->type, k->line, k->why, k->text);
		else
			warning("%s: pahole output line %u skipped: %s: '%s'", obj, k->line,
				k->why, k->text);
	}
}

/*
 * pahole for @obj: the audited structs, then (a few rounds) the types they
 * embed, whose alignment the placement needs. Returns the number of audited
 * layouts at the front of @ls, or -1 with error() said (the object is
 * unusable: no DWARF, pahole failed).
 */
static long read_layouts(const struct layout_run *r, const char *obj, char **names, size_t n,
			 struct zt_layouts *ls)
{
	size_t n_audit, nf;

	if (zt_pahole_run(obj, names, n, &r->po, ls) < 0)
		return -1;
	/* DWARF that names no struct pahole can print: never an empty, clean audit */
	if (!ls->n && !ls->n_not_found && !ls->n_skipped)
		return error("%s: pahole printed no struct (split DWARF -gsplit-dwarf, -g1, type "
			     "units -fdebug-types-section, or a damaged .debug_info?)", obj);
	warn_skipped(obj, ls, 0);
	n_audit = ls->n;
	nf = ls->n_not_found;
	for (int round = 0; round < 4; round++) {
		char **want = NULL, **refs;
		size_t n_want = 0, n_refs, ns = ls->n_skipped;

		for (size_t i = 0; i < ls->n; i++) {
			n_refs = zt_layout_referenced_types(&ls->v[i], ls, &refs);
			for (size_t j = 0; j < n_refs; j++) {
				bool asked = has(want, n_want, refs[j]);

				for (size_t k = nf; k < ls->n_not_found && !asked; k++)
					asked = !strcmp(ls->not_found[k], refs[j]);
				for (size_t k = 0; k < ls->n_skipped && !asked; k++)
					asked = ls->skipped[k].type &&
						!strcmp(ls->skipped[k].type, refs[j]);
				if (!asked)
					push(&want, &n_want, xstrdup(refs[j]));
			}
			zt_names_free(refs, n_refs);
		}
		if (!n_want) {
			free(want);
			break;
		}
		if (zt_pahole_run(obj, want, n_want, &r->po, ls) < 0) {
			zt_names_free(want, n_want);
			return -1;
		}
		warn_skipped(obj, ls, ns);
		zt_names_free(want, n_want);
	}
	/* types only looked up for alignment: not being found is not the user's problem */
	for (size_t k = nf; k < ls->n_not_found; k++)
		free(ls->not_found[k]);
	ls->n_not_found = nf;
	return (long)n_audit;
}

/*
 * --apply: rewrite the definition of rep->l under the copy. DWARF names the
 * file in the tree the objects were built from, relative paths relative to
 * the directory @obj was compiled in: with -s SRC, a file under SRC is
 * rewritten at the same relative place under the --apply directory.
 */
static int apply_one(const struct layout_run *r, const struct zt_struct_report *rep,
		     const char *obj)
{
	struct zt_struct_report moved = *rep;
	struct zt_layout l = *rep->l;
	char *rel = NULL, *comp_dir = NULL, *abs = NULL;
	int ret = -1;

	if (rep->have_suggestion && l.decl_file && l.decl_file[0] != '/') {
		comp_dir = zt_object_comp_dir(obj);
		if (!comp_dir)
			return error("struct %s: %s names its file relative to a directory "
				     "it does not say (%s)", l.name, obj, l.decl_file);
		abs = xasprintf("%s/%s", comp_dir, l.decl_file);
		l.decl_file = abs;
	}
	if (r->source_dir && rep->have_suggestion && l.decl_file)
		rel = zt_real_path_under(r->source_real, l.decl_file);
	if (rel) {
		/* absolute: libclang runs in the compile command's directory */
		l.decl_file = xasprintf("%s/%s", r->apply_real, rel);
	}
	moved.l = &l;
	ret = zt_layout_apply(&moved, r->apply_dir, r->apply_args);
	if (rel)
		free(l.decl_file);
	free(rel);
	free(abs);
	free(comp_dir);
	return ret;
}

/* Did pahole print @name in @ls, even in a shape we skipped? */
static bool printed(const struct zt_layouts *ls, long n_audit, const char *name)
{
	for (long k = 0; k < n_audit; k++)
		if (!strcmp(ls->v[k].name, name))
			return true;
	for (size_t k = 0; k < ls->n_skipped; k++)
		if (ls->skipped[k].type && !strcmp(ls->skipped[k].type, name))
			return true;
	return false;
}

/*
 * Read every object; one that cannot be read (no DWARF, pahole fails) is
 * warned about and left out (n_audit -1). Returns how many were read.
 */
static size_t read_objects(const struct layout_run *r, char **names, size_t n_names,
			   struct zt_layouts *ls, long *n_audit)
{
	char *why = NULL;
	size_t good = 0;

	for (size_t o = 0; o < r->n_objs; o++) {
		/* with several objects a bad one is a warning: its error is kept quiet */
		bool quiet = zt_quiet_errors(r->n_objs > 1);

		n_audit[o] = read_layouts(r, r->objs[o], names, n_names, &ls[o]);
		zt_quiet_errors(quiet);
		if (n_audit[o] < 0) {
			free(why);
			why = xstrdup(zt_last_error());
			if (r->n_objs > 1)
				warning("%s; skipped", why);
			zt_layouts_release(&ls[o]);
			continue;
		}
		good++;
	}
	if (!good && r->n_objs > 1)
		error("no object could be read (last: %s)", why);
	free(why);
	return good;
}

/* --struct narrows the audit; otherwise every record the hot fields name. */
static size_t struct_names(const struct layout_run *r, char ***names)
{
	size_t n = 0;

	if (!r->n_structs)
		return zt_layout_rules_records(&r->lr, names);
	for (size_t i = 0; i < r->n_structs; i++)
		push(names, &n, xstrdup(r->structs[i]));
	return n;
}

/* One audited struct in the run's "structs" list. */
static json_t *struct_json(const struct zt_layout *l, const char *obj,
			   const struct zt_struct_report *rep)
{
	json_t *j = json_pack("{s:s, s:s, s:s, s:I, s:i, s:i, s:b}", "record", l->name,
			      "kind", l->is_union ? "union" : "struct", "object", obj,
			      "size", (json_int_t)l->sum.size, "cachelines", (int)l->lines,
			      "hot_span", (int)rep->hot_span, "verified", rep->verified);

	json_object_set_new(j, "reproduced", json_boolean(rep->reproduced));
	if (!rep->verified)
		json_object_set_new(j, "unverified", json_string(rep->why_unverified ?
								 rep->why_unverified : ""));
	return j;
}

/*
 * With -p and no --struct, pahole read every struct (or those the hot-fields
 * files name): audit the ones the code touches.
 */
static bool audited(const struct layout_run *r, const char *name)
{
	char **recs;
	size_t n;
	bool yes;

	if (!r->build_dir || r->n_structs || r->diff)
		return true;
	n = zt_layout_rules_records(&r->lr, &recs);
	yes = has(recs, n, name);
	zt_names_free(recs, n);
	return yes;
}

/*
 * --format=html: the page, with the findings as the text report shows them
 * (after suppressions and the baseline) at its end; the exit code is the
 * text report's.
 */
static int finish_html(struct zt_ctx *ctx, struct layout_run *r, struct zt_findings *fs,
		       json_t *info, const struct zt_layout_html *html)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len), *out = ctx->out;
	int ret;

	if (!mem) {
		error("cannot buffer the findings: %s", strerror(errno));
		return ZT_EXIT_INTERNAL;
	}
	r->out.format = ZT_FORMAT_TEXT;
	ctx->out = mem;
	ret = zt_ci_finish(ctx, fs, info, &r->out, ZT_EXIT_CLEAN);
	ctx->out = out;
	fclose(mem);
	if (ret == ZT_EXIT_CLEAN || ret == ZT_EXIT_FINDINGS)
		zt_layout_html_write(html, "zerotax layout audit", len ? text : NULL, ctx->out);
	free(text);
	return ret;
}

/* The first audited definition of @name, and its object. */
static const struct zt_layout *first_seen(const struct zt_layout **seen_l, const char **seen_o,
					  size_t n, const char *name, const char **obj)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(seen_l[i]->name, name)) {
			*obj = seen_o[i];
			return seen_l[i];
		}
	return NULL;
}

/* Where two definitions of one struct name differ (NULL: they do not). */
static const char *layout_difference(const struct zt_layout *a, const struct zt_layout *b)
{
	if (a->sum.size != b->sum.size)
		return "size";
	if (a->n != b->n)
		return "members";
	for (size_t i = 0; i < a->n; i++) {
		const struct zt_member *x = &a->m[i], *y = &b->m[i];

		if (strcmp(x->name, y->name) || strcmp(x->type, y->type))
			return "members";
		if (x->offset != y->offset || x->size != y->size || x->bit_offset != y->bit_offset ||
		    x->bit_size != y->bit_size)
			return "offsets";
	}
	return NULL;
}

static bool same_layout(const struct zt_layout *a, const struct zt_layout *b)
{
	return !layout_difference(a, b);
}

/*
 * The audit's state, one ladder frees it: the layouts read per object (and
 * how many of each to audit), each struct name audited with its first
 * definition and object, the findings and what the report shows.
 */
struct audit {
	struct zt_layouts *ls;
	long *n_audit;
	char **seen;
	const struct zt_layout **seen_l;
	const char **seen_o;
	size_t n_seen;
	struct zt_findings fs;
	json_t *structs;
	struct zt_layout_html html;
};

/* With -p: the AST pass, unless no object has a struct to audit; 0 or -1. */
static int ast_if_needed(struct zt_ctx *ctx, struct layout_run *r, const struct audit *a)
{
	bool any = false;

	if (!r->build_dir)
		return 0;
	for (size_t o = 0; o < r->n_objs; o++)
		any |= a->n_audit[o] > 0;
	if (!any) {
		note("no struct to audit in the objects: AST pass skipped");
		return 0;
	}
	return ast_pass(ctx, r) ? -1 : 0;
}

/* A struct asked for must be in some object: 0, or -1 with error() said. */
static int find_explicit(const struct layout_run *r, const struct audit *a)
{
	for (size_t i = 0; i < r->n_explicit; i++) {
		const char *name = r->explicit[i];
		bool found = false;

		for (size_t o = 0; o < r->n_objs && !found; o++)
			found = printed(&a->ls[o], a->n_audit[o], name);
		if (!found)
			return error("type '%s' not found in %s%s", name, r->objs[0],
				     r->n_objs > 1 ? " or the other objects" : "");
	}
	return 0;
}

static void remember(struct audit *a, const struct zt_layout *l, const char *obj)
{
	push(&a->seen, &a->n_seen, xstrdup(l->name));
	a->seen_l = xrealloc(a->seen_l, a->n_seen * sizeof(*a->seen_l));
	a->seen_o = xrealloc(a->seen_o, a->n_seen * sizeof(*a->seen_o));
	a->seen_l[a->n_seen - 1] = l;
	a->seen_o[a->n_seen - 1] = obj;
}

/* Struct @l of object @o: analysed, reported, applied with --apply; 0 or -1. */
static int audit_struct(struct zt_ctx *ctx, const struct layout_run *r, struct audit *a, size_t o,
			const struct zt_layout *l)
{
	const struct zt_layout *twin;
	const char *twin_obj = NULL;
	struct zt_struct_report rep;
	int ret = 0;

	if (!audited(r, l->name))
		return 0;
	/* a header's struct is in every object that uses it: once is enough */
	twin = first_seen(a->seen_l, a->seen_o, a->n_seen, l->name, &twin_obj);
	if (twin && same_layout(twin, l))
		return 0;
	if (twin)
		warning("struct %s of %s differs from the one in %s (%s): both audited", l->name,
			r->objs[o], twin_obj, layout_difference(twin, l));
	remember(a, l, r->objs[o]);
	zt_struct_analyze(l, r->objs[o], &a->ls[o], &r->lr, &rep);
	for (size_t u = 0; u < rep.n_unknown; u++)
		warning("%s: hot field '%s' is not a member of %s", r->objs[o],
			rep.unknown_fields[u], l->name);
	if (ctx->verbose && ctx->format == ZT_FORMAT_TEXT)
		zt_struct_report_print(&rep, ctx->err);
	json_array_append_new(a->structs, struct_json(l, r->objs[o], &rep));
	if (ctx->format == ZT_FORMAT_HTML)
		zt_layout_html_add(&a->html, &rep);
	zt_layout_findings(&rep, r->checks.on, &a->fs);
	if (r->apply_dir && apply_one(r, &rep, r->objs[o]) < 0)
		ret = -1;
	zt_struct_report_release(&rep);
	return ret;
}

/* The findings, after suppressions and baselines as for every other finding; the exit code. */
static int finish_audit(struct zt_ctx *ctx, struct layout_run *r, struct audit *a, json_t *info)
{
	zt_findings_sort(&a->fs);
	json_object_set_new(info, "structs", a->structs);
	a->structs = NULL;
	json_object_set_new(info, "cacheline",
			    json_integer(r->po.cacheline ? r->po.cacheline : 64));
	r->out.command = "layout";
	r->out.format = ctx->format == ZT_FORMAT_JSON || ctx->format == ZT_FORMAT_SARIF ?
			ctx->format : ZT_FORMAT_TEXT;
	r->out.allow_dirs[0] = ".";
	if (ctx->format == ZT_FORMAT_HTML)
		return finish_html(ctx, r, &a->fs, info, &a->html);
	return zt_ci_finish(ctx, &a->fs, info, &r->out, ZT_EXIT_CLEAN);
}

/* The audit: objects, AST pass, each struct, findings. */
static int audit(struct zt_ctx *ctx, struct layout_run *r)
{
	struct audit a = {
		.ls = xcalloc(r->n_objs, sizeof(*a.ls)),
		.n_audit = xcalloc(r->n_objs, sizeof(*a.n_audit)),
	};
	char **names = NULL;
	size_t n_names;
	int ret = ZT_EXIT_INPUT;
	json_t *info = json_object();

	a.structs = json_array();
	zt_layout_html_init(&a.html, r->po.cacheline);
	/* pahole first (cheap): the AST pass only runs when there is something to audit */
	n_names = struct_names(r, &names);
	if (!read_objects(r, names, n_names, a.ls, a.n_audit) || ast_if_needed(ctx, r, &a) ||
	    find_explicit(r, &a))
		goto out;
	for (size_t o = 0; o < r->n_objs; o++)
		for (long k = 0; k < a.n_audit[o]; k++)
			if (audit_struct(ctx, r, &a, o, &a.ls[o].v[k]))
				goto out;
	ret = finish_audit(ctx, r, &a, info);
out:
	zt_layout_html_release(&a.html);
	json_decref(a.structs);
	json_decref(info);
	zt_findings_release(&a.fs);
	for (size_t o = 0; o < r->n_objs; o++)
		zt_layouts_release(&a.ls[o]);
	free(a.ls);
	free(a.n_audit);
	zt_names_free(names, n_names);
	zt_names_free(a.seen, a.n_seen);
	free(a.seen_l);
	free(a.seen_o);
	return ret;
}

struct side {
	struct zt_layouts ls;
	long n;
};

static const struct zt_layout *side_find(const struct side *s, const char *name)
{
	for (long k = 0; k < s->n; k++)
		if (!strcmp(s->ls.v[k].name, name))
			return &s->ls.v[k];
	return NULL;
}

static int diff(struct zt_ctx *ctx, struct layout_run *r)
{
	struct side sd[2] = { 0 };
	char **names = NULL, **all = NULL;
	size_t n_names, n_all = 0;
	int ret = ZT_EXIT_INPUT;
	bool grew = false;
	json_t *arr = json_array();

	n_names = struct_names(r, &names);
	for (int s = 0; s < 2; s++) {
		sd[s].n = read_layouts(r, r->objs[s], names, n_names, &sd[s].ls);
		if (sd[s].n < 0)
			goto out;	/* a diff needs both sides; error() said why */
	}
	for (size_t i = 0; i < r->n_explicit; i++)
		if (!side_find(&sd[0], r->explicit[i]) && !side_find(&sd[1], r->explicit[i])) {
			error("type '%s' not found in %s or %s", r->explicit[i], r->objs[0],
			      r->objs[1]);
			goto out;
		}
	for (int s = 0; s < 2; s++)
		for (long k = 0; k < sd[s].n; k++)
			if (!has(all, n_all, sd[s].ls.v[k].name))
				push(&all, &n_all, xstrdup(sd[s].ls.v[k].name));
	for (size_t i = 0; i < n_all; i++) {
		const struct zt_layout *a = side_find(&sd[0], all[i]), *b = side_find(&sd[1], all[i]);
		struct zt_struct_report ra, rb;
		bool asked = has(r->explicit, r->n_explicit, all[i]);

		if (!a || !b) {
			const struct zt_layout *x = a ? a : b;

			if (ctx->format == ZT_FORMAT_TEXT)
				fprintf(ctx->out, "struct %s: %s (%lu bytes, %u cache lines)\n", all[i],
					a ? "removed" : "new", x->sum.size, x->lines);
			json_array_append_new(arr, json_pack("{s:s, s:s, s:I, s:i}", "record", all[i],
				"change", a ? "removed" : "new", "size", (json_int_t)x->sum.size,
				"cachelines", (int)x->lines));
			continue;
		}
		zt_struct_analyze(a, r->objs[0], &sd[0].ls, &r->lr, &ra);
		zt_struct_analyze(b, r->objs[1], &sd[1].ls, &r->lr, &rb);
		if (asked || a->sum.size != b->sum.size || a->lines != b->lines ||
		    ra.hot_span != rb.hot_span) {
			if (ctx->format == ZT_FORMAT_TEXT)
				fprintf(ctx->out, "struct %s: %lu -> %lu bytes, %u -> %u cache lines, "
					"hot span %u -> %u\n", all[i], a->sum.size, b->sum.size,
					a->lines, b->lines, ra.hot_span, rb.hot_span);
			json_array_append_new(arr, json_pack("{s:s, s:s, s:[I,I], s:[i,i], s:[i,i]}",
				"record", all[i], "change", "changed", "size", (json_int_t)a->sum.size,
				(json_int_t)b->sum.size, "cachelines", (int)a->lines, (int)b->lines,
				"hot_span", (int)ra.hot_span, (int)rb.hot_span));
		}
		grew |= b->lines > a->lines || rb.hot_span > ra.hot_span;
		zt_struct_report_release(&ra);
		zt_struct_report_release(&rb);
	}
	if (ctx->format != ZT_FORMAT_TEXT) {
		json_t *doc = json_pack("{s:s, s:s, s:i, s:s, s:s, s:s, s:O}", "tool", "zerotax",
					"version", ZT_VERSION, "schema", 1, "command", "layout-diff",
					"old", r->objs[0], "new", r->objs[1], "structs", arr);

		json_dumpf(doc, ctx->out, JSON_INDENT(2));
		fputc('\n', ctx->out);
		json_decref(doc);
	}
	ret = grew ? ZT_EXIT_FINDINGS : ZT_EXIT_CLEAN;
out:
	json_decref(arr);
	for (int s = 0; s < 2; s++)
		zt_layouts_release(&sd[s].ls);
	zt_names_free(names, n_names);
	zt_names_free(all, n_all);
	return ret;
}

int do_layout(struct zt_ctx *ctx, int argc, char **argv)
{
	struct layout_run r = { 0 };
	int ret;

	zt_check_set_defaults(&r.checks);
	ret = parse_args(ctx, argc, argv, &r);
	if (ret <= 0) {
		ret = ret ? ZT_EXIT_USAGE : ZT_EXIT_CLEAN;
		goto out;
	}
	ret = ZT_EXIT_INPUT;
	for (size_t i = 0; i < r.hot_field_files.n; i++)
		if (zt_layout_rules_load(r.hot_field_files.v[i], &r.lr))
			goto out;
	/* structs the AST pass sees but the objects lack are not the user's error */
	if (r.n_structs) {
		for (size_t i = 0; i < r.n_structs; i++)
			push(&r.explicit, &r.n_explicit, xstrdup(r.structs[i]));
	} else {
		r.n_explicit = zt_layout_rules_records(&r.lr, &r.explicit);
	}
	/* --diff reads no AST; the audit runs the pass after pahole */
	if (r.build_dir && r.diff && ast_pass(ctx, &r))
		goto out;
	if (r.apply_dir && (zt_journal_refuse_above(r.apply_dir) ||
			    !(r.apply_args = zt_layout_apply_args(r.build_dir))))
		goto out;
	ret = r.diff ? diff(ctx, &r) : audit(ctx, &r);
out:
	zt_strvec_clear(&r.hot);
	zt_strvec_clear(&r.rules_files);
	zt_strvec_clear(&r.hot_field_files);
	zt_names_free(r.structs, r.n_structs);
	zt_names_free(r.explicit, r.n_explicit);
	free(r.objs);
	zt_argv_free(r.apply_args);
	zt_layout_rules_release(&r.lr);
	return ret;
}

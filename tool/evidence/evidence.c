// SPDX-License-Identifier: GPL-2.0-only
/*
 * The evidence compile: rebuild one TU with gcc-12 or clang-19, the build's
 * own flags plus -ftrivial-auto-var-init=zero and the switches that make the
 * compiler say what survived, then read what it wrote. See docs/evidence.md.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmdline.h"
#include "evidence.h"
#include "process.h"
#include "strbuf.h"
#include "zerotax.h"


/* A kernel TU compiles in seconds; five minutes is a hang. */
#define EVIDENCE_TIMEOUT_MS (300 * 1000)
/* Each retry drops the options the compiler named as unknown. */
#define MAX_RETRIES 12

extern char **environ;

struct zt_autoinit_site *zt_evidence_add_site(struct zt_evidence *ev)
{
	struct zt_autoinit_site *s;

	ZT_ALLOC_GROW(ev->sites, ev->n_sites + 1, ev->alloc_sites);
	s = &ev->sites[ev->n_sites++];
	memset(s, 0, sizeof(*s));
	s->var_size = -1;
	return s;
}

struct zt_frame_size *zt_evidence_add_frame(struct zt_evidence *ev)
{
	struct zt_frame_size *f;

	ZT_ALLOC_GROW(ev->frames, ev->n_frames + 1, ev->alloc_frames);
	f = &ev->frames[ev->n_frames++];
	memset(f, 0, sizeof(*f));
	return f;
}

char *zt_source_function_name(const char *s, size_t len)
{
	const char *dot = memchr(s, '.', len);

	/* C identifiers have no dots: foo.constprop.0, foo.isra.0, foo.part.0, foo.cold */
	if (dot && dot != s)
		len = (size_t)(dot - s);
	return xstrndup(s, len);
}

void zt_evidence_release(struct zt_evidence *ev)
{
	for (size_t i = 0; i < ev->n_sites; i++) {
		free(ev->sites[i].function);
		free(ev->sites[i].var);
		free(ev->sites[i].file);
	}
	for (size_t i = 0; i < ev->n_frames; i++) {
		free(ev->frames[i].function);
		free(ev->frames[i].file);
	}
	free(ev->sites);
	free(ev->frames);
	free(ev->compiler_id);
	memset(ev, 0, sizeof(*ev));
}

static bool str_eq(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

static bool same_decl(const struct zt_autoinit_site *a, const struct zt_autoinit_site *b)
{
	/* without a location (gcc without -lineno) each record is its own declaration */
	if (!a->file || !b->file)
		return a == b;
	return !strcmp(a->file, b->file) && a->line == b->line && a->column == b->column;
}

/*
 * Sum the sites @match selects: per declaration (location) the sum is capped at
 * the variable's size, because an unrolled loop or a duplicated path repeats
 * the same zeroing; distinct declarations add up.
 */
static long long sum_sites(const struct zt_evidence *ev,
			   bool (*match)(const struct zt_autoinit_site *, const void *),
			   const void *arg)
{
	long long total = -1;
	bool known = false;

	for (size_t i = 0; i < ev->n_sites; i++) {
		const struct zt_autoinit_site *s = &ev->sites[i];
		long long decl = 0, size = s->var_size;
		bool seen = false, decl_known = false;

		if (!match(s, arg))
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = match(&ev->sites[j], arg) && same_decl(&ev->sites[j], s);
		if (seen)
			continue;	/* counted with its first site */
		for (size_t j = i; j < ev->n_sites; j++) {
			const struct zt_autoinit_site *t = &ev->sites[j];

			if (!match(t, arg) || !same_decl(t, s))
				continue;
			if (t->var_size > size)
				size = t->var_size;
			if (t->bytes >= 0) {
				decl += t->bytes;
				decl_known = true;
			}
		}
		if (size >= 0 && decl > size)
			decl = size;
		if (total < 0)
			total = 0;
		if (decl_known) {
			total += decl;
			known = true;
		}
	}
	if (total == 0 && !known)
		return ZT_BYTES_UNKNOWN;
	return total;
}

struct by_name {
	const char *function, *var;
};

static bool match_name(const struct zt_autoinit_site *s, const void *arg)
{
	const struct by_name *k = arg;

	return str_eq(s->function, k->function) && str_eq(s->var, k->var);
}

long long zt_evidence_bytes(const struct zt_evidence *ev, const char *function, const char *var)
{
	struct by_name k = { function, var };

	return sum_sites(ev, match_name, &k);
}

struct by_loc {
	const char *file;
	unsigned int line, column;
};

static bool match_loc(const struct zt_autoinit_site *s, const void *arg)
{
	const struct by_loc *k = arg;

	return str_eq(s->file, k->file) && s->line == k->line &&
	       (!k->column || s->column == k->column);
}

long long zt_evidence_bytes_at(const struct zt_evidence *ev, const char *file, unsigned int line,
			       unsigned int column)
{
	struct by_loc k = { file, line, column };

	return sum_sites(ev, match_loc, &k);
}

long long zt_evidence_frame(const struct zt_evidence *ev, const char *function, bool *dynamic)
{
	long long best = -1;

	for (size_t i = 0; i < ev->n_frames; i++) {
		const struct zt_frame_size *f = &ev->frames[i];

		if (!str_eq(f->function, function) || f->bytes <= best)
			continue;
		best = f->bytes;
		if (dynamic)
			*dynamic = f->dynamic;
	}
	return best;
}

/* ---- the compile command ---- */

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Link-time only: meaningless with -c, and a stray one must not reach the compile. */
static const char *const drop_pair[] = {
	"-L", "-l", "-T", "-Tbss", "-Tdata", "-Ttext", "-u", "-z", "-e", "--entry", "-Xlinker",
	"--for-linker", "--force-link", "--library-directory", "-rpath",
};
/* clang-only two-word options, dropped for gcc. */
static const char *const clang_only_pair[] = { "-Xclang", "-mllvm", "-target", "-arch" };

/*
 * Dropped alone (what writes a file is cmdline.c's to know): what we set
 * ourselves, and what breaks a rebuild.
 */
static const char *const drop_exact[] = {
	"-c", "-S", "-E", "-pipe",
	"-enable-trivial-auto-var-init-zero-knowing-it-will-be-removed-from-clang",
	"-pedantic-errors", "-fno-save-optimization-record",
};
static const char *const drop_prefix[] = {
	"-foptimization-record-", "-ftrivial-auto-var-init", "-Werror", "-fplugin", "-flto",
	"-fprofile", "-fauto-profile", "-ffile-prefix-map", "-fdebug-prefix-map",
};

/* gcc-only options kernel builds use, dropped for clang without a retry. */
static const char *const gcc_only_prefix[] = {
	"-fconserve-stack", "-fno-var-tracking", "-mindirect-branch", "-fno-allow-store-data-races",
	"-mpreferred-stack-boundary=", "-mskip-rax-setup", "-fno-ipa-", "-fipa-",
	"-mrecord-mcount", "-fno-tree-", "-mno-fp-ret-in-387", "--param",
};
/* clang-only options, dropped for gcc. */
static const char *const clang_only_prefix[] = {
	"-mretpoline-external-thunk", "-Qunused-arguments", "-mstack-alignment=", "--target=",
	"-fintegrated-as", "-fno-integrated-as", "-fsanitize=kcfi", "-fsplit-lto-unit",
	"-Wno-gnu", "-mno-global-merge", "-fexperimental-",
};

static bool in_list(const char *s, const char *const *list, size_t n, bool prefix)
{
	for (size_t i = 0; i < n; i++)
		if (prefix ? starts(s, list[i]) : !strcmp(s, list[i]))
			return true;
	return false;
}

static bool is_rejected(const struct zt_strvec *r, const char *arg)
{
	for (size_t i = 0; i < r->n; i++)
		if (starts(arg, r->v[i]))
			return true;
	return false;
}

/* Is this -O level one to keep? -O0 would measure nothing a kernel runs. */
static bool useful_opt_level(const char *a)
{
	return !strcmp(a, "-O1") || !strcmp(a, "-O2") || !strcmp(a, "-O3") || !strcmp(a, "-Os") ||
	       !strcmp(a, "-O") || !strcmp(a, "-Oz");
}

struct filter {
	enum zt_compiler which, from;
	const struct zt_strvec *rej;
	bool have_opt;
};

/* Is option @a of the build's command one the evidence compile for f->which keeps? */
static bool keep_flag(const struct zt_cc_arg *a, void *data)
{
	struct filter *f = data;
	const char *w = a->word;

	if (zt_cmdline_writes_file(a) || in_list(w, drop_pair, ARRAY_SIZE(drop_pair), false))
		return false;
	if (f->which == ZT_CC_GCC && in_list(w, clang_only_pair, ARRAY_SIZE(clang_only_pair), false))
		return false;
	if (a->n_val) {
		if (f->which == ZT_CC_CLANG && !strcmp(w, "--param"))
			return false;
		return !is_rejected(f->rej, w);
	}
	/* debug info is ours to choose (line tables); -gsplit-dwarf would write a .dwo */
	if (starts(w, "-g"))
		return false;
	if (starts(w, "-L") || starts(w, "-l"))
		return false;
	if (in_list(w, drop_exact, ARRAY_SIZE(drop_exact), false) ||
	    in_list(w, drop_prefix, ARRAY_SIZE(drop_prefix), true))
		return false;
	if (starts(w, "-O")) {
		if (!useful_opt_level(w))
			return false;
		f->have_opt = true;
		return true;
	}
	if (f->which == ZT_CC_CLANG && f->from != ZT_CC_CLANG &&
	    in_list(w, gcc_only_prefix, ARRAY_SIZE(gcc_only_prefix), true))
		return false;
	if (f->which == ZT_CC_GCC && in_list(w, clang_only_prefix, ARRAY_SIZE(clang_only_prefix), true))
		return false;
	return !is_rejected(f->rej, w);
}

/*
 * The build's flags for @which (cmdline.c keeps each option with its values):
 * outputs and dependency files go, the other compiler's options go, the
 * input goes: we add the file ourselves.
 */
static void filter_flags(const struct zt_compile_cmd *cmd, enum zt_compiler which,
			 const struct zt_strvec *rej, struct zt_strvec *out, bool *have_opt)
{
	struct filter f = {
		.which = which,
		.from = zt_compiler_of(cmd->argv, cmd->argc),
		.rej = rej,
	};

	zt_cmdline_rebuild(cmd, keep_flag, &f, out);
	*have_opt = f.have_opt;
}

/* Does @rej drop more of the build's flags than the @kept ones the last attempt used? */
static bool drops_more(const struct zt_compile_cmd *cmd, enum zt_compiler which,
		       const struct zt_strvec *rej, size_t kept)
{
	struct zt_strvec next = { 0 };
	bool have_opt;
	size_t n;

	filter_flags(cmd, which, rej, &next, &have_opt);
	n = next.n;
	zt_strvec_clear(&next);
	return n < kept;	/* rejections only ever remove flags */
}

/* The first @max lines of a compiler's stderr, for an error message. */
static char *first_lines(const char *s, int max)
{
	const char *p = s;

	for (int i = 0; i < max && p && *p; i++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p || !*p)
		p = s + strlen(s);
	while (p > s && (p[-1] == '\n' || p[-1] == ' '))
		p--;
	return xstrndup(s, (size_t)(p - s));
}

static char *absolute_in(const char *dir, const char *path)
{
	char resolved[PATH_MAX];
	char *joined;

	if (path[0] != '/' && dir)
		joined = xasprintf("%s/%s", dir, path);
	else
		joined = xstrdup(path);
	if (realpath(joined, resolved)) {
		free(joined);
		return xstrdup(resolved);
	}
	return joined;
}

struct source_cache {
	char *path;
	char *text;
	size_t len;
};

/* The identifier at @line:@column of @path, or NULL. */
static char *ident_at(struct source_cache *c, const char *path, unsigned int line,
		      unsigned int column)
{
	const char *p, *e;

	if (!c->path || strcmp(c->path, path)) {
		free(c->path);
		free(c->text);
		c->path = xstrdup(path);
		c->text = NULL;
		if (zt_read_file(path, &c->text, &c->len))
			c->text = NULL;
	}
	if (!c->text || !line || !column)
		return NULL;
	p = c->text;
	for (unsigned int l = 1; l < line; l++) {
		p = strchr(p, '\n');
		if (!p)
			return NULL;
		p++;
	}
	for (unsigned int col = 1; col < column; col++, p++)
		if (!*p || *p == '\n')
			return NULL;
	if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		return NULL;
	for (e = p; *e == '_' || (*e >= 'a' && *e <= 'z') || (*e >= 'A' && *e <= 'Z') ||
		    (*e >= '0' && *e <= '9'); e++)
		;
	return xstrndup(p, (size_t)(e - p));
}

/*
 * Make locations absolute, name the variables clang left <unknown> (the
 * location is the declarator's name), and mark a site inlined when its
 * declaration is provably outside the function it ended up in: another file,
 * before the function's start, or past the start of the next emitted function.
 */
static void finish_sites(struct zt_evidence *ev, const char *dir)
{
	struct source_cache cache = { 0 };

	for (size_t i = 0; i < ev->n_frames; i++) {
		struct zt_frame_size *f = &ev->frames[i];

		if (f->file) {
			char *abs = absolute_in(dir, f->file);

			free(f->file);
			f->file = abs;
		}
	}
	for (size_t i = 0; i < ev->n_sites; i++) {
		struct zt_autoinit_site *s = &ev->sites[i];
		const struct zt_frame_size *home = NULL;

		if (!s->file)
			continue;
		{
			char *abs = absolute_in(dir, s->file);

			free(s->file);
			s->file = abs;
		}
		if (!s->var)
			s->var = ident_at(&cache, s->file, s->line, s->column);
		for (size_t j = 0; j < ev->n_frames; j++)
			if (str_eq(ev->frames[j].function, s->function) && ev->frames[j].file)
				home = &ev->frames[j];
		if (!home)
			continue;
		if (strcmp(home->file, s->file) || s->line < home->line) {
			s->inlined = true;
			continue;
		}
		for (size_t j = 0; j < ev->n_frames; j++) {
			const struct zt_frame_size *g = &ev->frames[j];

			if (g != home && str_eq(g->file, home->file) && g->line > home->line &&
			    g->line <= s->line)
				s->inlined = true;
		}
	}
	free(cache.path);
	free(cache.text);
}

/*
 * One site per declaration and function: an unrolled loop's or a duplicated
 * path's copies of one zeroing become one site, its bytes summed and capped at
 * the variable's size (see sum_sites), so a consumer may simply add sites up.
 */
static void merge_sites(struct zt_evidence *ev)
{
	size_t out = 0;

	for (size_t i = 0; i < ev->n_sites; i++) {
		struct zt_autoinit_site *s = &ev->sites[i], *keep = NULL;

		for (size_t j = 0; j < out && !keep; j++)
			if (str_eq(ev->sites[j].function, s->function) && s->file &&
			    same_decl(&ev->sites[j], s))
				keep = &ev->sites[j];
		if (!keep) {
			ev->sites[out++] = *s;
			continue;
		}
		if (s->var_size > keep->var_size)
			keep->var_size = s->var_size;
		if (s->bytes >= 0)
			keep->bytes = keep->bytes >= 0 ? keep->bytes + s->bytes : s->bytes;
		if (keep->var_size >= 0 && keep->bytes > keep->var_size)
			keep->bytes = keep->var_size;
		keep->inlined |= s->inlined;
		if (!keep->var) {
			keep->var = s->var;
			s->var = NULL;
		}
		free(s->function);
		free(s->var);
		free(s->file);
	}
	ev->n_sites = out;
}

static char **env_c_locale(void)
{
	size_t n = 0, k = 0;
	char **env;

	while (environ[n])
		n++;
	env = xcalloc(n + 2, sizeof(*env));
	for (size_t i = 0; i < n; i++)
		if (!starts(environ[i], "LC_ALL=") && !starts(environ[i], "LANG=") &&
		    !starts(environ[i], "LANGUAGE="))
			env[k++] = environ[i];
	env[k++] = "LC_ALL=C";
	env[k] = NULL;
	return env;
}

static int read_optional(const char *path, char **text, size_t *len)
{
	if (zt_read_file(path, text, len) == 0)
		return 0;
	*text = NULL;
	*len = 0;
	return errno == ENOENT ? 0 : -1;
}

int zt_evidence_read(enum zt_compiler which, const char *rec, const char *su,
		     const struct zt_compile_cmd *cmd, struct zt_evidence *ev)
{
	const char *cc_name = zt_compiler_label(which);
	char *text = NULL;
	size_t len;
	int ret = -1;

	if (read_optional(rec, &text, &len)) {
		error("evidence: cannot read %s: %s", rec, strerror(errno));
		goto out;
	}
	if (text && (which == ZT_CC_CLANG ? zt_remarks_parse(text, len, ev) :
		     zt_gcc_dump_parse(text, ev))) {
		error("evidence: cannot read what %s said about %s", cc_name, cmd->file);
		goto out;
	}
	free(text);
	text = NULL;
	if (read_optional(su, &text, &len)) {
		error("evidence: cannot read %s: %s", su, strerror(errno));
		goto out;
	}
	if (text && zt_stack_usage_parse(text, ev))
		goto out;
	finish_sites(ev, cmd->directory);
	merge_sites(ev);
	ret = 0;
out:
	free(text);
	return ret;
}

/*
 * The canary: a function every evidence compile gets (-include), with a local
 * whose address escapes, so its zeroing always survives. When the record does
 * not show it, the compile wrote no evidence -- it stopped before code
 * generation (-fsyntax-only, -x c-header, --analyze), ran no optimizer pass
 * (-Xclang -disable-llvm-passes, -mllvm -disable-llvm-optzns), or emitted the
 * zeroing without its annotation (KASAN: -fsanitize=kernel-address) -- and
 * "no record" must not be read as "the optimizer removed all the zeroing".
 */
#define CANARY_FN "__zerotax_evidence_canary"
#define CANARY_BYTES 64
static const char canary_text[] =
	"void " CANARY_FN "_use(char *);\n"
	"void " CANARY_FN "(void);\n"
	"void " CANARY_FN "(void)\n{\n\tchar " CANARY_FN "_buf[64];\n\n\t"
	CANARY_FN "_use(" CANARY_FN "_buf);\n}\n";

/* An option of @cmd that explains a missing record, for the message. */
static const char *evidence_hider(const struct zt_compile_cmd *cmd)
{
	static const char *const known[] = {
		"-fsanitize=kernel-address", "-fsanitize=address", "-fsanitize=kernel-hwaddress",
		"-disable-llvm-passes", "-disable-llvm-optzns", "-fsyntax-only", "--analyze",
		"c-header", "-O0",
	};

	for (size_t i = 0; i < cmd->argc; i++)
		for (size_t k = 0; k < ARRAY_SIZE(known); k++)
			if (cmd->argv[i] && strstr(cmd->argv[i], known[k]))
				return cmd->argv[i];
	return NULL;
}

/* The canary's sites and frame taken out of @ev; whether its zeroing was recorded. */
static bool take_canary(struct zt_evidence *ev, long long *frame)
{
	bool seen = false;
	size_t k = 0;

	*frame = -1;
	for (size_t i = 0; i < ev->n_sites; i++) {
		struct zt_autoinit_site *s = &ev->sites[i];

		if (!str_eq(s->function, CANARY_FN)) {
			ev->sites[k++] = *s;
			continue;
		}
		seen |= s->bytes > 0 || s->bytes == ZT_BYTES_UNKNOWN;
		free(s->function);
		free(s->var);
		free(s->file);
	}
	ev->n_sites = k;
	k = 0;
	for (size_t i = 0; i < ev->n_frames; i++) {
		struct zt_frame_size *f = &ev->frames[i];

		if (!str_eq(f->function, CANARY_FN)) {
			ev->frames[k++] = *f;
			continue;
		}
		*frame = f->bytes;
		free(f->function);
		free(f->file);
	}
	ev->n_frames = k;
	return seen;
}

/* After a compile that exited 0: did it write evidence? 0, or -1 with error() said. */
static int check_evidence(const char *cc_name, const struct zt_compile_cmd *cmd, const char *obj,
			  struct zt_evidence *ev)
{
	const char *why = evidence_hider(cmd);
	long long frame;
	bool seen = take_canary(ev, &frame);

	if (access(obj, F_OK))
		return error("evidence: %s compiled %s but wrote no object code (%s): no evidence, "
			     "not zero bytes", cc_name, cmd->file,
			     why ? why : "an option of the build stops it before code generation");
	if (seen)
		return 0;
	if (frame >= CANARY_BYTES)
		return error("evidence: %s compiled %s but recorded no auto-init zeroing, not even "
			     "of its %d-byte canary (%s); its stack usage shows the canary's "
			     "%lld-byte frame, so the zeroing is there but not said: no evidence, "
			     "not zero bytes", cc_name, cmd->file, CANARY_BYTES,
			     why ? why : "an option of the build hides the records", frame);
	return error("evidence: %s compiled %s but recorded no auto-init zeroing, not even of its "
		     "%d-byte canary (%s): no evidence, not zero bytes", cc_name, cmd->file,
		     CANARY_BYTES, why ? why : "an option of the build hides the records");
}

/*
 * Ours first, right after the compiler: no option of the build can
 * take one of them as its value. What the build could override them
 * with (-ftrivial-auto-var-init=, -fdump-*, record options) is filtered.
 */
static void push_ours(struct zt_strvec *argv, const char *prog, enum zt_compiler which,
		      bool have_opt, const char *rec, const char *canary, const char *obj)
{
	char *flag;

	zt_strvec_push(argv, prog);
	if (!have_opt)
		zt_strvec_push(argv, "-O2");
	zt_strvec_push(argv, "-ftrivial-auto-var-init=zero");
	if (which == ZT_CC_CLANG) {
		/* WVarName stays <unknown> at -O2 even with -g: line tables suffice */
		zt_strvec_push(argv, "-gline-tables-only");
		zt_strvec_push(argv, "-fsave-optimization-record");
		zt_strvec_push(argv, "-foptimization-record-passes=annotation-remarks");
		flag = xasprintf("-foptimization-record-file=%s", rec);
	} else {
		flag = xasprintf("-fdump-tree-optimized-lineno=%s", rec);
	}
	zt_strvec_push(argv, flag);
	free(flag);
	zt_strvec_push(argv, "-fstack-usage");
	zt_strvec_push(argv, "-include");
	zt_strvec_push(argv, canary);
	zt_strvec_push(argv, "-w");
	zt_strvec_push(argv, "-c");
	zt_strvec_push(argv, "-o");
	zt_strvec_push(argv, obj);
}

static void compile_failed(const char *cc_name, const struct zt_compile_cmd *cmd,
			   const struct zt_spawn_result *res)
{
	char *why = first_lines(res->err, 4);

	if (res->signal)
		error("evidence: %s failed to compile %s (killed by signal %d): %s",
		      cc_name, cmd->file, res->signal, *why ? why : "no diagnostics");
	else
		error("evidence: %s failed to compile %s (exit %d): %s", cc_name,
		      cmd->file, res->exit_code, *why ? why : "no diagnostics");
	free(why);
}

/* One collection's scratch directory and the files its compile writes there. */
struct scratch {
	char *dir, *obj, *su, *rec, *canary;
};

/* 0, or -1 with error() said (nothing made). */
static int scratch_make(struct scratch *s, enum zt_compiler which, const char *scratch_dir)
{
	s->dir = xasprintf("%s/zt-evidence-XXXXXX", scratch_dir ? scratch_dir : zt_tmpdir());
	if (!mkdtemp(s->dir)) {
		error("evidence: cannot create a scratch directory %s: %s", s->dir,
		      strerror(errno));
		free(s->dir);
		s->dir = NULL;
		return -1;
	}
	s->obj = xasprintf("%s/x.o", s->dir);
	s->su = xasprintf("%s/x.su", s->dir);
	s->rec = xasprintf("%s/%s", s->dir, which == ZT_CC_GCC ? "x.optimized" : "x.opt.yaml");
	s->canary = xasprintf("%s/canary.h", s->dir);
	return 0;
}

static void scratch_remove(struct scratch *s)
{
	unlink(s->canary);
	unlink(s->obj);
	unlink(s->su);
	unlink(s->rec);
	/* what an option of the build wrote there (--analyze's plist) goes with it */
	if (rmdir(s->dir) && zt_remove_tree(s->dir))
		warning("evidence: cannot remove %s: %s", s->dir, strerror(errno));
	free(s->canary);
	free(s->dir);
	free(s->obj);
	free(s->su);
	free(s->rec);
}

/*
 * One attempt's command line in @argv: ours, the build's flags less those
 * filtered or rejected, the file. Returns how many of the build's it kept.
 */
static size_t compile_argv(const struct zt_compile_cmd *cmd, enum zt_compiler which,
			   const struct scratch *s, const struct zt_strvec *rej,
			   struct zt_strvec *argv)
{
	struct zt_strvec build = { 0 };
	bool have_opt;
	size_t kept;

	zt_strvec_clear(argv);
	filter_flags(cmd, which, rej, &build, &have_opt);
	kept = build.n;
	push_ours(argv, zt_compiler_program(which), which, have_opt, s->rec, s->canary, s->obj);
	for (size_t i = 0; i < build.n; i++)
		zt_strvec_push(argv, build.v[i]);
	zt_strvec_clear(&build);
	zt_strvec_push(argv, cmd->file);
	return kept;
}

/*
 * Compile @cmd into @s. The build's options the compiler names as rejected
 * are dropped and the compile tried again, while that drops more, up to
 * MAX_RETRIES times. 0, or -1 with error() said.
 */
static int compile_retrying(const struct zt_compile_cmd *cmd, enum zt_compiler which,
			    const struct scratch *s)
{
	const char *cc_name = zt_compiler_label(which);
	struct zt_strvec rej = { 0 };
	struct zt_strvec argv = { 0 };
	struct zt_spawn_result res = { 0 };
	char **env = env_c_locale();
	int ret = -1;

	for (int attempt = 0; attempt <= MAX_RETRIES; attempt++) {
		struct zt_spawn_opts opts = {
			.cwd = cmd->directory,
			.timeout_ms = EVIDENCE_TIMEOUT_MS,
			.envp = env,
		};
		size_t kept = compile_argv(cmd, which, s, &rej, &argv);

		zt_spawn_result_release(&res);
		if (zt_spawn(argv.v, &opts, &res)) {
			error("evidence: %s could not run on %s: %s", cc_name, cmd->file,
			      zt_spawn_failure(&res));
			break;
		}
		if (res.exit_code == 0) {
			ret = 0;
			break;
		}
		/* retry only when the compiler named options we can still drop */
		if (attempt == MAX_RETRIES || !zt_cmdline_rejected(res.err, &rej) ||
		    !drops_more(cmd, which, &rej, kept)) {
			compile_failed(cc_name, cmd, &res);
			break;
		}
	}
	zt_strvec_clear(&rej);
	zt_strvec_clear(&argv);
	zt_spawn_result_release(&res);
	free(env);
	return ret;
}

int zt_evidence_collect(const struct zt_compile_cmd *cmd, enum zt_compiler which,
			const char *scratch_dir, struct zt_evidence *ev)
{
	const char *cc_name = zt_compiler_label(which);
	struct scratch s = { 0 };
	int ret = -1;

	memset(ev, 0, sizeof(*ev));
	ev->compiler = which;
	if (which != ZT_CC_GCC && which != ZT_CC_CLANG)
		return error("evidence: no compiler chosen for %s", cmd->file);
	if (!cmd->argv || !cmd->argv[0] || !cmd->file)
		return error("evidence: empty compile command");

	ev->compiler_id = zt_compiler_version(which);
	if (!ev->compiler_id)
		return error("evidence: cannot run %s (is it installed?)",
			     zt_compiler_program(which));
	if (scratch_make(&s, which, scratch_dir)) {
		zt_evidence_release(ev);	/* the compiler's id, read above */
		return -1;
	}
	if (zt_write_file(s.canary, canary_text, strlen(canary_text))) {
		error("evidence: cannot write %s: %s", s.canary, strerror(errno));
		goto out;
	}
	if (compile_retrying(cmd, which, &s) || zt_evidence_read(which, s.rec, s.su, cmd, ev) ||
	    check_evidence(cc_name, cmd, s.obj, ev))
		goto out;
	ret = 0;
out:
	scratch_remove(&s);
	if (ret)
		zt_evidence_release(ev);
	return ret;
}

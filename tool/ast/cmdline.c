// SPDX-License-Identifier: GPL-2.0-only
/*
 * The option arities of gcc and clang, the walk over a compile command that
 * uses them, and which compiler a command runs. See cmdline.h.
 */
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "process.h"
#include "zerotax.h"

#ifndef ZT_GCC
#define ZT_GCC "gcc-12"
#endif
#ifndef ZT_CLANG
#define ZT_CLANG "clang-19"
#endif

struct arity {
	const char *name;
	unsigned char words;
};

/*
 * Options whose value is the next word (exact match; the joined spellings
 * "-Idir", "-MFx", "--param=x" take none). Both drivers in one table: an
 * option one of them does not know still must not eat our flags.
 */
static const struct arity separate[] = {
	/* gcc-12 --help=separate, as the driver sees them */
	{ "-A", 1 }, { "-D", 1 }, { "-F", 1 }, { "-I", 1 }, { "-J", 1 }, { "-L", 1 },
	{ "-MF", 1 }, { "-MQ", 1 }, { "-MT", 1 }, { "-U", 1 }, { "-aux-info", 1 },
	{ "-dumpbase", 1 }, { "-dumpbase-ext", 1 }, { "-dumpdir", 1 }, { "-idirafter", 1 },
	{ "-imacros", 1 }, { "-imultiarch", 1 }, { "-imultilib", 1 }, { "-include", 1 },
	{ "-iprefix", 1 }, { "-iquote", 1 }, { "-isysroot", 1 }, { "-isystem", 1 },
	{ "-iwithprefix", 1 }, { "-iwithprefixbefore", 1 }, { "-o", 1 }, { "-x", 1 },
	{ "-Hd", 1 }, { "-Hf", 1 }, { "-Xf", 1 }, { "-fintrinsic-modules-path", 1 },
	{ "--assert", 1 }, { "--define-macro", 1 }, { "--dump", 1 }, { "--dumpbase", 1 },
	{ "--dumpbase-ext", 1 }, { "--dumpdir", 1 }, { "--imacros", 1 }, { "--include", 1 },
	{ "--include-directory", 1 }, { "--include-directory-after", 1 },
	{ "--include-prefix", 1 }, { "--include-with-prefix", 1 },
	{ "--include-with-prefix-after", 1 }, { "--include-with-prefix-before", 1 },
	{ "--output", 1 }, { "--undefine-macro", 1 },
	/* gcc driver-only (common.opt, gcc.cc) */
	{ "-wrapper", 1 }, { "-specs", 1 }, { "--specs", 1 }, { "-B", 1 }, { "--prefix", 1 },
	{ "-T", 1 }, { "-Tbss", 1 }, { "-Tdata", 1 }, { "-Ttext", 1 }, { "-u", 1 }, { "-z", 1 },
	{ "-l", 1 }, { "-e", 1 }, { "--entry", 1 }, { "-Xlinker", 1 }, { "-Xassembler", 1 },
	{ "-Xpreprocessor", 1 }, { "--param", 1 }, { "--sysroot", 1 }, { "--language", 1 },
	{ "--library-directory", 1 }, { "--for-linker", 1 }, { "--for-assembler", 1 },
	{ "--force-link", 1 }, { "-G", 1 },
	/* clang-19 --help-hidden: "-opt <value>" */
	{ "-ccc-install-dir", 1 }, { "-gen-cdb-fragment-path", 1 }, { "-ccc-arcmt-migrate", 1 },
	{ "-ccc-gcc-name", 1 }, { "-ccc-objcmt-migrate", 1 }, { "--analyzer-output", 1 },
	{ "-arcmt-migrate-report-output", 1 }, { "-b", 1 }, { "-cxx-isystem", 1 },
	{ "-darwin-target-variant-triple", 1 }, { "-darwin-target-variant", 1 },
	{ "-dependency-dot", 1 }, { "-dependency-file", 1 }, { "-dsym-dir", 1 },
	{ "-fexperimental-openacc-macro-override", 1 }, { "-fmodules-user-build-path", 1 },
	{ "-iapinotes-modules", 1 }, { "-iframeworkwithsysroot", 1 }, { "-iframework", 1 },
	{ "-include-pch", 1 }, { "-isystem-after", 1 }, { "-ivfsoverlay", 1 },
	{ "-iwithsysroot", 1 }, { "-meabi", 1 }, { "-MJ", 1 }, { "-mllvm", 1 }, { "-mmlir", 1 },
	{ "-module-dependency-dir", 1 }, { "-mthread-model", 1 }, { "-resource-dir", 1 },
	{ "-serialize-diagnostics", 1 }, { "--serialize-diagnostics", 1 },
	{ "-stdlib++-isystem", 1 }, { "-vfsoverlay", 1 }, { "-working-directory", 1 },
	{ "-Xanalyzer", 1 }, { "-Xarch_device", 1 }, { "-Xarch_host", 1 }, { "-Xclang", 1 },
	{ "-Xcuda-fatbinary", 1 }, { "-Xcuda-ptxas", 1 }, { "-Xopenmp-target", 1 },
	{ "-Xflang", 1 }, { "-hlsl-entry", 1 },
	/* clang, aliases printed without help */
	{ "-target", 1 }, { "-arch", 1 }, { "-gcc-toolchain", 1 }, { "--config", 1 },
	{ "--gcc-toolchain", 1 }, { "--target", 1 },
	/* clang's Darwin linker options */
	{ "-install_name", 1 }, { "-exported_symbols_list", 1 }, { "-unexported_symbols_list", 1 },
	{ "-filelist", 1 }, { "-rpath", 1 }, { "-framework", 1 }, { "-weak_framework", 1 },
	{ "-weak_library", 1 }, { "-reexport_framework", 1 }, { "-reexport_library", 1 },
	{ "-lazy_framework", 1 }, { "-lazy_library", 1 }, { "-init", 1 },
	{ "-multiply_defined", 1 }, { "-compatibility_version", 1 }, { "-current_version", 1 },
	{ "-dylib_file", 1 }, { "-dylinker_install_name", 1 }, { "-image_base", 1 },
	{ "-seg_addr_table", 1 }, { "-seg_addr_table_filename", 1 }, { "-umbrella", 1 },
	{ "-sub_library", 1 }, { "-sub_umbrella", 1 }, { "-bundle_loader", 1 },
	{ "-allowable_client", 1 }, { "-client_name", 1 }, { "-read_only_relocs", 1 },
	{ "-undefined", 1 }, { "-force_load", 1 }, { "-segs_read_only_addr", 1 },
	{ "-segs_read_write_addr", 1 }, { "-seg1addr", 1 }, { "-segaddr", 2 },
	{ "-sectobjectsymbols", 2 }, { "-sectorder", 3 }, { "-segcreate", 3 },
	{ "-sectcreate", 3 }, { "-sectalign", 3 }, { "-segprot", 3 },
};

/* Prefixes whose every spelling takes the next word: -Xarch_x86_64 ARG, -Xopenmp-target=T ARG. */
static const char *const separate_prefix[] = {
	"-Xarch_", "-Xopenmp-target=", "-Xoffload-linker",
};

size_t zt_cc_option_words(const char *word)
{
	if (!word || word[0] != '-' || !word[1])
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(separate); i++)
		if (!strcmp(word, separate[i].name))
			return separate[i].words;
	for (size_t i = 0; i < ARRAY_SIZE(separate_prefix); i++) {
		size_t n = strlen(separate_prefix[i]);

		if (!strncmp(word, separate_prefix[i], n) && word[n])
			return 1;
	}
	return 0;
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

static bool is_wrapper(const char *argv0)
{
	const char *b = base_name(argv0);

	return !strcmp(b, "ccache") || !strcmp(b, "distcc") || !strcmp(b, "sccache") ||
	       !strcmp(b, "icecc");
}

size_t zt_cmdline_first(const struct zt_compile_cmd *c)
{
	if (c->argc > 1 && is_wrapper(c->argv[0]) && c->argv[1][0] != '-')
		return 2;
	return 1;
}

static bool known_flag(const char *w)
{
	return w[0] == '-' && w[1];
}

bool zt_cmdline_next(const struct zt_compile_cmd *c, size_t *i, struct zt_cc_arg *a)
{
	size_t k = *i, want;

	memset(a, 0, sizeof(*a));
	if (k >= c->argc || !c->argv[k])
		return false;
	a->word = c->argv[k];
	if (!known_flag(a->word)) {
		a->positional = true;
		*i = k + 1;
		return true;
	}
	want = zt_cc_option_words(a->word);
	a->val = c->argv + k + 1;
	a->n_val = want;
	if (k + 1 + want > c->argc) {
		/* "-o" as the last word: the command is broken, keep nothing of it */
		a->n_val = c->argc - k - 1;
		a->truncated = true;
	}
	*i = k + 1 + a->n_val;
	return true;
}

static char *absolute(const char *dir, const char *path)
{
	if (path[0] == '/' || !dir)
		return xstrdup(path);
	return xasprintf("%s/%s", dir, path);
}

bool zt_cmdline_is_input(const struct zt_compile_cmd *c, const char *word)
{
	char *abs;
	bool same;

	if (word[0] == '-' && word[1])
		return false;
	if (!strcmp(word, c->file))
		return true;
	abs = absolute(c->directory, word);
	same = !strcmp(abs, c->file);
	free(abs);
	return same;
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* A cc1 option (behind -Xclang, -Xpreprocessor or -Wp,) that loads code. */
static bool loads_code(const char *opt, bool *takes_object)
{
	*takes_object = !strcmp(opt, "-load") || !strcmp(opt, "-plugin") ||
			!strcmp(opt, "-add-plugin") || starts(opt, "-plugin-arg-");
	return *takes_object || starts(opt, "-load=") || starts(opt, "-fplugin") ||
	       starts(opt, "-fpass-plugin") || starts(opt, "-add-plugin=");
}

bool zt_cmdline_runs_foreign_code(const struct zt_cc_arg *a, bool *skip_next_xclang)
{
	static const char *const prefixes[] = {
		"-fplugin", "-fpass-plugin", "-specs=", "--specs=", "--config=", "--config-",
		"-B", "--prefix=", "--gcc-toolchain=", "--gcc-install-dir=", "-ccc-",
	};
	static const char *const exact[] = {
		"-wrapper", "-specs", "--specs", "--config", "--prefix", "-gcc-toolchain",
	};
	const char *w = a->word;
	bool obj = false;

	*skip_next_xclang = false;
	if (a->positional)
		return false;
	if ((!strcmp(w, "-Xclang") || !strcmp(w, "-Xpreprocessor")) && a->n_val) {
		if (!loads_code(a->val[0], &obj))
			return false;
		*skip_next_xclang = obj;
		return true;
	}
	if (starts(w, "-Wp,") && (strstr(w, ",-fplugin") || strstr(w, ",-load")))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(exact); i++)
		if (!strcmp(w, exact[i]))
			return true;
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (starts(w, prefixes[i]))
			return true;
	return false;
}

bool zt_cmdline_writes_file(const struct zt_cc_arg *a)
{
	/* two-word forms; their joined forms are the prefixes below */
	static const char *const with_value[] = {
		"-o", "-MF", "-MT", "-MQ", "-MJ", "-aux-info", "-dumpdir", "-dumpbase",
		"-dumpbase-ext", "--output", "--dumpdir", "--dumpbase", "--dumpbase-ext",
		"-dependency-file", "-dependency-dot", "-serialize-diagnostics",
		"--serialize-diagnostics",
	};
	static const char *const alone[] = {
		"-MD", "-MMD", "-M", "-MM", "-MG", "-MP", "-fstack-usage", "-save-temps",
		"--coverage", "-ftest-coverage", "-gsplit-dwarf",
	};
	static const char *const prefixes[] = {
		"-o", "-MF", "-MT", "-MQ", "-MJ", "-dumpdir=", "-dumpbase=", "--output=",
		"-save-temps=", "-fdump-", "-fcallgraph-info", "-fstack-usage=",
		"-fsave-optimization-record", "-foptimization-record-file=", "-ftime-trace",
		"-gsplit-dwarf=",
	};
	const char *w = a->word;

	if (a->positional)
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(with_value); i++)
		if (!strcmp(w, with_value[i]))
			return true;
	for (size_t i = 0; i < ARRAY_SIZE(alone); i++)
		if (!strcmp(w, alone[i]))
			return true;
	/* -Wp,-MD,FILE, -Wp,-MMD,FILE: Kbuild's dependency files (and the rest of -M*) */
	if (starts(w, "-Wp,") && strstr(w, ",-M"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(prefixes); i++)
		if (starts(w, prefixes[i]))
			return true;
	return false;
}

/*
 * The allow-list (issue 30, item 10): options known to write no file of
 * their own. Everything else is dropped from every rebuilt command (the
 * evidence compile, libclang's arguments, fix's verify compiles, sparse):
 * an option we do not know may name a file to write (-Wa,-adhln=FILE,
 * -fopt-info-all=FILE, -fproc-stat-report=FILE, -fmodules-cache-path=DIR),
 * write one next to the output or in the build directory (-save-stats,
 * --analyze), or stop the compile before any evidence exists.
 *
 * Where the issue left it open: -f and -m flags without a value are taken
 * as safe except the few that write (a flag cannot name a path; the kernel
 * uses dozens and dropping -fms-extensions would change the parse); every
 * option with a value, joined or separate, must be listed.
 */
static const char *const safe_exact[] = {
	"-w", "-pedantic", "-pedantic-errors", "-ansi", "-nostdinc", "-nostdinc++", "-nostdlib",
	"-nostdlibinc", "-nobuiltininc", "-nostartfiles", "-nodefaultlibs", "-pthread", "-pipe",
	"-c", "-S", "-E", "-v", "-H", "-P", "-C", "-CC", "-undef", "-trigraphs", "-pg",
	"-static", "-shared", "-pie", "-no-pie", "-rdynamic", "-Qunused-arguments",
	"-no-canonical-prefixes", "-integrated-as", "-no-integrated-as", "-dD", "-dM", "-dI",
	"-dN", "-dU",
};
/* One-word prefixes: joined values that are read, never written. */
static const char *const safe_prefix[] = {
	"-D", "-U", "-I", "-O", "-std=", "--std=", "-iquote", "-isystem", "-idirafter",
	"-iprefix", "-iwithprefix", "-isysroot", "-imultilib", "-imultiarch", "--sysroot=",
	"--target=", "-F", "--param=", "-stdlib=", "-rtlib=", "-unwindlib=", "-fuse-ld=",
	"-resource-dir=", "-x", "--define-macro=", "--undefine-macro=", "--include-directory=",
	"--include-directory-after=", "--language=",
};
/* Options whose separate value is read: include paths, macros, the language, the target. */
static const char *const safe_with_value[] = {
	"-D", "-U", "-I", "-F", "-A", "-x", "-include", "-imacros", "-isystem", "-idirafter",
	"-iquote", "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-imultilib",
	"-imultiarch", "--sysroot", "-target", "--target", "-arch", "--param", "-iframework",
	"-iframeworkwithsysroot", "-iwithsysroot", "-isystem-after", "-cxx-isystem",
	"-stdlib++-isystem", "-include-pch", "-ivfsoverlay", "-vfsoverlay", "-resource-dir",
	"-working-directory", "-iapinotes-modules", "-mthread-model", "-meabi", "--assert",
	"--define-macro", "--undefine-macro", "--include", "--imacros", "--include-directory",
	"--include-directory-after", "--include-prefix", "--include-with-prefix",
	"--include-with-prefix-after", "--include-with-prefix-before", "--language",
};
/* -f and -m flags (no value) that write: the rest of those families is safe. */
static const char *const writer_flags[] = {
	"-fstack-usage", "-fsave-optimization-record", "-fdump-", "-fcallgraph-info",
	"-fprofile-arcs", "-ftest-coverage", "-fprofile-generate", "-fprofile-instr-generate",
	"-fcs-profile-generate", "-fmodules", "-fimplicit-modules", "-fcxx-modules",
	"-ftime-trace", "-fopt-info", "-fproc-stat-report", "-fcrash-diagnostics", "-fsave-",
	"-fmodule-file", "-fbuild-session", "-fplugin", "-fpass-plugin", "-mllvm",
};
/* -fNAME=VALUE known to name no file to write (NAME listed with its '='). */
static const char *const safe_f_value[] = {
	"-fsanitize=", "-fno-sanitize=", "-fsanitize-recover=", "-fno-sanitize-recover=",
	"-fsanitize-trap=", "-fno-sanitize-trap=", "-fsanitize-address-use-after-return=",
	"-fsanitize-address-field-padding=", "-fsanitize-coverage=", "-fsanitize-ignorelist=",
	"-fsanitize-blacklist=", "-fsanitize-coverage-allowlist=",
	"-fsanitize-coverage-ignorelist=", "-fcf-protection=", "-falign-functions=",
	"-falign-jumps=", "-falign-loops=", "-falign-labels=", "-fstrict-flex-arrays=",
	"-fpatchable-function-entry=", "-fzero-call-used-regs=", "-ftrivial-auto-var-init=",
	"-ftrivial-auto-var-init-stop-after=", "-ftrivial-auto-var-init-max-size=",
	"-fmacro-prefix-map=", "-ffile-prefix-map=", "-fdebug-prefix-map=", "-fvisibility=",
	"-fmin-function-alignment=", "-fdiagnostics-color=", "-fdiagnostics-format=",
	"-fdiagnostics-show-location=", "-fdiagnostics-column-unit=", "-fdiagnostics-urls=",
	"-fmessage-length=", "-fmax-errors=", "-ftls-model=", "-fstack-check=",
	"-finline-limit=", "-fmax-type-align=", "-fpack-struct=", "-fconstexpr-depth=",
	"-fconstexpr-steps=", "-fbracket-depth=", "-ftemplate-depth=", "-ffp-contract=",
	"-fexcess-precision=", "-ffp-model=", "-fdenormal-fp-math=", "-fexec-charset=",
	"-finput-charset=", "-fwide-exec-charset=", "-fabi-version=", "-fms-compatibility-version=",
	"-fdebug-default-version=", "-fstack-protector-guard=", "-fpic=", "-fPIC=",
	"-flto-partition=", "-fprofile-sample-use=", "-fprofile-use=", "-fsanitize-kcfi-arity",
	"-fstrict-overflow=", "-fsigned-bitfields=", "-fsized-deallocation=",
};
/* -mllvm values a kernel build passes that write nothing (KASAN's, the targets'). */
static const char *const safe_mllvm[] = {
	"-asan-", "-hwasan-", "-tsan-", "-msan-", "-x86-", "-aarch64-", "-arm-", "-riscv-",
	"-loongarch-", "-inline-threshold=", "-import-instr-limit=",
	"-treat-scalable-fixed-error-as-warning",
};
/* The parts of -Wa,A,B that write nothing. */
static const char *const safe_wa[] = {
	"--noexecstack", "-mrelax-relocations=", "-mx86-used-note=", "--64", "--32", "-W",
	"--fatal-warnings", "--gdwarf", "-gdwarf", "--compress-debug-sections",
};

static bool in_words(const char *w, const char *const *list, size_t n, bool prefix)
{
	for (size_t i = 0; i < n; i++)
		if (prefix ? starts(w, list[i]) : !strcmp(w, list[i]))
			return true;
	return false;
}

/* -Wa,X,Y and -Wp,X,Y: every comma part in @ok (prefixes). */
static bool parts_safe(const char *w, const char *const *ok, size_t n)
{
	const char *p = w + 4;

	while (*p) {
		size_t len = strcspn(p, ",");
		char *part = xstrndup(p, len);
		bool safe = in_words(part, ok, n, true);

		free(part);
		if (!safe)
			return false;
		p += len + (p[len] == ',');
	}
	return true;
}

/* One word (an option or an -Xclang value) known to write nothing. */
static bool word_safe(const char *w)
{
	static const char *const wp_ok[] = { "-D", "-U", "-I", "-include", "-imacros" };

	if (in_words(w, safe_exact, ARRAY_SIZE(safe_exact), false) ||
	    in_words(w, safe_prefix, ARRAY_SIZE(safe_prefix), true))
		return true;
	if (starts(w, "-Wa,"))
		return parts_safe(w, safe_wa, ARRAY_SIZE(safe_wa));
	if (starts(w, "-Wp,"))
		return parts_safe(w, wp_ok, ARRAY_SIZE(wp_ok));
	if (starts(w, "-Wl,") || starts(w, "-Xarch"))
		return false;
	if (starts(w, "-W"))
		return true;	/* a warning */
	if (starts(w, "-g"))
		return !starts(w, "-gen-") && !starts(w, "-gmodules");
	if (!starts(w, "-f") && !starts(w, "-m"))
		return false;
	if (in_words(w, writer_flags, ARRAY_SIZE(writer_flags), true) && !starts(w, "-fno-"))
		return false;
	if (!strchr(w, '='))
		return true;	/* a flag of the -f or -m families */
	if (starts(w, "-m"))
		return !strstr(w, "file") && !strstr(w, "path") && !strstr(w, "dir");
	return in_words(w, safe_f_value, ARRAY_SIZE(safe_f_value), true);
}

bool zt_cmdline_writes_nothing(const struct zt_cc_arg *a)
{
	if (a->positional)
		return true;
	if (zt_cmdline_writes_file(a))
		return false;
	if (!a->n_val)
		return word_safe(a->word);
	if (!strcmp(a->word, "-Xclang") || !strcmp(a->word, "-Xpreprocessor"))
		return a->n_val == 1 && a->val[0][0] == '-' && !zt_cc_option_words(a->val[0]) &&
		       word_safe(a->val[0]);
	if (!strcmp(a->word, "-mllvm"))
		return a->n_val == 1 && in_words(a->val[0], safe_mllvm, ARRAY_SIZE(safe_mllvm), true);
	if (!strcmp(a->word, "-Xassembler"))
		return a->n_val == 1 && in_words(a->val[0], safe_wa, ARRAY_SIZE(safe_wa), true);
	return in_words(a->word, safe_with_value, ARRAY_SIZE(safe_with_value), false);
}

void zt_cmdline_rebuild(const struct zt_compile_cmd *c, zt_cmdline_keep_fn keep, void *data,
			struct zt_strvec *out)
{
	bool skip_xclang = false, after_flag = false;
	struct zt_cc_arg a;
	size_t i = zt_cmdline_first(c);

	while (zt_cmdline_next(c, &i, &a)) {
		bool was_flag = after_flag, next_skip;

		after_flag = false;
		if (a.positional) {
			if (was_flag && !zt_cmdline_is_input(c, a.word))
				zt_strvec_push(out, a.word);
			continue;
		}
		if (a.truncated)
			continue;
		if (skip_xclang && !strcmp(a.word, "-Xclang")) {
			skip_xclang = false;
			continue;
		}
		skip_xclang = false;
		if (zt_cmdline_runs_foreign_code(&a, &next_skip)) {
			skip_xclang = next_skip;
			continue;
		}
		if (!zt_cmdline_writes_nothing(&a))
			continue;
		if (!keep || keep(&a, data)) {
			zt_cmdline_push_arg(out, &a);
			after_flag = !a.n_val;
		}
	}
}

void zt_cmdline_push_arg(struct zt_strvec *a, const struct zt_cc_arg *arg)
{
	zt_strvec_push(a, arg->word);
	for (size_t i = 0; i < arg->n_val; i++)
		zt_strvec_push(a, arg->val[i]);
}

enum zt_compiler zt_compiler_of(char *const *argv, size_t argc)
{
	const char *cc;

	if (!argc || !argv[0])
		return ZT_CC_UNKNOWN;
	cc = base_name(argv[0]);
	/* Wrappers: the compiler is the next word. */
	if (is_wrapper(argv[0])) {
		if (argc < 2 || argv[1][0] == '-')
			return ZT_CC_UNKNOWN;
		cc = base_name(argv[1]);
	}
	if (strstr(cc, "clang"))
		return ZT_CC_CLANG;
	/* Debian's cc is gcc; cross compilers are <triple>-gcc. */
	if (strstr(cc, "gcc") || !strcmp(cc, "cc") || !strcmp(cc, "c99") || !strcmp(cc, "c89"))
		return ZT_CC_GCC;
	return ZT_CC_UNKNOWN;
}

const char *zt_compiler_program(enum zt_compiler cc)
{
	return cc == ZT_CC_GCC ? ZT_GCC : ZT_CLANG;
}

const char *zt_compiler_label(enum zt_compiler cc)
{
	return base_name(zt_compiler_program(cc));
}

char *zt_compiler_version(enum zt_compiler cc)
{
	char *argv[] = { (char *)zt_compiler_program(cc),
			 cc == ZT_CC_GCC ? "-dumpfullversion" : "-dumpversion", NULL };
	struct zt_spawn_opts opts = { .timeout_ms = 30000 };
	struct zt_spawn_result res = { 0 };
	char *id = NULL;
	size_t n;

	if (zt_spawn(argv, &opts, &res) == 0 && res.exit_code == 0 && res.out) {
		n = strcspn(res.out, "\r\n");
		if (n)
			id = xasprintf("%s-%.*s", cc == ZT_CC_GCC ? "gcc" : "clang", (int)n, res.out);
	}
	zt_spawn_result_release(&res);
	return id;
}

/*
 * Options the compiler (or libclang's driver) named as unknown in @err, e.g.
 *   gcc-12: error: unrecognized command-line option '-mretpoline-external-thunk'
 *   clang-19: error: unknown argument: '-fconserve-stack'
 *   clang-19: error: unknown argument '-fstack-protectorr'; did you mean '-fstack-protector'?
 *   clang-19: error: unsupported option '-mfoo' for target 'x86_64-pc-linux-gnu'
 *   clang-19: error: unsupported argument 'bar' to option '-mfoo='
 * gcc quotes with U+2018/U+2019 outside the C locale; we run it with LC_ALL=C.
 */
size_t zt_cmdline_rejected(const char *err, struct zt_strvec *r)
{
	static const struct {
		const char *pattern;
		const char *option_marker;	/* where the option itself is quoted, if later */
	} pats[] = {
		{ "unrecognized command-line option '", NULL },
		{ "unrecognized command line option '", NULL },
		{ "unknown argument: '", NULL },
		{ "unknown argument '", NULL },
		{ "unsupported option '", NULL },
		{ "unsupported argument '", "to option '" },
	};
	size_t added = 0;

	for (const char *line = err; line && *line;) {
		const char *nl = strchr(line, '\n');

		for (size_t i = 0; i < ARRAY_SIZE(pats); i++) {
			const char *p = strstr(line, pats[i].pattern), *q, *e;

			if (!p || (nl && p > nl))
				continue;
			q = p + strlen(pats[i].pattern);
			if (pats[i].option_marker) {
				q = strstr(q, pats[i].option_marker);
				if (!q || (nl && q > nl))
					continue;
				q += strlen(pats[i].option_marker);
			}
			e = strchr(q, '\'');
			if (!e || e == q || (nl && e > nl))
				continue;
			/* gcc quotes a two-word option with its value: "-imultiarch x86_64" */
			if (memchr(q, ' ', (size_t)(e - q)))
				e = memchr(q, ' ', (size_t)(e - q));
			zt_strvec_push_nodup(r, xstrndup(q, (size_t)(e - q)));
			added++;
			break;
		}
		line = nl ? nl + 1 : NULL;
	}
	return added;
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compile databases, read once with jansson (zt_compdb_load()), and the flag
 * filter that turns a Kbuild (gcc) command into arguments libclang accepts.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmdline.h"
#include "compdb.h"
#include "json_file.h"
#include "process.h"
#include "shellwords.h"
#include "zerotax.h"

static char *absolute(const char *dir, const char *path)
{
	if (path[0] == '/' || !dir)
		return xstrdup(path);
	return xasprintf("%s/%s", dir, path);
}

/* Every entry an object with "directory", "file" and "command" or "arguments". */
static int validate_doc(json_t *doc, const char *json)
{
	json_t *e;
	size_t i;

	if (!json_is_array(doc))
		return error("compile database '%s': not a JSON array of compile commands", json);
	json_array_foreach(doc, i, e) {
		json_t *args = json_object_get(e, "arguments"), *a;
		size_t j;

		if (!json_is_object(e) || !json_is_string(json_object_get(e, "directory")) ||
		    !json_is_string(json_object_get(e, "file")) ||
		    !(json_is_string(json_object_get(e, "command")) || json_is_array(args)))
			return error("compile database '%s': entry %zu is not an object with "
				     "\"directory\", \"file\" and \"command\" or \"arguments\"",
				     json, i);
		json_array_foreach(args, j, a)
			if (!json_is_string(a))
				return error("compile database '%s': entry %zu: argument %zu is not "
					     "a string", json, i, j);
	}
	return 0;
}

int zt_compdb_validate(const char *text, size_t len, const char *json)
{
	json_t *doc = zt_json_load_text(text, len, json, "compile database");
	int ret = doc ? validate_doc(doc, json) : -1;

	json_decref(doc);
	return ret;
}

/* Entry @e (validated) as a compile command; @base resolves a relative directory. */
static int entry_cmd(json_t *e, const char *base, const char *json, size_t i,
		     struct zt_compile_cmd *c)
{
	const char *dir = json_string_value(json_object_get(e, "directory"));
	const char *file = json_string_value(json_object_get(e, "file"));
	const char *cmd = json_string_value(json_object_get(e, "command"));
	json_t *args = json_object_get(e, "arguments"), *a;
	struct zt_strvec v = { 0 };
	size_t j;

	if (json_is_array(args))
		json_array_foreach(args, j, a)
			zt_strvec_push(&v, json_string_value(a));
	else /* split as a shell would: CMake, bear and Kbuild write it for one */
		zt_shell_next_command(&cmd, &v, 0);
	if (!v.n || !file[0]) {
		zt_strvec_clear(&v);
		return error("compile database '%s': entry %zu has no command or file", json, i);
	}
	c->directory = absolute(base, dir);
	c->file = absolute(c->directory, file);
	c->argc = v.n;
	c->argv = zt_strvec_detach(&v);
	return 0;
}

/*
 * BUILD_DIR/compile_commands.json, opened and read once: the document
 * validated is the one used (libclang read it a second time, and a build
 * regenerating it in between gave us a truncated copy). Unknown keys of an
 * entry ("output") are ignored, as the format allows.
 */
int zt_compdb_load(const char *build_dir, struct zt_compdb *db)
{
	char *json = xasprintf("%s/compile_commands.json", build_dir);
	json_t *doc, *e;
	size_t i;
	int ret = -1;

	memset(db, 0, sizeof(*db));
	doc = zt_json_load_file(json, "compile database");
	if (!doc || validate_doc(doc, json))
		goto out;
	if (!json_array_size(doc)) {
		error("compile database '%s' has no compile commands", json);
		goto out;
	}
	db->v = xcalloc(json_array_size(doc), sizeof(*db->v));
	json_array_foreach(doc, i, e) {
		if (entry_cmd(e, build_dir, json, i, &db->v[db->n])) {
			zt_compdb_release(db);
			goto out;
		}
		db->n++;
	}
	ret = 0;
out:
	json_decref(doc);
	free(json);
	return ret;
}

int zt_compdb_from_files(char *const *files, size_t n_files, char *const *flags, size_t n_flags,
			 struct zt_compdb *db)
{
	char cwd[PATH_MAX];

	memset(db, 0, sizeof(*db));
	if (!getcwd(cwd, sizeof(cwd)))
		return error("cannot get the current directory: %s", strerror(errno));
	if (!n_files)
		return error("no source files given");
	db->v = xcalloc(n_files, sizeof(*db->v));
	for (size_t i = 0; i < n_files; i++) {
		struct zt_compile_cmd *c = &db->v[i];
		struct stat st;
		size_t k = 0;

		if (stat(files[i], &st) || !S_ISREG(st.st_mode)) {
			error("cannot read source file '%s'", files[i]);
			zt_compdb_release(db);
			return -1;
		}
		c->directory = xstrdup(cwd);
		c->file = absolute(cwd, files[i]);
		c->argv = xcalloc(n_flags + 4, sizeof(*c->argv));
		c->argv[k++] = xstrdup("cc");
		for (size_t j = 0; j < n_flags; j++)
			c->argv[k++] = xstrdup(flags[j]);
		c->argv[k++] = xstrdup("-c");
		c->argv[k++] = xstrdup(c->file);
		c->argc = k;
		db->n++;
	}
	return 0;
}

void zt_argv_free(char **argv)
{
	if (!argv)
		return;
	for (char **p = argv; *p; p++)
		free(*p);
	free(argv);
}

void zt_compdb_release(struct zt_compdb *db)
{
	for (size_t i = 0; i < db->n; i++) {
		free(db->v[i].file);
		free(db->v[i].directory);
		zt_argv_free(db->v[i].argv);
	}
	free(db->v);
	memset(db, 0, sizeof(*db));
}

enum zt_compiler zt_compdb_compiler(const struct zt_compile_cmd *c)
{
	return zt_compiler_of(c->argv, c->argc);
}

const char *zt_compiler_name(enum zt_compiler cc)
{
	switch (cc) {
	case ZT_CC_GCC:
		return "gcc";
	case ZT_CC_CLANG:
		return "clang";
	case ZT_CC_UNKNOWN:
		break;
	}
	return "unknown";
}

/*
 * Flags gcc accepts and clang rejects (or that make libclang fail), seen in
 * Kbuild and distribution builds. A trailing '*' matches a prefix.
 */
static const char *const gcc_only[] = {
	"-fconserve-stack", "-mrecord-mcount", "-fno-allow-store-data-races",
	"-mindirect-branch=*", "-mindirect-branch-register", "-mindirect-branch-cs-prefix",
	"-mfunction-return=*", "-fzero-call-used-regs=*", "-fno-var-tracking-assignments",
	"-fmin-function-alignment=*", "-mpreferred-stack-boundary=*", "-mskip-rax-setup",
	"-fno-ipa-sra", "-fno-inline-functions-called-once", "-fplugin=*", "-fplugin-arg-*",
	"-fsanitize-coverage=*", "-mabi=*", "-fno-code-hoisting", "-fno-tree-loop-im",
	"-falign-jumps=*", "-falign-loops=*", "-fno-partial-inlining", "-mharden-sls=*",
	"-fstack-clash-protection", "-fno-stack-clash-protection", "-fno-jump-tables",
	"--param=*", "-fmerge-constants",
	"-mno-fp-ret-in-387", "-fno-tree-vrp", "-fno-guess-branch-probability",
	"-fstrict-flex-arrays=*", "-fpatchable-function-entry=*", "-fdiagnostics-*",
	"-fmacro-prefix-map=*", "-ffile-prefix-map=*", "-fdebug-prefix-map=*",
	"-pipe", "-foptimization-record-*", "-fprofile-*", "-flto*",
};

/* Two-word options libclang has no use for (outputs are cmdline.c's to know). */
static const char *const drop_with_value[] = {
	"--param", "-Xassembler", "-Xlinker", "-L", "-l", "-T", "-u", "-z", "-e",
};

static bool matches(const char *arg, const char *pat)
{
	size_t n = strlen(pat);

	if (n && pat[n - 1] == '*')
		return !strncmp(arg, pat, n - 1);
	return !strcmp(arg, pat);
}

bool zt_compdb_flag_dropped(const char *arg)
{
	for (size_t i = 0; i < ARRAY_SIZE(gcc_only); i++)
		if (matches(arg, gcc_only[i]))
			return true;
	/* Warnings are not ours to report, and gcc knows many clang does not. */
	if (!strncmp(arg, "-W", 2) && strncmp(arg, "-Wp,", 4))
		return true;
	return !strcmp(arg, "-c") || !strcmp(arg, "-S") || !strcmp(arg, "-E") ||
	       !strncmp(arg, "-g", 2);
}

struct resource_dir {
	pthread_once_t once;
	char path[PATH_MAX];
};

/* Asked once per process; written once under pthread_once, read-only after. */
static struct resource_dir resource = { .once = PTHREAD_ONCE_INIT };

static void find_resource_dir(void)
{
	char *argv[] = { (char *)ZT_CLANG, (char *)"-print-resource-dir", NULL };
	struct zt_spawn_opts opts = { .timeout_ms = 20000 };
	struct zt_spawn_result res = { 0 };

	if (!zt_spawn(argv, &opts, &res) && res.exit_code == 0 && res.out) {
		size_t n = strcspn(res.out, "\r\n");

		if (n && n < sizeof(resource.path))
			memcpy(resource.path, res.out, n);
	}
	zt_spawn_result_release(&res);
}

const char *zt_clang_resource_dir(void)
{
	pthread_once(&resource.once, find_resource_dir);
	return resource.path[0] ? resource.path : NULL;
}

static bool keep_for_libclang(const struct zt_cc_arg *a, void *data)
{
	/*
	 * A raised nesting limit lets a deep expression overflow the parser's
	 * stack, which libclang's crash recovery cannot catch (its handler has
	 * no alternate stack): with clang's default limit the TU is refused
	 * with an error instead and reported as unparsed.
	 */
	if (!strncmp(a->word, "-fbracket-depth", 15) || !strncmp(a->word, "-ftemplate-depth", 16) ||
	    !strncmp(a->word, "-fconstexpr-depth", 17))
		return false;
	if (zt_cmdline_writes_file(a))
		return false;
	for (size_t j = 0; j < ARRAY_SIZE(drop_with_value); j++)
		if (!strcmp(a->word, drop_with_value[j]))
			return false;
	return a->n_val || !zt_compdb_flag_dropped(a->word);
}

char **zt_compdb_clang_args(const struct zt_compile_cmd *c, size_t *n)
{
	const char *rd = zt_clang_resource_dir();
	struct zt_strvec out = { 0 };

	zt_cmdline_rebuild(c, keep_for_libclang, NULL, &out);
	if (rd) {
		zt_strvec_push(&out, "-resource-dir");
		zt_strvec_push(&out, rd);
	}
	/* Relative -I paths and file names are relative to the build directory. */
	zt_strvec_push(&out, "-working-directory");
	zt_strvec_push(&out, c->directory);
	zt_strvec_push(&out, "-Qunused-arguments");
	if (n)
		*n = out.n;
	if (!out.v)
		out.v = xcalloc(1, sizeof(*out.v));
	return out.v;
}

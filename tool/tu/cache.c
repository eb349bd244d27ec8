// SPDX-License-Identifier: GPL-2.0-only
/* The per-TU results cache (see cache.h). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "cmdline.h"
#include "process.h"
#include "strbuf.h"
#include "strmap.h"
#include "zerotax.h"

/*
 * Every TU of a driver includes mostly the same headers: hash each file once
 * per run. Files are assumed not to change while zerotax runs.
 */
struct zt_cache_memo {
	pthread_mutex_t lock;
	struct zt_strmap map;	/* path -> index into hashes */
	char **paths, **hashes;
	size_t n, alloc_paths, alloc_hashes;
};

static char *content_hash(const char *path)
{
	char *data = NULL, *hash;
	size_t len = 0;

	if (zt_read_file(path, &data, &len))
		return NULL;
	hash = zt_hash_hex(data, len);
	free(data);
	return hash;
}

/* An existing directory we may write to: never create anything under one we may not. */
static bool writable_dir(const char *path)
{
	struct stat st;

	return path && path[0] == '/' && !stat(path, &st) && S_ISDIR(st.st_mode) &&
	       !access(path, W_OK | X_OK);
}

/* $XDG_CACHE_HOME/zerotax, else $HOME/.cache/zerotax, each only when writable; NULL if neither. */
static char *default_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *dot_cache;

	if (writable_dir(xdg))
		return xasprintf("%s/zerotax", xdg);
	if (!writable_dir(home))
		return NULL;
	dot_cache = xasprintf("%s/.cache", home);
	if (!writable_dir(dot_cache) && !access(dot_cache, F_OK)) {
		free(dot_cache);
		return NULL;
	}
	free(dot_cache);
	return xasprintf("%s/.cache/zerotax", home);
}

int zt_cache_open(struct zt_cache *c, const char *dir)
{
	char *g, *cl, *self;

	memset(c, 0, sizeof(*c));
	if (dir) {
		c->dir = xstrdup(dir);
	} else {
		c->dir = default_dir();
		if (!c->dir) {
			warning("no writable cache directory (XDG_CACHE_HOME and HOME unset or not "
				"writable directories): running without a cache");
			return 1;
		}
	}
	if (zt_mkdir_p(c->dir, 0777)) {
		if (!dir) {
			warning("cannot create the cache directory %s: %s: running without a cache",
				c->dir, strerror(errno));
			zt_cache_close(c);
			return 1;
		}
		error("cannot create the cache directory %s: %s", c->dir, strerror(errno));
		zt_cache_close(c);
		return -1;
	}
	/*
	 * The facts come from libclang-19 and the evidence from these two
	 * compilers; the program's own bytes stand for the code that walks and
	 * reads them (a rebuilt zerotax never trusts an older one's entries).
	 */
	g = zt_compiler_version(ZT_CC_GCC);
	cl = zt_compiler_version(ZT_CC_CLANG);
	self = content_hash("/proc/self/exe");
	c->salt = xasprintf("zerotax-%s tu-schema-%d exe-%s %s %s %s %s", ZT_VERSION,
			    ZT_TU_SCHEMA, self ? self : "unknown", zt_compiler_program(ZT_CC_GCC),
			    g ? g : "gcc-none", zt_compiler_program(ZT_CC_CLANG),
			    cl ? cl : "clang-none");
	free(self);
	free(g);
	free(cl);
	c->memo = xcalloc(1, sizeof(*c->memo));
	pthread_mutex_init(&c->memo->lock, NULL);
	return 0;
}

void zt_cache_set_variant(struct zt_cache *c, const char *variant)
{
	char *salt;

	if (!c->salt)
		return;
	salt = xasprintf("%s variant-%s", c->salt, variant);
	free(c->salt);
	c->salt = salt;
}

void zt_cache_depend_on(struct zt_cache *c, const char *what, const char *hash)
{
	char *salt;

	if (!c->salt)
		return;
	salt = xasprintf("%s %s-%s", c->salt, what, hash ? hash : "none");
	free(c->salt);
	c->salt = salt;
}

void zt_cache_close(struct zt_cache *c)
{
	struct zt_cache_memo *m = c->memo;

	if (m) {
		for (size_t i = 0; i < m->n; i++) {
			free(m->paths[i]);
			free(m->hashes[i]);
		}
		free(m->paths);
		free(m->hashes);
		zt_strmap_release(&m->map);
		pthread_mutex_destroy(&m->lock);
		free(m);
	}
	free(c->dir);
	free(c->salt);
	free(c->root);
	memset(c, 0, sizeof(*c));
}

int zt_cache_set_root(struct zt_cache *c, const char *root)
{
	char *abs = realpath(root, NULL);

	if (!abs)
		return error("cannot resolve the cache root %s: %s", root, strerror(errno));
	free(c->root);
	/* "/" as a root would make every path relative for nothing */
	c->root = strcmp(abs, "/") ? abs : NULL;
	if (!c->root)
		free(abs);
	return 0;
}

/*
 * A path under the root is spelled "$ZT_ROOT/..." in keys and entries: as a
 * whole string, or after one of the options that join a path to their name.
 */
#define ROOT_TOKEN "$ZT_ROOT"
static const char *const path_prefixes[] = {
	"", "-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros", "-L", "-B",
	"--sysroot=", "-fmacro-prefix-map=", "-ffile-prefix-map=", "-fdebug-prefix-map=",
	"-Wp,-MMD,", "-Wp,-MD,", "-MF",
};

static bool starts_dir(const char *s, const char *dir, size_t len)
{
	return !strncmp(s, dir, len) && (s[len] == '/' || s[len] == '\0' || s[len] == '=');
}

/* @s with @from (a directory) replaced by @to after a path prefix; NULL if it has none. */
static char *swap_root(const char *s, const char *from, const char *to)
{
	size_t len = strlen(from);

	for (size_t i = 0; i < ARRAY_SIZE(path_prefixes); i++) {
		size_t pl = strlen(path_prefixes[i]);

		if (!strncmp(s, path_prefixes[i], pl) && starts_dir(s + pl, from, len))
			return xasprintf("%.*s%s%s", (int)pl, s, to, s + pl + len);
	}
	return NULL;
}

/* @s as keyed and stored (caller frees). */
static char *to_stored(const struct zt_cache *c, const char *s)
{
	char *r = c->root ? swap_root(s, c->root, ROOT_TOKEN) : NULL;

	return r ? r : xstrdup(s);
}

/* A stored string back under this run's root (caller frees). */
static char *from_stored(const struct zt_cache *c, const char *s)
{
	char *r = c->root ? swap_root(s, ROOT_TOKEN, c->root) : NULL;

	return r ? r : xstrdup(s);
}

/* Every string of @j rewritten in place by @fn. */
static void map_strings(const struct zt_cache *c, json_t *j,
			char *(*fn)(const struct zt_cache *, const char *))
{
	const char *k;
	json_t *v;
	size_t i;

	if (json_is_string(j)) {
		char *s = fn(c, json_string_value(j));

		json_string_set(j, s);
		free(s);
	} else if (json_is_array(j)) {
		json_array_foreach(j, i, v)
			map_strings(c, v, fn);
	} else if (json_is_object(j)) {
		json_object_foreach(j, k, v)
			map_strings(c, v, fn);
	}
}

static void hash_str(uint64_t h[2], const char *s)
{
	size_t n = strlen(s) + 1;	/* the NUL separates fields */

	h[0] = zt_hash64(s, n, h[0]);
	h[1] = zt_hash64(s, n, h[1] ^ 0x9e3779b97f4a7c15ULL);
}

/* content_hash() through the run's memo; the caller frees. */
static char *file_hash(const struct zt_cache *c, const char *path)
{
	struct zt_cache_memo *m = c->memo;
	char *h = NULL;
	size_t i;

	if (!m)
		return content_hash(path);
	pthread_mutex_lock(&m->lock);
	i = zt_strmap_get(&m->map, path);
	if (i != (size_t)-1 && i < m->n)
		h = m->hashes[i] ? xstrdup(m->hashes[i]) : NULL;
	pthread_mutex_unlock(&m->lock);
	if (i != (size_t)-1 && i < m->n)
		return h;
	h = content_hash(path);
	pthread_mutex_lock(&m->lock);
	if (zt_strmap_get(&m->map, path) == (size_t)-1) {
		ZT_ALLOC_GROW(m->paths, m->n + 1, m->alloc_paths);
		ZT_ALLOC_GROW(m->hashes, m->n + 1, m->alloc_hashes);
		m->paths[m->n] = xstrdup(path);
		m->hashes[m->n] = h ? xstrdup(h) : NULL;
		zt_strmap_put(&m->map, m->paths[m->n], m->n);
		m->n++;
	}
	pthread_mutex_unlock(&m->lock);
	return h;
}

static void hash_stored(const struct zt_cache *c, uint64_t h[2], const char *s)
{
	char *r = to_stored(c, s);

	hash_str(h, r);
	free(r);
}

char *zt_cache_key(const struct zt_cache *c, const struct zt_compile_cmd *cmd)
{
	uint64_t h[2] = { 0, 0 };
	char *src = content_hash(cmd->file);	/* not memoised: it is the key itself */

	if (!src)
		return NULL;
	hash_str(h, c->salt);
	hash_stored(c, h, cmd->directory ? cmd->directory : "");
	hash_stored(c, h, cmd->file);
	for (size_t i = 0; i < cmd->argc; i++)
		hash_stored(c, h, cmd->argv[i]);
	hash_str(h, src);
	free(src);
	return xasprintf("%016llx%016llx", (unsigned long long)h[0], (unsigned long long)h[1]);
}

static char *entry_path(const struct zt_cache *c, const char *key)
{
	return xasprintf("%s/%.2s/%s.json", c->dir, key, key + 2);
}

int zt_cache_get(const struct zt_cache *c, const char *key, struct zt_tu_result *r)
{
	char *path = entry_path(c, key), *text = NULL;
	json_t *doc = NULL, *deps, *absent, *d;
	int hit = 0;
	size_t i, len;

	/* zt_read_file: an entry that is a FIFO or a device is a miss, never a hang */
	if (!zt_read_file(path, &text, &len))
		doc = json_loadb(text, len, 0, NULL);
	free(text);
	free(path);
	if (!doc)
		return 0;
	deps = json_object_get(doc, "deps");
	if (!json_is_array(deps))
		goto out;
	json_array_foreach(deps, i, d) {
		const char *p = json_string_value(json_array_get(d, 0));
		const char *want = json_string_value(json_array_get(d, 1));
		char *path = p ? from_stored(c, p) : NULL;
		char *have = path ? file_hash(c, path) : NULL;
		bool same = have && want && !strcmp(have, want);

		free(have);
		free(path);
		if (!same)
			goto out;
	}
	/* an entry from before "absent" was kept is a miss: it is rewritten with one */
	absent = json_object_get(doc, "absent");
	if (!json_is_array(absent))
		goto out;
	json_array_foreach(absent, i, d) {
		const char *p = json_string_value(d);
		char *path = p ? from_stored(c, p) : NULL;
		bool there = !path || !access(path, F_OK) || errno != ENOENT;

		free(path);
		if (there)
			goto out;
	}
	map_strings(c, json_object_get(doc, "tu"), from_stored);
	if (zt_tu_result_from_json(json_object_get(doc, "tu"), r))
		goto out;	/* a broken entry is a miss, it will be rewritten */
	hit = 1;
out:
	json_decref(doc);
	return hit;
}

int zt_cache_parse_deps(const char *text, const char *dir, char ***deps, size_t *n)
{
	const char *s = strchr(text, ':');

	*deps = NULL;
	*n = 0;
	if (!s)
		return -1;
	s++;
	while (*s) {
		size_t len;
		char *tok, *w;

		s += strspn(s, " \t\r\n");
		if (s[0] == '\\' && (s[1] == '\n' || s[1] == '\r')) {
			s++;
			continue;
		}
		if (!*s)
			break;
		/* A token ends at unescaped whitespace; "\ " is a space in a path. */
		tok = xmalloc(strlen(s) + 1);
		w = tok;
		for (len = 0; s[len] && !strchr(" \t\r\n", s[len]); len++) {
			if (s[len] == '\\' && s[len + 1] == ' ')
				len++;
			*w++ = s[len];
		}
		*w = '\0';
		s += len;
		if (!strcmp(tok, "\\")) {
			free(tok);
			continue;
		}
		*deps = xrealloc(*deps, (*n + 1) * sizeof(**deps));
		if (tok[0] != '/' && dir) {
			(*deps)[(*n)++] = xasprintf("%s/%s", dir, tok);
			free(tok);
		} else {
			(*deps)[(*n)++] = tok;
		}
	}
	return 0;
}

int zt_cache_deps(const struct zt_compile_cmd *cmd, char ***deps, size_t *n)
{
	size_t na = 0;
	char **args = zt_compdb_clang_args(cmd, &na);
	char **argv = xcalloc(na + 5, sizeof(char *));
	struct zt_spawn_opts opts = { .cwd = cmd->directory, .timeout_ms = 300000 };
	struct zt_spawn_result res;
	int ret = -1;

	argv[0] = (char *)zt_compiler_program(ZT_CC_CLANG);
	for (size_t i = 0; i < na; i++)
		argv[i + 1] = args[i];
	argv[na + 1] = "-M";
	argv[na + 2] = cmd->file;
	if (zt_spawn(argv, &opts, &res) == 0 && res.exit_code == 0)
		ret = zt_cache_parse_deps(res.out, cmd->directory, deps, n);
	zt_spawn_result_release(&res);
	free(argv);
	zt_argv_free(args);
	return ret;
}

/*
 * Include lookups that failed. A header is found in the first directory of
 * the search path that has it; a file created since in an earlier directory
 * (or in the TU's own, for "" includes) would shadow it, and the entry's
 * facts would be stale though every header read is unchanged. The entry
 * lists those earlier places that held nothing ("absent"); one that exists
 * now is a miss. Which directory an #include's words were looked up from is
 * not recorded, so every search directory a header lies under counts: more
 * places than the lookup tried, never fewer (the includer's own directory of
 * a header's "" include aside).
 */

/* @p without "." components and repeated slashes (lexically: ".." stays) */
static char *lexical(const char *p)
{
	char *out = xmalloc(strlen(p) + 1), *w = out;

	while (*p) {
		if (p[0] == '/' && (p[1] == '/' || (p[1] == '.' && (p[2] == '/' || !p[2])))) {
			p += p[1] == '/' ? 1 : 2;
			continue;
		}
		*w++ = *p++;
	}
	if (w > out + 1 && w[-1] == '/')
		w--;
	*w = '\0';
	return out;
}

/* The TU's own directory, then -iquote, -I, -isystem, -idirafter: the search path's order. */
static void search_dirs(const struct zt_compile_cmd *cmd, struct zt_strvec *dirs)
{
	static const char *const kinds[] = { "-iquote", "-I", "-isystem", "-idirafter" };
	const char *slash = strrchr(cmd->file, '/');

	if (slash && cmd->file[0] == '/')
		zt_strvec_push_nodup(dirs, xstrndup(cmd->file, (size_t)(slash - cmd->file)));
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
		size_t i = zt_cmdline_first(cmd), kl = strlen(kinds[k]);
		struct zt_cc_arg a;

		while (zt_cmdline_next(cmd, &i, &a)) {
			const char *d;
			char *abs;

			if (a.positional || strncmp(a.word, kinds[k], kl))
				continue;
			d = a.word[kl] ? a.word + kl : a.n_val ? a.val[0] : NULL;
			if (!d || !d[0] || !strcmp(d, "-"))
				continue;
			abs = d[0] == '/' || !cmd->directory ? xstrdup(d) :
							      xasprintf("%s/%s", cmd->directory, d);
			zt_strvec_push_nodup(dirs, lexical(abs));
			free(abs);
		}
	}
}

/* The places before where each of @deps was found that held nothing, into @absent. */
static void absent_shadows(const struct zt_cache *c, const struct zt_compile_cmd *cmd,
			   char *const *deps, size_t n, json_t *absent)
{
	struct zt_strvec dirs = ZT_STRVEC_INIT, seen = ZT_STRVEC_INIT;
	struct zt_strmap taken = { 0 };

	search_dirs(cmd, &dirs);
	for (size_t i = 0; i < n; i++) {
		char *h = lexical(deps[i]);

		for (size_t k = 1; k < dirs.n; k++) {
			size_t dl = strlen(dirs.v[k]);

			if (strncmp(h, dirs.v[k], dl) || h[dl] != '/')
				continue;
			for (size_t j = 0; j < k; j++) {
				char *cand = xasprintf("%s%s", dirs.v[j], h + dl);

				if (zt_strmap_get(&taken, cand) == (size_t)-1 &&
				    access(cand, F_OK) && errno == ENOENT) {
					char *stored = to_stored(c, cand);

					zt_strmap_put(&taken, zt_strvec_push(&seen, cand), 0);
					json_array_append_new(absent, json_string(stored));
					free(stored);
				}
				free(cand);
			}
		}
		free(h);
	}
	zt_strmap_release(&taken);
	zt_strvec_clear(&seen);
	zt_strvec_clear(&dirs);
}

static int str_qcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file the TU read, sorted, once each: libclang's list, else clang -M's. */
static int read_files(const struct zt_compile_cmd *cmd, json_t *tu, char ***deps, size_t *n)
{
	json_t *inc = json_object_get(json_object_get(tu, "facts"), "includes"), *v;
	size_t i;

	*deps = NULL;
	*n = 0;
	if (json_array_size(inc)) {
		/* libclang's list from the parse; relative names are the build directory's */
		json_array_foreach(inc, i, v) {
			const char *p = json_string_value(v);

			if (!p)
				continue;
			*deps = xrealloc(*deps, (*n + 1) * sizeof(**deps));
			(*deps)[(*n)++] = p[0] == '/' || !cmd->directory ?
						  xstrdup(p) :
						  xasprintf("%s/%s", cmd->directory, p);
		}
	} else if (zt_cache_deps(cmd, deps, n)) {
		return -1;	/* without the header list the entry could not be checked */
	}
	if (*n)
		qsort(*deps, *n, sizeof(**deps), str_qcmp);
	for (i = 0; i < *n; i++) {
		size_t k = i + 1;

		while (k < *n && !strcmp((*deps)[i], (*deps)[k])) {
			free((*deps)[k]);
			memmove(&(*deps)[k], &(*deps)[k + 1], (*n - k - 1) * sizeof(**deps));
			(*n)--;
		}
	}
	return 0;
}

int zt_cache_put(const struct zt_cache *c, const char *key, const struct zt_compile_cmd *cmd,
		 json_t *tu)
{
	char **deps = NULL, *dir = NULL, *path = NULL, *tmp = NULL, *text = NULL;
	json_t *doc = NULL, *list = json_array(), *absent = json_array();
	size_t n = 0, i;
	int ret = -1, fd;

	if (read_files(cmd, tu, &deps, &n))
		goto out;
	for (i = 0; i < n; i++) {
		char *h = file_hash(c, deps[i]);
		char *stored = to_stored(c, deps[i]);

		if (!h) {
			free(stored);
			goto out;
		}
		json_array_append_new(list, json_pack("[s,s]", stored, h));
		free(stored);
		free(h);
	}
	absent_shadows(c, cmd, deps, n, absent);
	tu = json_deep_copy(tu);
	map_strings(c, tu, to_stored);
	doc = json_pack("{s:s, s:O, s:O, s:o}", "key", key, "deps", list, "absent", absent, "tu",
			tu);
	text = json_dumps(doc, JSON_COMPACT);
	dir = xasprintf("%s/%.2s", c->dir, key);
	path = entry_path(c, key);
	tmp = xasprintf("%s.tmp.XXXXXX", path);
	if (!text || (mkdir(dir, 0777) && errno != EEXIST) || (fd = mkstemp(tmp)) < 0)
		goto out;
	if (write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
		close(fd);
		unlink(tmp);
		goto out;
	}
	if (close(fd) || rename(tmp, path)) {
		unlink(tmp);
		goto out;
	}
	ret = 0;
out:
	for (size_t i = 0; i < n; i++)
		free(deps[i]);
	free(deps);
	free(text);
	free(dir);
	free(path);
	free(tmp);
	json_decref(doc);
	json_decref(list);
	json_decref(absent);
	return ret;
}

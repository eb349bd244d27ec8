// SPDX-License-Identifier: GPL-2.0-only
/*
 * Running pahole: the object checked first (readable, DWARF present), one run
 * per -C list (--skip_missing: pahole 1.24 would stop at the first type it does
 * not find), the text handed to the parser (pahole.c).
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pahole.h"
#include "pahole_int.h"
#include "process.h"
#include "zerotax.h"

static int run_once(const char *obj, const char *list, const struct zt_pahole_opts *opts,
		    struct zt_layouts *out)
{
	const char *pahole = opts && opts->pahole ? opts->pahole : "pahole";
	unsigned int cl = opts && opts->cacheline ? opts->cacheline : 64;
	struct zt_spawn_opts so = { .timeout_ms = opts && opts->timeout_ms ? opts->timeout_ms : 60000 };
	struct zt_spawn_result r;
	char clbuf[16];
	char *argv[12];
	int argc = 0, ret = -1;

	snprintf(clbuf, sizeof(clbuf), "%u", cl);
	argv[argc++] = (char *)pahole;
	argv[argc++] = "-I";	/* where each type is defined: findings point there */
	argv[argc++] = "-c";
	argv[argc++] = clbuf;
	if (list) {
		/* on past a type it does not find (pahole 1.24 stops there without it) */
		argv[argc++] = "--skip_missing";
		argv[argc++] = "-C";
		argv[argc++] = (char *)list;
	}
	argv[argc++] = "--";	/* an object named like an option ("--version") is still a file */
	argv[argc++] = (char *)obj;
	argv[argc] = NULL;
	if (zt_spawn(argv, &so, &r) < 0) {
		if (r.timed_out)
			error("pahole timed out on '%s'", obj);
		else
			error("cannot run '%s'", pahole);
		goto out;
	}
	if (r.exit_code != 0) {
		char *e = r.err_len ? r.err : r.out;
		size_t l = strcspn(e, "\n");

		error("pahole failed on '%s' (exit %d): %.*s", obj, r.exit_code,
			  (int)(l > 160 ? 160 : l), e);
		goto out;
	}
	zt_pahole_parse_tolerant(r.out, r.out_len, cl, out);
	for (const char *s = r.err; s && *s;) {
		size_t l = strcspn(s, "\n");
		char *line = xstrndup(s, l);

		zt_pahole_not_found_line(out, line);
		free(line);
		s += l + (s[l] == '\n');
	}
	ret = 0;
out:
	zt_spawn_result_release(&r);
	return ret;
}

static bool type_seen(const struct zt_layouts *ls, const char *t)
{
	if (zt_layouts_find(ls, t))
		return true;
	for (size_t j = 0; j < ls->n_not_found; j++)
		if (!strcmp(ls->not_found[j], t))
			return true;
	for (size_t j = 0; j < ls->n_td; j++)
		if (!strcmp(ls->td[j].name, t))
			return true;
	for (size_t j = 0; j < ls->n_skipped; j++)
		if (ls->skipped[j].type && !strcmp(ls->skipped[j].type, t))
			return true;
	return false;
}

static bool read_at(int fd, void *buf, size_t n, off_t off)
{
	return pread(fd, buf, n, off) == (ssize_t)n;
}

/*
 * 1: @path is a 64-bit ELF with a .debug_info (or compressed .zdebug_info)
 * section, 0: an ELF without one, -1: not a 64-bit ELF we can read (let
 * pahole judge). Without DWARF pahole tries BTF and fails obscurely.
 */
static int elf_has_dwarf(const char *path)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strsh;
	char *names = NULL;
	int fd, ret = -1;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (!read_at(fd, &eh, sizeof(eh), 0) || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr) ||
	    eh.e_shstrndx == SHN_UNDEF || eh.e_shstrndx >= eh.e_shnum)
		goto out;
	if (!read_at(fd, &strsh, sizeof(strsh), eh.e_shoff + (off_t)eh.e_shstrndx * sizeof(sh)) ||
	    strsh.sh_size > (64u << 20))
		goto out;
	names = xmalloc(strsh.sh_size + 1);
	if (!read_at(fd, names, strsh.sh_size, strsh.sh_offset))
		goto out;
	names[strsh.sh_size] = '\0';
	ret = 0;
	for (unsigned int i = 0; i < eh.e_shnum && !ret; i++) {
		const char *nm;

		if (!read_at(fd, &sh, sizeof(sh), eh.e_shoff + (off_t)i * sizeof(sh))) {
			ret = -1;
			break;
		}
		if (sh.sh_name >= strsh.sh_size)
			continue;
		nm = names + sh.sh_name;
		ret = !strcmp(nm, ".debug_info") || !strcmp(nm, ".zdebug_info");
	}
out:
	free(names);
	close(fd);
	return ret;
}

int zt_pahole_run(const char *obj, char *const *types, size_t n,
		  const struct zt_pahole_opts *opts, struct zt_layouts *out)
{
	const char *pahole = opts && opts->pahole ? opts->pahole : "pahole";
	char *list = NULL;
	struct stat st;
	int ret = -1;

	/* pahole falls back to the running kernel's BTF for a path it cannot open */
	if (access(obj, R_OK) < 0)
		return error("cannot read '%s': %s", obj, strerror(errno));
	/* a FIFO or a device would block pahole (and us) or never end */
	if (stat(obj, &st) || !S_ISREG(st.st_mode))
		return error("cannot read '%s': not a regular file", obj);
	if (!zt_have_program(pahole))
		return error("pahole not found ('%s'); install dwarves (pahole 1.24)", pahole);
	if (elf_has_dwarf(obj) == 0)
		return error("no DWARF debug info in %s: build with -g", obj);
	if (!n)
		return run_once(obj, NULL, opts, out);
	{
		size_t len = 1;

		for (size_t i = 0; i < n; i++)
			len += strlen(zt_record_basename(types[i])) + 1;
		list = xcalloc(1, len);
		for (size_t i = 0; i < n; i++) {
			if (i)
				strcat(list, ",");
			strcat(list, zt_record_basename(types[i]));
		}
	}
	if (run_once(obj, list, opts, out) < 0)
		goto out;
	/*
	 * Without --skip_missing pahole 1.24 stops at the first type of the list
	 * it does not find, silently skipping the rest (one more run per missing
	 * type); with it, every type of the list was looked for in this one run:
	 * a type it neither printed nor said 'not found' of is missing too.
	 */
	for (size_t i = 0; i < n; i++) {
		const char *t = zt_record_basename(types[i]);

		if (!type_seen(out, t))
			zt_pahole_add_not_found(out, t, strlen(t));
	}
	ret = 0;
out:
	free(list);
	return ret;
}

/* 'DW_AT_comp_dir	("/build")' -> "/build" (llvm-dwarfdump escapes nothing it prints here) */
static char *quoted_value(const char *line)
{
	const char *q = strstr(line, "(\""), *e;

	if (!q)
		return NULL;
	q += 2;
	e = strrchr(q, '"');
	return e && e >= q ? xstrndup(q, (size_t)(e - q)) : NULL;
}

char *zt_object_comp_dir(const char *obj)
{
	char *argv[] = { "llvm-dwarfdump-19", "--debug-info", "--recurse-depth=0", "--",
			 (char *)obj, NULL };
	struct zt_spawn_opts so = { .timeout_ms = 60000 };
	struct zt_spawn_result r;
	char *dir = NULL;
	bool differ = false;

	if (zt_spawn(argv, &so, &r) || r.exit_code) {
		error("cannot read the compile directory of %s with %s: %s", obj, argv[0],
		      r.exit_code > 0 ? "it failed" : zt_spawn_failure(&r));
		goto out;
	}
	for (const char *s = r.out; s && *s && !differ;) {
		size_t l = strcspn(s, "\n");
		char *line = xstrndup(s, l), *v;

		if (strstr(line, "DW_AT_comp_dir") && (v = quoted_value(line))) {
			if (!dir)
				dir = v;
			else if ((differ = strcmp(dir, v) != 0))
				error("the compile units of %s were compiled in different directories "
				      "(%s, %s): cannot tell what a relative path is relative to",
				      obj, dir, v);
			if (v != dir)
				free(v);
		}
		free(line);
		s += l + (s[l] == '\n');
	}
	if (differ) {
		free(dir);
		dir = NULL;
	} else if (!dir) {
		error("%s names no compile directory (DW_AT_comp_dir)", obj);
	}
out:
	zt_spawn_result_release(&r);
	return dir;
}

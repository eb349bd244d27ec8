// SPDX-License-Identifier: GPL-2.0-only
/* fix, plan: which findings are safe to rewrite, and where a hoisted field goes. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "cmdline.h"
#include "cocci.h"
#include "fix_internal.h"
#include "fixtext.h"
#include "fixer_int.h"
#include "fixtree.h"
#include "placement.h"
#include "process.h"
#include "shadow.h"
#include "verify.h"

/* ---- the plan: what is safe, from the finding's own details ---------------- */

void fixer_refuse(struct fixer *x, size_t i, const char *fmt, ...)
{
	struct zt_fix_item *it = &x->r->items[i];
	va_list ap;

	va_start(ap, fmt);
	free(it->reason);
	it->reason = xvasprintf(fmt, ap);
	va_end(ap);
	it->status = ZT_FIX_REFUSED;
}

static bool stack_finding(const struct zt_finding *f)
{
	return f->check && (f->check->id == ZT_CHECK_STACK_AUTOINIT ||
			    f->check->id == ZT_CHECK_STACK_EXPLICIT_INIT);
}

/*
 * Never a per-queue owner, whatever check says: one per device or one per
 * packet, shared by every queue or gone with the packet.
 */
static bool shared_or_packet(const char *record)
{
	static const char *const never[] = {
		"struct net_device", "struct napi_struct", "struct sk_buff", "struct xdp_buff",
		"struct xdp_frame", "struct device", "struct pci_dev", "struct net",
	};

	for (size_t i = 0; i < ARRAY_SIZE(never); i++)
		if (!strcmp(record, never[i]))
			return true;
	return false;
}

/*
 * Is the owner proved to be one per queue? Only when check found it from the
 * poll's own napi_struct: container_of(napi, T, member) gives T itself
 * ("napi-container"), or T holds the parameter's struct ("served-by-napi":
 * the ring or queue that poll instance serves). A parameter found by its
 * name alone ("queue-parameter"), the adapter (netdev_priv()), net_device
 * and sk_buff are no proof: two queues polled at once on two CPUs could
 * share one copy. *@why gets the proof (true) or the reason (false).
 */
bool fixer_owner_proved(json_t *owner, char **why)
{
	const char *how = jstr(owner, "how"), *type = jstr(owner, "type");
	const char *poll = jstr(owner, "poll"), *napi = jstr(owner, "napi_struct");

	*why = NULL;
	if (!type)
		return false;
	if (shared_or_packet(type)) {
		*why = xasprintf("%s is never a per-queue owner: it is shared by every queue "
				 "(or is the packet)", type);
		return false;
	}
	if (how && poll && napi && !strcmp(how, "napi-container") && !strcmp(napi, type)) {
		*why = xasprintf("%s is the poll's own NAPI struct: %s() takes it from "
				 "container_of(napi, %s, ...), one per NAPI instance", type, poll,
				 type);
		return true;
	}
	if (how && poll && napi && !strcmp(how, "served-by-napi") && strcmp(napi, type)) {
		*why = xasprintf("%s is served by one NAPI instance: %s() takes its %s from "
				 "container_of(napi, ...), and that %s holds the %s", type, poll,
				 napi, napi, type);
		return true;
	}
	*why = xasprintf("nothing proves %s is one per queue (%s): it is not reached from the "
			 "poll's own napi_struct, so queues polled at once on two CPUs could "
			 "share one copy", type,
			 how ? (strcmp(how, "queue-parameter") ? how : "found by its name only") :
			       "check gave no proof");
	return false;
}

/*
 * What the finding's own details rule out for every strategy: true when @i
 * is refused.
 */
static bool plan_refused(struct fixer *x, size_t i)
{
	const struct zt_finding *f = &x->fs->v[i];
	json_t *decl = json_object_get(f->details, "decl");

	if (!zt_is_record_type(f->type) && !zt_array_elem_len(f->type)) {
		fixer_refuse(x, i, "'%s' is not a struct, union or one-dimensional array local",
			     f->type ? f->type : "?");
		return true;
	}
	if (!zt_is_c_identifier(f->function)) {
		fixer_refuse(x, i, "the function name '%s' is not a C identifier", f->function);
		return true;
	}
	if (!zt_is_c_identifier(f->symbol)) {
		fixer_refuse(x, i, "'%s' is not a plain identifier", f->symbol ? f->symbol : "?");
		return true;
	}
	/*
	 * An initializer of the declaration is dropped by either rewrite: the
	 * definite assignment below gives it no credit, so no read can depend
	 * on it. A compound literal assigned later is a statement, not a
	 * declaration: neither template rewrites it.
	 */
	if (jint(decl, "compound_literal_line", 0) > 0) {
		fixer_refuse(x, i, "%s is zeroed by the compound literal at line %lld: zerotax "
			     "rewrites declarations, not assignments", f->symbol,
			     (long long)jint(decl, "compound_literal_line", 0));
		return true;
	}
	return false;
}

/* Why @i cannot be hoisted (NULL: it can), from its details. */
static char *no_hoist(struct fixer *x, size_t i)
{
	const struct zt_finding *f = &x->fs->v[i];
	json_t *d = f->details, *owner = json_object_get(d, "owner");
	const char *ot = jstr(owner, "type"), *op = jstr(owner, "param");
	char *proof = NULL;

	/* a copy reads all of it: definite assignment decides for __uninitialized */
	if (jtrue(json_object_get(d, "uses"), "by_value"))
		return xasprintf("%s is used by value (copied or passed by value): a shared copy "
				 "would change what the copy sees", f->symbol);
	if (zt_array_elem_len(f->type))
		return xasprintf("%s is an array: zerotax marks it __uninitialized, it does not "
				 "move arrays into the queue", f->symbol);
	if (jtrue(json_object_get(d, "uses"), "address_escapes"))
		return xasprintf("the address of %s is stored beyond the call or returned: it "
				 "would alias the per-queue copy", f->symbol);
	if (jtrue(d, "recursive"))
		return xasprintf("%s is recursive: nested calls would share one per-queue copy",
				 f->function);
	if (!owner || json_is_null(owner))
		return xasprintf("%s has no per-queue owner parameter to keep %s in", f->function,
				 f->symbol);
	if (!fixer_owner_proved(owner, &proof))
		return proof;
	free(proof);
	if (jtrue(owner, "name_taken"))
		return xasprintf("the name %s is already taken in %s", f->symbol,
				 ot ? ot : "the owner struct");
	if (!zt_is_record_type(ot) || !zt_is_c_identifier(op))
		return xasprintf("the owner of %s is not a struct pointer parameter", f->function);
	return NULL;
}

struct resolve {
	struct fixer *x;
	char *dir;		/* the driver: the finding's directory's parent */
};

/* zt_da_resolver: the TU of the database, in the driver, that defines @fn. */
static int resolve_fn(void *arg, const char *fn, char **file, char ***args)
{
	struct resolve *r = arg;
	const struct zt_compdb *db = r->x->o->db;
	size_t dl = strlen(r->dir);

	for (size_t i = 0; db && i < db->n; i++) {
		char *rel = zt_real_path_under(r->x->src, db->v[i].file), *text;
		const char *b, *e;
		bool hit = false;

		if (!rel || (dl && (strncmp(rel, r->dir, dl) || rel[dl] != '/'))) {
			free(rel);
			continue;
		}
		text = read_rel(r->x->src, rel);
		hit = text && zt_function_body(text, fn, &b, &e);
		free(text);
		if (hit) {
			*file = path_in(r->x->src, rel);
			*args = zt_fix_clang_args(&r->x->build, rel);
			free(rel);
			return 0;
		}
		free(rel);
	}
	return -1;
}

static char *parent_dir(const char *rel)
{
	char *d = xstrdup(rel), *s = strrchr(d, '/');

	if (!s) {
		d[0] = '\0';
		return d;
	}
	*s = '\0';
	s = strrchr(d, '/');
	if (s)
		*s = '\0';
	else
		d[0] = '\0';
	return d;
}

/* Field-level definite assignment of the local, from the AST (defassign.h). */
static bool plan_da(struct fixer *x, size_t i, struct site *s)
{
	const struct zt_finding *f = &x->fs->v[i];
	char **args = zt_fix_clang_args(&x->build, s->rel);
	char *abs = path_in(x->src, s->rel);
	json_t *decl = json_object_get(f->details, "decl");
	unsigned int line = (unsigned int)jint(decl, "line", f->line);
	struct zt_da_answer a;
	struct resolve rs = { x, parent_dir(s->rel) };
	struct zt_da_resolver res = { resolve_fn, &rs };
	int ret = zt_da_check(abs, args, f->function, f->symbol, line, x->helpers, &res, &a);

	free(rs.dir);
	zt_argv_free(args);
	free(abs);
	if (!ret && a.ok && a.init_call) {
		free(a.why);
		a.ok = false;
		a.why = xasprintf("the initializer of %s calls %s(): dropping the initializer "
				  "would drop the call", f->symbol, a.init_call);
	}
	free(a.init_call);
	if (ret || !a.ok) {
		fixer_refuse(x, i, "%s%s", ret ? "definite assignment not shown: " : "",
			     a.why ? a.why : "?");
		free(a.why);
		return false;
	}
	s->da_why = a.why;
	return true;
}

void fixer_plan_one(struct fixer *x, size_t i)
{
	const struct zt_finding *f = &x->fs->v[i];
	json_t *owner = json_object_get(f->details, "owner");
	struct site s = { .item = i, .f = f };
	char *why_not = NULL;

	if (!stack_finding(f) || f->suppressed || !f->function || plan_refused(x, i))
		return;
	s.rel = zt_real_path_under(x->src, f->file);
	if (!s.rel) {
		fixer_refuse(x, i, "%s is outside the tree %s", f->file, x->src);
		return;
	}
	if (x->o->strategy != ZT_FIX_UNINITIALIZED)
		why_not = no_hoist(x, i);
	if (x->o->strategy == ZT_FIX_HOIST && why_not) {
		fixer_refuse(x, i, "%s", why_not);
		goto drop;
	}
	/* never the optimizer's result: the AST says whether every read is written first */
	if (!plan_da(x, i, &s))
		goto drop;
	s.strategy = x->o->strategy == ZT_FIX_AUTO ?
		     (why_not ? ZT_FIX_UNINITIALIZED : ZT_FIX_HOIST) : x->o->strategy;
	s.no_hoist = x->o->strategy == ZT_FIX_AUTO ? why_not : NULL;
	if (s.no_hoist)
		why_not = NULL;
	if (s.strategy == ZT_FIX_HOIST) {
		const char *ot = jstr(owner, "type");

		fixer_owner_proved(owner, &s.owner_proof);
		s.owner_type = xstrdup(ot);
		s.owner_param = xstrdup(jstr(owner, "param"));
		s.owner_rel = zt_real_path_under(x->src, jstr(owner, "file"));
		if (!s.owner_rel) {
			fixer_refuse(x, i, "%s is not defined in the tree", ot);
			goto drop;
		}
		if (jstr(owner, "after") && zt_is_c_identifier(jstr(owner, "after")))
			s.anchor = xstrdup(jstr(owner, "after"));
	}
	free(why_not);
	s.type = xstrdup(f->type);
	s.var = xstrdup(f->symbol);
	x->sites = xrealloc(x->sites, (x->n_sites + 1) * sizeof(*x->sites));
	x->sites[x->n_sites++] = s;
	return;
drop:
	free(why_not);
	fixer_site_release(&s);
}

void fixer_site_release(struct site *s)
{
	free(s->rel);
	free(s->type);
	free(s->var);
	free(s->owner_type);
	free(s->owner_param);
	free(s->owner_rel);
	free(s->anchor);
	free(s->owner_proof);
	free(s->fill);
	free(s->da_why);
	free(s->no_hoist);
}

/* ---- text helpers ---------------------------------------------------------- */

static bool cold_comment(const char *b, const char *e)
{
	static const char *const words[] = { "control", "cold", "slow path", "slowpath",
					     "read-mostly", "config" };

	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (memmem(b, (size_t)(e - b), words[i], strlen(words[i])))
			return true;
	return false;
}

/*
 * Without a choice from the layout model (details.owner.after), the field goes
 * after the last hot member: before a comment that opens the cold part
 * ("control", "cold", "slow path"). Failing that, at the end, but not
 * behind a trailing cache-line aligned member: that one starts a line of its
 * own, and whatever follows it would share it.
 */
/* Only blanks between the line's start and @p: a section's heading comment. */
static bool starts_line(const char *text, const char *p)
{
	while (p > text && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	return p == text || p[-1] == '\n';
}

/* Does the comment [b, e) name the type's subsystem ("XDP" for struct xdp_buff)? */
static bool names_type(const char *b, const char *e, const char *type)
{
	static const char *const generic[] = { "buf", "buff", "info", "data", "desc", "ctx" };
	char *words = xstrdup(strchr(type, ' ') + 1), *save = NULL;
	bool hit = false;

	for (char *w = strtok_r(words, "_", &save); w && !hit; w = strtok_r(NULL, "_", &save)) {
		size_t n = strlen(w);
		bool skip = n < 3 || isdigit((unsigned char)w[n - 1]);

		for (size_t i = 0; i < ARRAY_SIZE(generic); i++)
			skip |= !strcmp(w, generic[i]);
		for (const char *p = b; !skip && !hit && p + n <= e; p++)
			hit = !strncasecmp(p, w, n) && !isalnum((unsigned char)p[n]) &&
			      (p == b || !isalnum((unsigned char)p[-1]));
	}
	free(words);
	return hit;
}

char *fixer_default_anchor(const char *otext, const char *owner_type, const char *type)
{
	const char *def = zt_find_definition(otext, owner_type);
	const char *open = def ? strchr(def, '{') : NULL, *close = open ? zt_match_brace(open) : NULL;
	const char *p, *stmt;
	char *names[2] = { NULL, NULL };
	bool last_aligned = false, in_section = false;
	int depth = 0;

	if (!close)
		return NULL;
	stmt = open + 1;
	for (p = open + 1; p < close; p++) {
		if (p[0] == '/' && p[1] == '*') {
			const char *e = strstr(p + 2, "*/");

			if (!e)
				break;
			/* "control", "cold", "slow path": the hot part ended with the member before. */
			if (!depth && names[1] &&
			    (cold_comment(p, e) || (in_section && starts_line(otext, p)))) {
				free(names[0]);
				return names[1];
			}
			/* The hot part's section for the type ("XDP"): the field ends it. */
			if (!depth && starts_line(otext, p) && names_type(p, e, type))
				in_section = true;
			p = e + 1;
			stmt = p + 1;
			continue;
		}
		if (*p == '{' || *p == '(' || *p == '[')
			depth++;
		else if (*p == '}' || *p == ')' || *p == ']')
			depth--;
		else if (*p == ';' && !depth) {
			/* The member's name: the last identifier outside brackets, not an attribute. */
			char *name = NULL;
			int dd = 0;
			bool bitfield = false;

			last_aligned = memmem(stmt, (size_t)(p - stmt), "aligned", 7) != NULL;
			for (const char *q = stmt; q < p; q++) {
				if (*q == '(' || *q == '[' || *q == '{')
					dd++;
				else if (*q == ')' || *q == ']' || *q == '}')
					dd--;
				else if (*q == ':' && !dd)
					bitfield = true;
				else if (!dd && !bitfield && (isalpha((unsigned char)*q) || *q == '_') &&
					 (q == stmt || !(isalnum((unsigned char)q[-1]) || q[-1] == '_'))) {
					const char *e = q;

					while (e < p && (isalnum((unsigned char)*e) || *e == '_'))
						e++;
					if (strncmp(q, "__", 2)) {
						free(name);
						name = xstrndup(q, (size_t)(e - q));
					}
					q = e - 1;
				}
			}
			free(names[0]);
			names[0] = names[1];
			names[1] = name;
			stmt = p + 1;
		}
	}
	free(names[1]);
	if (!last_aligned) {
		free(names[0]);
		return NULL;
	}
	return names[0];
}

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The words of a patch of fix --format-patch: its subject and its commit
 * message, from one driver's findings (patchmail_int.h). Every line of the
 * message is at most 75 columns: paragraphs wrap at 72, list items hang.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fix_internal.h"
#include "fixtree.h"
#include "patchmail_int.h"
#include "subjects.h"

/* ---- lines --------------------------------------------------------------- */

/* Break before a word; a line never starts with '#' (git would drop it as a comment). */
static size_t new_line(struct zt_strbuf *sb, const char *cont, const char *word)
{
	zt_strbuf_addf(sb, "\n%s%s", cont, !cont[0] && word[0] == '#' ? " " : "");
	return strlen(cont) + (!cont[0] && word[0] == '#');
}

/* @text in lines of at most @width columns (a longer word is cut at 75). */
static void wrap_at(struct zt_strbuf *sb, const char *first, const char *cont, const char *text,
		    size_t width)
{
	const char *p = text;
	size_t col = strlen(first);
	bool empty = true;	/* nothing yet after the line's prefix */

	zt_strbuf_adds(sb, first);
	while (*p) {
		size_t w;

		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		w = strcspn(p, " \t\n\r");
		if (!empty && col + 1 + w > width) {
			col = new_line(sb, cont, p);
			empty = true;
		}
		/* A word longer than a line (a long path) is cut: no line goes past 75. */
		while (empty && col + w > FIX_MAIL_MAX && col < FIX_MAIL_MAX) {
			size_t n = FIX_MAIL_MAX - col;

			zt_strbuf_add(sb, p, n);
			p += n;
			w -= n;
			col = new_line(sb, cont, p);
		}
		if (!empty) {
			zt_strbuf_adds(sb, " ");
			col++;
		}
		zt_strbuf_add(sb, p, w);
		col += w;
		p += w;
		empty = false;
	}
	zt_strbuf_adds(sb, "\n");
}

void fix_wrap(struct zt_strbuf *sb, const char *first, const char *cont, const char *text)
{
	wrap_at(sb, first, cont, text, FIX_MAIL_WRAP);
}

void fix_subject_header(struct zt_strbuf *sb, const char *tag, const char *subject)
{
	char *text = xasprintf("%s %s", tag, subject);

	/* RFC 5322 folding: git am and checkpatch take the blank-led lines as the header's */
	wrap_at(sb, "Subject: ", " ", text, FIX_MAIL_MAX);
	free(text);
}

static char *replace_all(const char *text, const char *what, const char *with)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	size_t wl = strlen(what);
	const char *p = text, *hit;

	if (!wl)
		return xstrdup(text);
	while ((hit = strstr(p, what))) {
		zt_strbuf_add(&sb, p, (size_t)(hit - p));
		zt_strbuf_adds(&sb, with);
		p = hit + wl;
	}
	zt_strbuf_adds(&sb, p);
	return zt_strbuf_detach(&sb, NULL);
}

char *fix_relative(const struct zt_fix_result *r, const char *text)
{
	const char *roots[] = { r->scratch_tree, r->source_root };
	char *out = xstrdup(text ? text : "");

	for (size_t i = 0; i < ARRAY_SIZE(roots); i++) {
		char *slash, *a, *b;

		if (!roots[i] || !roots[i][0])
			continue;
		slash = xasprintf("%s/", roots[i]);
		a = replace_all(out, slash, "");
		b = replace_all(a, roots[i], ".");
		free(slash);
		free(a);
		free(out);
		out = b;
	}
	return out;
}

/* ---- the subject ---------------------------------------------------------- */

/* "mlx5e_skb_from_cqe_linear" -> "mlx5e": the driver's prefix. */
static char *prefix_of(const char *name)
{
	const char *u = name ? strchr(name, '_') : NULL;

	return u ? xstrndup(name, (size_t)(u - name)) : xstrdup(name ? name : "driver");
}

/*
 * The subject prefix as netdev writes it, from the path in a kernel tree: a
 * "path" rule of rules/netdev-subjects.conf (mlx5 core's en* files are
 * "net/mlx5e"), else the driver's directory ("ice", "igc"). NULL off the
 * kernel's layout: the caller uses the function's prefix.
 */
static char *kernel_prefix(const struct zt_subject_rules *sr, const char *file)
{
	const char *p = file ? strstr(file, "drivers/net/ethernet/") : NULL;
	const char *vendor, *drv, *end, *ruled = zt_subject_path_prefix(sr, file);

	if (ruled)
		return xstrdup(ruled);
	if (!p)
		return NULL;
	vendor = p + 21;
	drv = strchr(vendor, '/');
	if (!drv)
		return NULL;
	drv++;
	end = strchr(drv, '/');
	/* drivers/net/ethernet/VENDOR/DRIVER/...; a file right in VENDOR/ names the vendor. */
	if (!end)
		return xstrndup(vendor, (size_t)(drv - vendor - 1));
	return xstrndup(drv, (size_t)(end - drv));
}

char *fix_part_key(const struct fix_mail *m, const struct zt_finding *f, const char *rel)
{
	char *abs = rel && m->r->source_root ? path_in(m->r->source_root, rel) : NULL;
	char *kp = kernel_prefix(m->sr, abs ? abs : f->file), *pfx;

	free(abs);
	if (kp)
		return kp;
	pfx = prefix_of(f->function);
	kp = xasprintf("net/%s", pfx);
	free(pfx);
	return kp;
}

/* "struct mlx5e_xdp_buff" -> "xdp_buff": the name without its keyword and the driver's prefix. */
static char *bare_name(const char *type, const char *pfx, bool *stripped)
{
	static const char *const kw[] = { "struct ", "union ", "enum " };
	const char *t = type ? type : "";
	size_t n, pl = strlen(pfx);
	char *name;

	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (!strncmp(t, kw[i], strlen(kw[i])))
			t += strlen(kw[i]);
	n = strspn(t, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	name = n ? xstrndup(t, n) : xstrdup("local");
	*stripped = !strncmp(name, pfx, pl) && name[pl] == '_' && name[pl + 1];
	if (*stripped)
		memmove(name, name + pl + 1, strlen(name + pl + 1) + 1);
	return name;
}

/*
 * The name without the subject's driver ("net/mlx4_en": mlx4_en_cq -> cq),
 * else without the function's prefix (bnxt_rx_pkt: bnxt_cp_ring_info ->
 * cp_ring_info).
 */
static char *subject_name(const char *type, const char *subject_prefix, const char *pfx)
{
	const char *slash = strrchr(subject_prefix, '/');
	bool stripped = false;
	char *name = bare_name(type, slash ? slash + 1 : subject_prefix, &stripped);

	if (stripped)
		return name;
	free(name);
	return bare_name(type, pfx, &stripped);
}

static const struct zt_fix_item *lead_item(const struct fix_mail *m, const struct fix_part *p)
{
	for (size_t i = 0; i < p->n_applied; i++)
		if (m->r->items[p->applied[i]].strategy == ZT_FIX_HOIST)
			return &m->r->items[p->applied[i]];
	return p->n_applied ? &m->r->items[p->applied[0]] : NULL;
}

char *fix_part_subject(const struct fix_mail *m, const struct fix_part *p)
{
	const struct zt_fix_item *it = lead_item(m, p);
	const struct zt_finding *f;
	char *pfx, *tname, *obj, *subject;

	if (!it)
		return xstrdup("zerotax: nothing to change");
	f = &m->fs->v[it->finding];
	pfx = prefix_of(f->function);
	tname = subject_name(f->type, p->prefix, pfx);
	obj = zt_subject_words(m->sr, tname);
	if (f->type && strchr(f->type, '[')) {
		char *a = xasprintf("%s array", obj);

		free(obj);
		obj = a;
	}
	if (it->strategy == ZT_FIX_HOIST) {
		const char *ot = it->owner ? it->owner :
				 jstr(json_object_get(f->details, "owner"), "type");
		char *oname = ot ? subject_name(ot, p->prefix, pfx) : xstrdup("queue");
		char *own = zt_subject_words(m->sr, oname);

		subject = xasprintf("%s: Reuse per-%s %s to avoid stack zeroing overhead",
				    p->prefix, own, obj);
		free(oname);
		free(own);
	} else {
		subject = xasprintf("%s: Do not zero the on-stack %s on every packet", p->prefix,
				    obj);
	}
	free(pfx);
	free(tname);
	free(obj);
	return subject;
}

/* ---- the message ------------------------------------------------------------ */

static void add_evidence(struct zt_strbuf *sb, const struct zt_finding *f)
{
	json_t *ev = json_object_get(f->details, "evidence");
	json_t *fr = json_object_get(f->details, "frame_size");
	const char *names[] = { "gcc", "clang" };
	char *line = xasprintf("%s(): %s %s, %lld bytes%s", f->function, f->type, f->symbol,
			       f->size, f->freq == ZT_FREQ_PER_PACKET ? ", per packet" : "");

	fix_wrap(sb, "- ", "  ", line);
	free(line);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		json_t *e = json_object_get(ev, names[i]);
		char *frame;

		if (!json_is_object(e))
			continue;
		frame = jint(fr, names[i], -1) >= 0 ?
			xasprintf(", frame %lld bytes", jint(fr, names[i], -1)) : xstrdup("");
		line = xasprintf("%s: %lld bytes of zeroing survive -O2%s",
				 jstr(e, "compiler") ? jstr(e, "compiler") : names[i],
				 jint(e, "bytes", -1), frame);
		fix_wrap(sb, "    ", "      ", line);
		free(line);
		free(frame);
	}
	if (f->n_chain) {
		struct zt_strbuf c = ZT_STRBUF_INIT;

		zt_strbuf_adds(&c, "hot chain:");
		for (size_t i = 0; i < f->n_chain; i++)
			zt_strbuf_addf(&c, "%s %s", i ? " ->" : "", f->chain[i]);
		fix_wrap(sb, "    ", "      ", c.buf);
		zt_strbuf_release(&c);
	}
}

/* The first paragraph: why the zeroing is paid, and where. */
static void add_intro(struct zt_strbuf *sb, const struct fix_mail *m, const struct fix_part *p)
{
	const struct zt_finding *f0 = &m->fs->v[m->r->items[p->applied[0]].finding];
	bool same = true, per_packet = true;
	char *decl, *text;

	for (size_t i = 0; i < p->n_applied; i++) {
		const struct zt_finding *f = &m->fs->v[m->r->items[p->applied[i]].finding];

		same &= f->type && f0->type && !strcmp(f->type, f0->type) &&
			!strcmp(f->symbol, f0->symbol);
		per_packet &= f->freq == ZT_FREQ_PER_PACKET;
	}
	if (p->n_applied == 1)
		decl = xasprintf("function below declares %s %s on the stack and runs", f0->type,
				 f0->symbol);
	else if (same)
		decl = xasprintf("functions below declare %s %s on the stack and run", f0->type,
				 f0->symbol);
	else
		decl = xstrdup("functions below each declare a local on the stack and run");
	text = xasprintf("With stack auto-initialization (CONFIG_INIT_STACK_ALL_ZERO) every "
			 "local variable is zeroed on entry. The %s %s, so the zeroing is paid %s:",
			 decl, per_packet ? "once per received packet" : "on the hot path",
			 per_packet ? "per packet" : "on every call");
	fix_wrap(sb, "", "", text);
	free(text);
	free(decl);
}

/* "why" past the strategy's name ("hoist: ", "uninitialized: "). */
static const char *why_body(const char *why)
{
	const char *colon = why ? strchr(why, ':') : NULL;

	if (colon && colon < why + strcspn(why, " ") + 1)
		return colon + 2;
	return why;
}

/* "a()", "a() and b()", "a(), b() and c()" */
static void add_function_list(struct zt_strbuf *sb, char **fns, size_t n)
{
	for (size_t i = 0; i < n; i++)
		zt_strbuf_addf(sb, "%s%s()", !i ? "" : i + 1 == n ? " and " : ", ", fns[i]);
}

/* "struct T: #include <x.h> in en.h" -> "en.h now includes <x.h>, for ..." */
static char *included_sentence(const char *included, const char *type)
{
	const char *inc = included ? strstr(included, "#include ") : NULL;
	const char *in = inc ? strstr(inc, " in ") : NULL;

	if (!inc || !in)
		return xstrdup("");
	inc += 9;
	return xasprintf(" %s now includes %.*s, for the definition of %s.", in + 4,
			 (int)(in - inc), inc, type);
}

/* One field hoisted: every applied finding of @p that adds it, in one paragraph. */
static void add_hoist(struct zt_strbuf *sb, const struct fix_mail *m, const struct fix_part *p,
		      size_t k, bool *done)
{
	const struct zt_fix_item *it = &m->r->items[p->applied[k]];
	const struct zt_finding *f = &m->fs->v[it->finding];
	const char *why = why_body(it->why), *proof;
	struct zt_strbuf text = ZT_STRBUF_INIT;
	char **fns = xcalloc(p->n_applied, sizeof(*fns)), *fill, *inc;
	size_t n = 0;

	for (size_t i = k; i < p->n_applied; i++) {
		const struct zt_fix_item *o = &m->r->items[p->applied[i]];
		const struct zt_finding *g = &m->fs->v[o->finding];

		if (done[i] || o->strategy != ZT_FIX_HOIST || strcmp(g->symbol, f->symbol) ||
		    strcmp(g->type, f->type) || strcmp(o->owner ? o->owner : "",
						       it->owner ? it->owner : ""))
			continue;
		done[i] = true;
		fns[n++] = g->function;
	}
	proof = why ? strstr(why, "replaces the per-call copy: ") : NULL;
	fill = why ? xstrndup(why, strcspn(why, ";")) :
		     xstrdup("every field is written before it is read");
	zt_strbuf_addf(&text, "Keep one %s per queue instead: it becomes the member %s of %s, ",
		       f->type, f->symbol, it->owner ? it->owner : "the owner");
	if (it->after)
		zt_strbuf_addf(&text, "after %s, among the per-packet members, and ", it->after);
	else
		zt_strbuf_adds(&text, "at its end, and ");
	add_function_list(&text, fns, n);
	zt_strbuf_addf(&text, " take%s a pointer to it. %s; and %s, so no packet sees what the "
		       "previous one left.", n > 1 ? "" : "s",
		       proof ? proof + 28 : "The owner is one per queue", fill);
	if (it->moved_from)
		zt_strbuf_addf(&text, " The owner embeds it by value now, so the definition of %s "
			       "moves from %s into %s, before the owner.", f->type, it->moved_from,
			       it->moved_to);
	inc = included_sentence(it->included, f->type);
	zt_strbuf_adds(&text, inc);
	fix_wrap(sb, "", "", text.buf);
	zt_strbuf_release(&text);
	free(inc);
	free(fill);
	free(fns);
}

static void add_uninitialized(struct zt_strbuf *sb, const struct fix_mail *m,
			      const struct zt_fix_item *it)
{
	const struct zt_finding *f = &m->fs->v[it->finding];
	const char *why = why_body(it->why), *semi = it->why ? strchr(it->why, ';') : NULL;
	char *fill = why ? xstrndup(why, strcspn(why, ";")) :
			   xstrdup("every field is written before it is read");
	char *text = xasprintf("Mark %s in %s() __uninitialized instead: %s, so the zeroing is "
			       "dead work (%s).", f->symbol, f->function, fill,
			       semi ? semi + 2 : "see the evidence above");

	fix_wrap(sb, "", "", text);
	free(text);
	free(fill);
}

static void add_not_changed(struct zt_strbuf *sb, const struct fix_mail *m,
			    const struct fix_part *p)
{
	for (size_t i = 0; i < p->n_refused; i++) {
		const struct zt_fix_item *it = &m->r->items[p->refused[i]];
		const struct zt_finding *f = &m->fs->v[it->finding];
		char *rel = zt_real_path_under(m->r->source_root, f->file);
		char *file = rel ? rel : fix_relative(m->r, f->file);
		char *reason = fix_relative(m->r, it->reason ? it->reason : "refused");
		char *text = xasprintf("%s() in %s: %s", f->function, file, reason);

		zt_strbuf_adds(sb, "\n");
		fix_wrap(sb, "Not changed: ", "  ", text);
		free(text);
		free(reason);
		free(file);
	}
}

/*
 * The message: why the zeroing costs (each finding's evidence), what each
 * change does and why it is safe (per finding, by its own strategy), the
 * bench table, what was not changed and why.
 */
void fix_part_message(struct zt_strbuf *sb, const struct fix_mail *m, const struct fix_part *p,
		      const char *bench)
{
	bool *done = xcalloc(p->n_applied + 1, sizeof(*done));

	add_intro(sb, m, p);
	zt_strbuf_adds(sb, "\n");
	for (size_t i = 0; i < p->n_applied; i++)
		add_evidence(sb, &m->fs->v[m->r->items[p->applied[i]].finding]);
	for (size_t i = 0; i < p->n_applied; i++) {
		const struct zt_fix_item *it = &m->r->items[p->applied[i]];

		if (done[i])
			continue;
		zt_strbuf_adds(sb, "\n");
		if (it->strategy == ZT_FIX_HOIST) {
			add_hoist(sb, m, p, i, done);
		} else {
			done[i] = true;
			add_uninitialized(sb, m, it);
		}
	}
	free(done);
	if (bench) {
		zt_strbuf_adds(sb, "\nMeasured on the bundled reference driver:\n\n");
		zt_strbuf_adds(sb, bench);
		if (bench[0] && bench[strlen(bench) - 1] != '\n')
			zt_strbuf_adds(sb, "\n");
	}
	add_not_changed(sb, m, p);
}

char *zt_fix_subject(const struct zt_subject_rules *sr, const struct zt_findings *fs,
		     const struct zt_fix_result *r)
{
	const struct fix_mail m = { .fs = fs, .r = r, .sr = sr };
	struct fix_part p = { 0 };
	char *rel, *subject;

	for (size_t i = 0; i < r->n_items; i++)
		if (r->items[i].status == ZT_FIX_APPLIED) {
			ZT_ALLOC_GROW(p.applied, p.n_applied + 1, p.alloc_applied);
			p.applied[p.n_applied++] = i;
		}
	if (!p.n_applied)
		return xstrdup("zerotax: nothing to change");
	rel = r->source_root ? zt_real_path_under(r->source_root,
						  fs->v[r->items[p.applied[0]].finding].file) : NULL;
	p.prefix = fix_part_key(&m, &fs->v[r->items[p.applied[0]].finding], rel);
	subject = fix_part_subject(&m, &p);
	free(rel);
	free(p.prefix);
	free(p.applied);
	return subject;
}

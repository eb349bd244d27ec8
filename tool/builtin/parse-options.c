// SPDX-License-Identifier: GPL-2.0-only
/* Option tables: parsing, --help and the doc pages' options sections; see parse-options.h. */
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "parse-options.h"
#include "strbuf.h"

#define HELP_COLUMN 24	/* where the help text starts in --help */
#define OPT_BASE 256	/* getopt_long() values of table entries: OPT_BASE + index */

static const char *const format_names[] = {
	[ZT_FORMAT_TEXT] = "text",
	[ZT_FORMAT_JSON] = "json",
	[ZT_FORMAT_SARIF] = "sarif",
	[ZT_FORMAT_GCC] = "gcc",
	[ZT_FORMAT_REPORT] = "report",
	[ZT_FORMAT_HTML] = "html",
};

unsigned long zt_format_bits(int first, ...)
{
	unsigned long bits = 0;
	va_list ap;

	va_start(ap, first);
	for (int f = first; f >= 0; f = va_arg(ap, int))
		bits |= 1UL << f;
	va_end(ap);
	return bits;
}

const char *zt_format_name(enum zt_format f)
{
	return (size_t)f < ARRAY_SIZE(format_names) ? format_names[f] : "?";
}

/* "text (default), json or sarif": the names @allowed, in the table's order. */
static void format_list(struct zt_strbuf *sb, unsigned long allowed, int def)
{
	size_t n = 0, k = 0;

	for (size_t f = 0; f < ARRAY_SIZE(format_names); f++)
		n += !!(allowed & (1UL << f));
	for (size_t f = 0; f < ARRAY_SIZE(format_names); f++) {
		if (!(allowed & (1UL << f)))
			continue;
		if (k)
			zt_strbuf_adds(sb, ++k == n ? " or " : ", ");
		else
			k++;
		zt_strbuf_adds(sb, format_names[f]);
		if ((int)f == def)
			zt_strbuf_adds(sb, " (default)");
	}
}

static int parse_format(const struct zt_option *o, const char *arg, enum zt_format *out)
{
	for (size_t f = 0; f < ARRAY_SIZE(format_names); f++) {
		if ((o->min & (1UL << f)) && !strcmp(arg, format_names[f])) {
			*out = (enum zt_format)f;
			return 0;
		}
	}
	return -1;
}

/* "-j" or "--min-size": how messages name an option (the short name, as usually typed). */
static void option_name(struct zt_strbuf *sb, const struct zt_option *o)
{
	if (o->short_name)
		zt_strbuf_addf(sb, "-%c", o->short_name);
	else
		zt_strbuf_addf(sb, "--%s", o->long_name);
}

static void store_uint(const struct zt_option *o, unsigned long v)
{
	switch (o->defval) {
	case sizeof(uint8_t):
		*(uint8_t *)o->value = (uint8_t)v;
		break;
	case sizeof(uint16_t):
		*(uint16_t *)o->value = (uint16_t)v;
		break;
	case sizeof(uint32_t):
		*(uint32_t *)o->value = (uint32_t)v;
		break;
	default:
		*(uint64_t *)o->value = v;
		break;
	}
}

/* One option with its argument (NULL when it takes none). */
static int apply(struct zt_ctx *ctx, const struct zt_option *o, const char *arg)
{
	struct zt_strbuf name = ZT_STRBUF_INIT, list = ZT_STRBUF_INIT;
	unsigned long v;
	int ret = 0;

	switch (o->type) {
	case ZT_OPT_BOOL:
		*(bool *)o->value = o->defval;
		break;
	case ZT_OPT_COUNT:
		(*(int *)o->value)++;
		break;
	case ZT_OPT_STRING:
		*(const char **)o->value = arg;
		break;
	case ZT_OPT_LIST:
		zt_strvec_push(o->value, arg);
		break;
	case ZT_OPT_UINT:
		if (zt_parse_uint(arg, o->max, &v) || v < o->min) {
			option_name(&name, o);
			ret = error("%s wants %s, not '%s'", name.buf, o->what, arg);
			break;
		}
		store_uint(o, v);
		break;
	case ZT_OPT_FORMAT:
		if (parse_format(o, arg, o->value)) {
			format_list(&list, o->min, -1);
			ret = error("--format wants %s, not '%s'", list.buf, arg);
			break;
		}
		ctx->format = *(enum zt_format *)o->value;
		break;
	case ZT_OPT_CALLBACK:
		ret = o->cb(ctx, o, arg);
		break;
	case ZT_OPT_END:
	case ZT_OPT_GROUP:
	case ZT_OPT_NOTE:
		break;
	}
	zt_strbuf_release(&name);
	zt_strbuf_release(&list);
	return ret;
}

static bool takes_arg(const struct zt_option *o)
{
	switch (o->type) {
	case ZT_OPT_STRING:
	case ZT_OPT_LIST:
	case ZT_OPT_UINT:
	case ZT_OPT_FORMAT:
		return true;
	case ZT_OPT_CALLBACK:
		return !(o->flags & ZT_OPTF_NOARG);
	default:
		return false;
	}
}

static bool is_option(const struct zt_option *o)
{
	return o->type != ZT_OPT_GROUP && o->type != ZT_OPT_NOTE;
}

static const struct zt_option *find_long(const struct zt_option *opts, const char *name, size_t n)
{
	for (const struct zt_option *o = opts; o->type != ZT_OPT_END; o++)
		if (is_option(o) && o->long_name && strlen(o->long_name) == n &&
		    !strncmp(o->long_name, name, n))
			return o;
	return NULL;
}

static const struct zt_option *find_short(const struct zt_option *opts, int c)
{
	for (const struct zt_option *o = opts; o->type != ZT_OPT_END; o++)
		if (is_option(o) && o->short_name == c)
			return o;
	return NULL;
}

bool zt_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return false;
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return true;
	}
	return false;
}

/*
 * After an option error: is JSON asked for anywhere on the command line? The
 * error object then goes to stdout as for every other error in JSON mode.
 */
static void sniff_format(struct zt_ctx *ctx, int argc, char **argv, const struct zt_option *opts)
{
	const struct zt_option *o = find_long(opts, "format", 6);
	enum zt_format f;

	if (!o || o->type != ZT_OPT_FORMAT)
		return;
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		const char *arg = NULL;

		if (!strncmp(argv[i], "--format=", 9))
			arg = argv[i] + 9;
		else if (!strcmp(argv[i], "--format") && i + 1 < argc)
			arg = argv[i + 1];
		if (arg && !parse_format(o, arg, &f))
			ctx->format = f;
	}
}

/* Kbuild mode (ZT_PARSE_LONG_PREFIX): our long options and -v, until the first that is not. */
static int parse_long_prefix(struct zt_ctx *ctx, int argc, char **argv,
			     const struct zt_option *opts)
{
	int i = 1;

	for (; i < argc; i++) {
		const char *a = argv[i], *eq, *arg = NULL;
		const struct zt_option *o;
		int ret;

		if (a[0] == '-' && a[1] && a[1] != '-' && !a[2] && (o = find_short(opts, a[1])) &&
		    !takes_arg(o)) {
			ret = apply(ctx, o, NULL);
		} else {
			if (strncmp(a, "--", 2) || !a[2])
				break;
			eq = strchr(a, '=');
			o = find_long(opts, a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2));
			if (!o)
				break;	/* --param=... and other compiler options */
			if (takes_arg(o)) {
				if (!eq && i + 1 >= argc)
					return error("option '%s' needs a value", a);
				arg = eq ? eq + 1 : argv[++i];
			} else if (eq) {
				return error("option '--%s' takes no value", o->long_name);
			}
			ret = apply(ctx, o, arg);
		}
		if (ret)
			return ret < 0 ? -1 : 0;
	}
	return i;
}

/* getopt_long()'s view of @opts: an optstring and a struct option per long name. */
static struct option *getopt_table(const struct zt_option *opts, unsigned int flags,
				   struct zt_strbuf *shorts)
{
	size_t n = 0, k = 0;
	struct option *lo;

	for (const struct zt_option *o = opts; o->type != ZT_OPT_END; o++)
		n++;
	lo = xcalloc(n + 3, sizeof(*lo));
	/* '+': stop at a non-option; ':': a missing value is ':' rather than '?' */
	zt_strbuf_adds(shorts, flags & ZT_PARSE_STOP_AT_NON_OPTION ? "+:" : ":");
	for (size_t i = 0; i < n; i++) {
		const struct zt_option *o = &opts[i];

		if (!is_option(o))
			continue;
		if (o->short_name)
			zt_strbuf_addf(shorts, "%c%s", o->short_name, takes_arg(o) ? ":" : "");
		if (o->long_name)
			lo[k++] = (struct option){ o->long_name,
						   takes_arg(o) ? required_argument : no_argument,
						   NULL, OPT_BASE + (int)i };
	}
	lo[k++] = (struct option){ "options-doc", no_argument, NULL, OPT_BASE - 1 };
	return lo;
}

/* The option getopt_long() just stumbled on, as the user wrote it. */
static void bad_option(struct zt_strbuf *sb, char **argv, int c)
{
	const char *a = argv[optind - 1];

	if (!strncmp(a, "--", 2))
		zt_strbuf_add(sb, a, strchrnul(a, '=') - a);
	else
		zt_strbuf_addf(sb, "-%c", c ? c : a[1]);
}

static int parse_getopt(struct zt_ctx *ctx, const char *cmd, int argc, char **argv,
			const struct zt_option *opts, unsigned int flags)
{
	struct zt_strbuf shorts = ZT_STRBUF_INIT, name = ZT_STRBUF_INIT;
	struct option *lo = getopt_table(opts, flags, &shorts);
	int c, ret = 0;

	optind = 0;	/* full reset: a command may run more than once in a process */
	opterr = 0;	/* our messages, prefixed, to the error path */
	while (!ret && (c = getopt_long(argc, argv, shorts.buf, lo, NULL)) != -1) {
		const struct zt_option *o = NULL;

		if (c == OPT_BASE - 1) {
			zt_options_fprintf(ctx->out, opts);
			ret = ZT_OPT_DONE;
			break;
		}
		if (c == ':' || c == '?') {
			bad_option(&name, argv, optopt);
			if (c == ':')
				ret = error("option '%s' needs a value", name.buf);
			else if (name.len > 2 && find_long(opts, name.buf + 2, name.len - 2))
				ret = error("option '%s' takes no value", name.buf);
			else
				ret = error("unknown option '%s'; see 'zerotax %s --help'", name.buf,
					    cmd);
			break;
		}
		o = c >= OPT_BASE ? &opts[c - OPT_BASE] : find_short(opts, c);
		ret = apply(ctx, o, takes_arg(o) ? optarg : NULL);
	}
	free(lo);
	zt_strbuf_release(&shorts);
	zt_strbuf_release(&name);
	if (ret)
		return ret < 0 ? -1 : 0;
	return optind;
}

int zt_parse_options(struct zt_ctx *ctx, const char *cmd, int argc, char **argv,
		     const struct zt_option *opts, const struct zt_usage *usage,
		     unsigned int flags)
{
	int ret;

	if (argc > 1 && !strcmp(argv[1], "--options-json")) {
		zt_options_json_fprintf(ctx->out, cmd, opts, usage);
		return 0;
	}
	if (zt_wants_help(argc, argv)) {
		zt_usage_fprintf(ctx->out, cmd, opts, usage);
		return 0;
	}
	ret = flags & ZT_PARSE_LONG_PREFIX ? parse_long_prefix(ctx, argc, argv, opts) :
					     parse_getopt(ctx, cmd, argc, argv, opts, flags);
	if (ret < 0)
		sniff_format(ctx, argc, argv, opts);
	return ret;
}

/* The left column: "-p BUILD_DIR", "-i, --input FILE", "--format=FMT". */
static void left_column(struct zt_strbuf *sb, const struct zt_option *o)
{
	if (o->type == ZT_OPT_NOTE) {
		zt_strbuf_adds(sb, o->argh);
		return;
	}
	if (o->short_name)
		zt_strbuf_addf(sb, "-%c", o->short_name);
	if (o->short_name && o->long_name)
		zt_strbuf_adds(sb, ", ");
	if (o->long_name)
		zt_strbuf_addf(sb, "--%s", o->long_name);
	if (o->argh)
		zt_strbuf_addf(sb, "%s%s", o->long_name && (o->flags & ZT_OPTF_EQ) ? "=" : " ",
			       o->argh);
}

static void help_text(struct zt_strbuf *sb, const struct zt_option *o)
{
	if (o->help)
		zt_strbuf_adds(sb, o->help);
	if (o->type != ZT_OPT_FORMAT)
		return;
	zt_strbuf_adds(sb, o->help ? ":\n" : "");
	format_list(sb, o->min, (int)*(enum zt_format *)o->value);
}

void zt_options_fprintf(FILE *f, const struct zt_option *opts)
{
	struct zt_strbuf left = ZT_STRBUF_INIT, help = ZT_STRBUF_INIT;
	bool first = true;

	for (const struct zt_option *o = opts; o->type != ZT_OPT_END; o++) {
		const char *line, *nl;

		if (o->type == ZT_OPT_GROUP) {
			fprintf(f, "%s%s\n", first ? "" : "\n", o->help);
			first = false;
			continue;
		}
		if (o->flags & ZT_OPTF_HIDDEN)
			continue;
		if (first)
			fputs("options:\n", f);
		first = false;
		left.len = help.len = 0;
		left_column(&left, o);
		help_text(&help, o);
		fprintf(f, "  %s", left.buf);
		/* a long left column: the help starts on the next line */
		if (left.len + 2 >= HELP_COLUMN - 1)
			fprintf(f, "\n%*s", HELP_COLUMN, "");
		else
			fprintf(f, "%*s", (int)(HELP_COLUMN - 2 - left.len), "");
		for (line = help.buf; (nl = strchr(line, '\n')); line = nl + 1)
			fprintf(f, "%.*s\n%*s", (int)(nl - line), line, HELP_COLUMN, "");
		fprintf(f, "%s\n", line);
	}
	zt_strbuf_release(&left);
	zt_strbuf_release(&help);
}

void zt_usage_fprintf(FILE *f, const char *cmd, const struct zt_option *opts,
		      const struct zt_usage *usage)
{
	const char *line = usage->usage, *nl;

	for (bool first = true; line; line = nl ? nl + 1 : NULL, first = false) {
		nl = strchr(line, '\n');
		fprintf(f, "%s%.*s\n", first ? "usage: " : "       ",
			nl ? (int)(nl - line) : (int)strlen(line), line);
	}
	if (usage->about)
		fprintf(f, "\n%s", usage->about);
	fputc('\n', f);
	zt_options_fprintf(f, opts);
	if (usage->tail)
		fprintf(f, "\n%s", usage->tail);
	(void)cmd;
}

int zt_opt_checks(struct zt_ctx *ctx, const struct zt_option *opt, const char *arg)
{
	(void)ctx;
	if (zt_check_set_apply(opt->data, arg))
		return error("unknown check '%s'; see 'zerotax check --list-checks'", arg);
	return 0;
}

static const char *type_name(const struct zt_option *o)
{
	switch (o->type) {
	case ZT_OPT_BOOL:
	case ZT_OPT_COUNT:
		return "flag";
	case ZT_OPT_LIST:
		return "list";
	case ZT_OPT_UINT:
		return "number";
	case ZT_OPT_FORMAT:
		return "format";
	default:
		return takes_arg(o) ? "string" : "flag";
	}
}

static json_t *option_json(const struct zt_option *o)
{
	struct zt_strbuf sb = ZT_STRBUF_INIT;
	json_t *j = json_object();

	if (o->type == ZT_OPT_GROUP) {
		json_object_set_new(j, "group", json_string(o->help));
		return j;
	}
	if (o->type == ZT_OPT_NOTE) {
		json_object_set_new(j, "note", json_string(o->argh));
		json_object_set_new(j, "help", json_string(o->help ? o->help : ""));
		return j;
	}
	if (o->short_name) {
		char s[2] = { (char)o->short_name, '\0' };

		json_object_set_new(j, "short", json_string(s));
	}
	if (o->long_name)
		json_object_set_new(j, "long", json_string(o->long_name));
	json_object_set_new(j, "type", json_string(type_name(o)));
	if (takes_arg(o) && o->argh)
		json_object_set_new(j, "arg", json_string(o->argh));
	json_object_set_new(j, "eq", json_boolean(o->flags & ZT_OPTF_EQ));
	json_object_set_new(j, "hidden", json_boolean(o->flags & ZT_OPTF_HIDDEN));
	help_text(&sb, o);
	json_object_set_new(j, "help", json_string(sb.buf ? sb.buf : ""));
	if (o->type == ZT_OPT_FORMAT) {
		json_t *v = json_array();

		for (size_t f = 0; f < ARRAY_SIZE(format_names); f++)
			if (o->min & (1UL << f))
				json_array_append_new(v, json_string(format_names[f]));
		json_object_set_new(j, "values", v);
	}
	zt_strbuf_release(&sb);
	return j;
}

void zt_options_json_fprintf(FILE *f, const char *cmd, const struct zt_option *opts,
			     const struct zt_usage *usage)
{
	json_t *doc = json_object(), *list = json_array();

	json_object_set_new(doc, "command", json_string(cmd));
	json_object_set_new(doc, "usage", json_string(usage->usage));
	json_object_set_new(doc, "about", json_string(usage->about ? usage->about : ""));
	json_object_set_new(doc, "tail", json_string(usage->tail ? usage->tail : ""));
	json_object_set_new(doc, "examples",
			    json_string(usage->examples ? usage->examples : ""));
	for (const struct zt_option *o = opts; o->type != ZT_OPT_END; o++)
		json_array_append_new(list, option_json(o));
	json_object_set_new(doc, "options", list);
	json_dumpf(doc, f, JSON_INDENT(2));
	fputc('\n', f);
	json_decref(doc);
}

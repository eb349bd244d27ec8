// SPDX-License-Identifier: GPL-2.0-only
/*
 * clang's optimization records (annotation-remarks) read with llvm-c/Remarks.h.
 * Only the auto-init records matter: AutoInitIntrinsicCall (a memset),
 * AutoInitStore (a plain store) and AutoInitUnknownInstruction; each says how
 * many bytes of zeroing survived, for which variable, at its declaration.
 */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Remarks.h>

#include "evidence.h"
#include "zerotax.h"

static bool str_is(LLVMRemarkStringRef s, const char *lit)
{
	size_t n = strlen(lit);

	return s && LLVMRemarkStringGetLen(s) == n && !memcmp(LLVMRemarkStringGetData(s), lit, n);
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Append code point @cp as UTF-8. */
static size_t put_utf8(char *o, unsigned long cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | ((cp >> 18) & 0x07));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* The body of a double-quoted YAML scalar, escapes decoded; NULL if malformed. */
static char *yaml_double_quoted(const char *p, size_t n)
{
	/* escape, value pairs; then the escapes that stand for a code point */
	static const char simple[] = "0\0a\ab\bt\tn\nv\vf\fr\re\x1b  \"\"//\\\\\t\t";
	static const char named[] = "N_LP";
	static const unsigned long named_cp[] = { 0x85, 0xa0, 0x2028, 0x2029 };
	char *out = xmalloc(n * 4 + 1), *o = out;

	for (size_t i = 0; i < n; i++) {
		unsigned long cp = 0;
		int digits = 0;
		const char *e;

		if (p[i] != '\\') {
			*o++ = p[i];
			continue;
		}
		if (++i == n)
			goto bad;
		e = NULL;
		for (size_t k = 0; k + 1 < sizeof(simple) && !e; k += 2)
			if (simple[k] == p[i])
				e = &simple[k];
		if (e) {
			*o++ = e[1];
			continue;
		}
		if (p[i] == 'x')
			digits = 2;
		else if (p[i] == 'u')
			digits = 4;
		else if (p[i] == 'U')
			digits = 8;
		else if ((e = strchr(named, p[i])) && p[i])
			cp = named_cp[e - named];
		else
			goto bad;
		for (int d = 0; d < digits; d++) {
			int v = ++i < n ? hex_digit(p[i]) : -1;

			if (v < 0)
				goto bad;
			cp = cp * 16 + (unsigned long)v;
		}
		/* \xNN is a byte (LLVM writes non-UTF-8 bytes so); the others code points */
		if (digits == 2)
			*o++ = (char)cp;
		else if (cp > 0x10ffff)
			goto bad;
		else
			o += put_utf8(o, cp);
	}
	*o = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

/*
 * A string of the record, with YAML's quoting undone. LLVM's YAML remark
 * parser hands scalars over raw, only dropping a leading and a trailing
 * single quote: 'it''s.c' arrives as it''s.c, and a double-quoted one with
 * its quotes and escapes. Bitstream strings are exact (@yaml false).
 */
static char *str_dup_q(LLVMRemarkStringRef s, bool yaml)
{
	const char *p;
	size_t n;
	char *out, *o;

	if (!s)
		return NULL;
	p = LLVMRemarkStringGetData(s);
	n = LLVMRemarkStringGetLen(s);
	if (!yaml)
		return xstrndup(p, n);
	if (n >= 2 && p[0] == '"' && p[n - 1] == '"') {
		out = yaml_double_quoted(p + 1, n - 2);
		return out ? out : xstrndup(p, n);
	}
	out = o = xmalloc(n + 1);
	for (size_t i = 0; i < n; i++) {
		*o++ = p[i];
		if (p[i] == '\'' && i + 1 < n && p[i + 1] == '\'')
			i++;	/* '' is one quote inside a single-quoted scalar */
	}
	*o = '\0';
	return out;
}

/* Remark values are strings ('40'); -1 when not a plain decimal number. */
static long long str_number(LLVMRemarkStringRef s)
{
	const char *p = LLVMRemarkStringGetData(s);
	uint32_t n = LLVMRemarkStringGetLen(s);
	long long v = 0;

	if (!n || n > 18)
		return -1;
	for (uint32_t i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		v = v * 10 + (p[i] - '0');
	}
	return v;
}

static bool is_autoinit(LLVMRemarkEntryRef r)
{
	LLVMRemarkStringRef name = LLVMRemarkEntryGetRemarkName(r);

	return str_is(LLVMRemarkEntryGetPassName(r), "annotation-remarks") &&
	       (str_is(name, "AutoInitIntrinsicCall") || str_is(name, "AutoInitStore") ||
		str_is(name, "AutoInitUnknownInstruction"));
}

static void add_site(LLVMRemarkEntryRef r, bool yaml, struct zt_evidence *ev)
{
	LLVMRemarkStringRef fn = LLVMRemarkEntryGetFunctionName(r);
	LLVMRemarkDebugLocRef dl = LLVMRemarkEntryGetDebugLoc(r);
	struct zt_autoinit_site *s = zt_evidence_add_site(ev);

	if (fn) {
		char *name = str_dup_q(fn, yaml);

		s->function = zt_source_function_name(name, strlen(name));
		free(name);
	}
	if (dl) {
		s->file = str_dup_q(LLVMRemarkDebugLocGetSourceFilePath(dl), yaml);
		s->line = LLVMRemarkDebugLocGetSourceLine(dl);
		s->column = LLVMRemarkDebugLocGetSourceColumn(dl);
	}
	s->bytes = ZT_BYTES_UNKNOWN;
	for (LLVMRemarkArgRef a = LLVMRemarkEntryGetFirstArg(r); a;
	     a = LLVMRemarkEntryGetNextArg(a, r)) {
		LLVMRemarkStringRef key = LLVMRemarkArgGetKey(a), val = LLVMRemarkArgGetValue(a);
		long long n;

		if (str_is(key, "StoreSize")) {
			n = str_number(val);
			s->bytes = n >= 0 ? n : ZT_BYTES_UNKNOWN;
		} else if (str_is(key, "WVarName") && !s->var) {
			/* clang-19 says <unknown> at -O1 and above; evidence.c names it from the source */
			if (!str_is(val, "<unknown>") && LLVMRemarkStringGetLen(val))
				s->var = str_dup_q(val, yaml);
		} else if (str_is(key, "WVarSize") && s->var_size < 0) {
			s->var_size = str_number(val);
		}
		/*
		 * StoreInlined is about the llvm.memset.inline intrinsic, not about
		 * function inlining: it does not set s->inlined.
		 */
	}
}

int zt_remarks_parse(const char *buf, size_t len, struct zt_evidence *ev)
{
	LLVMRemarkParserRef parser;
	LLVMRemarkEntryRef r;
	size_t first = ev->n_sites;
	bool yaml = !(len >= 4 && !memcmp(buf, "RMRK", 4));
	int ret = 0;

	if (!len)
		return 0;	/* no remark at all: nothing survived */
	/* Bitstream remark files start with "RMRK"; YAML ones with "---". */
	if (!yaml)
		parser = LLVMRemarkParserCreateBitstream(buf, len);
	else
		parser = LLVMRemarkParserCreateYAML(buf, len);
	if (!parser)
		return error("cannot create a remark parser");

	while ((r = LLVMRemarkParserGetNext(parser))) {
		if (is_autoinit(r))
			add_site(r, yaml, ev);
		LLVMRemarkEntryDispose(r);
	}
	if (LLVMRemarkParserHasError(parser)) {
		ret = error("malformed optimization record: %s",
			    LLVMRemarkParserGetErrorMessage(parser));
		/* lose nothing half-read: drop what this call appended */
		while (ev->n_sites > first) {
			struct zt_autoinit_site *s = &ev->sites[--ev->n_sites];

			free(s->function);
			free(s->var);
			free(s->file);
		}
	}
	LLVMRemarkParserDispose(parser);
	return ret;
}

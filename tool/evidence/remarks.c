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

static char *str_dup(LLVMRemarkStringRef s)
{
	return s ? xstrndup(LLVMRemarkStringGetData(s), LLVMRemarkStringGetLen(s)) : NULL;
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

static void add_site(LLVMRemarkEntryRef r, struct zt_evidence *ev)
{
	LLVMRemarkStringRef fn = LLVMRemarkEntryGetFunctionName(r);
	LLVMRemarkDebugLocRef dl = LLVMRemarkEntryGetDebugLoc(r);
	struct zt_autoinit_site *s = zt_evidence_add_site(ev);

	s->function = fn ? zt_source_function_name(LLVMRemarkStringGetData(fn),
						   LLVMRemarkStringGetLen(fn)) : NULL;
	if (dl) {
		s->file = str_dup(LLVMRemarkDebugLocGetSourceFilePath(dl));
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
				s->var = str_dup(val);
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
	int ret = 0;

	if (!len)
		return 0;	/* no remark at all: nothing survived */
	/* Bitstream remark files start with "RMRK"; YAML ones with "---". */
	if (len >= 4 && !memcmp(buf, "RMRK", 4))
		parser = LLVMRemarkParserCreateBitstream(buf, len);
	else
		parser = LLVMRemarkParserCreateYAML(buf, len);
	if (!parser)
		return error("cannot create a remark parser");

	while ((r = LLVMRemarkParserGetNext(parser))) {
		if (is_autoinit(r))
			add_site(r, ev);
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

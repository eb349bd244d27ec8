/* SPDX-License-Identifier: GPL-2.0-only */
/* C source text as fix reads and edits it: braces, definitions, lines. */
#ifndef ZT_FIXTEXT_H
#define ZT_FIXTEXT_H

#include <stdbool.h>
#include <stddef.h>

/* 1-based line of @at in @text. */
unsigned int zt_line_of(const char *text, const char *at);
/* The matching close brace of the open brace at @open; skips comments and strings. */
const char *zt_match_brace(const char *open);
/* "struct NAME {" (any spacing) at the start of a line: the first definition of @type. */
const char *zt_find_definition(const char *text, const char *type);
/* Back over the comment block that documents the definition starting at @l. */
const char *zt_with_leading_comment(const char *text, const char *l);
/* The definition's text: its comment, the braces, up to the end of the ";" line. */
int zt_definition_span(const char *text, const char *def, const char **start, const char **end);
/* The body of the definition of @fn: from its "{" (*@b) to the matching "}" (*@e). */
bool zt_function_body(const char *text, const char *fn, const char **b, const char **e);
/*
 * A line of @fn's body that was at @line of @orig, found again in @now (a
 * rewrite of it): the line @same accepts (given the old line's text) that is
 * nearest to where it was from the function's "{"; 0 when none is.
 */
unsigned int zt_line_again(const char *orig, const char *now, const char *fn, unsigned int line,
			   bool (*same)(const char *was, const char *line, size_t len, void *arg),
			   void *arg);
/* @text with @del bytes at @at replaced by @ins (a new string). */
char *zt_text_splice(const char *text, size_t at, size_t del, const char *ins);

#endif /* ZT_FIXTEXT_H */

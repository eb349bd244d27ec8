/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shell words without a shell: a command line split as sh would split it,
 * for compile databases' "command" strings and for the recipes make -n
 * prints (compile-db). Nothing is expanded: what sh would expand ($, `) is
 * reported, so a caller can refuse a command it cannot reproduce exactly.
 */
#ifndef ZT_SHELLWORDS_H
#define ZT_SHELLWORDS_H

#include "strbuf.h"

enum zt_shell_flags {
	/*
	 * A list of commands: stop at an unquoted control operator (; & | && ||
	 * ( ) or a newline), skip '#' comments, and leave redirections (> f,
	 * 2>&1, < f) out of the words. Without it the text is one command and
	 * only blanks and quotes count (a compile database's "command").
	 */
	ZT_SHELL_LIST = 1 << 0,
};

enum zt_shell_result {
	ZT_SHELL_EXPANDS = 1 << 0, /* an unquoted or "..." $ or `: sh would expand it */
	ZT_SHELL_REDIRECTS = 1 << 1, /* a redirection was left out */
	ZT_SHELL_UNTERMINATED = 1 << 2, /* a quote was not closed */
};

/*
 * The words of the next command at *@s, appended to @words (quotes removed:
 * '...' literal; "..." with \ escaping " \ $ ` and newline; a backslash
 * outside quotes takes the next character as it is); *@s moves past the
 * command and its operator, to the end of the text when there is no more.
 * Returns a mask of enum zt_shell_result.
 */
unsigned int zt_shell_next_command(const char **s, struct zt_strvec *words, unsigned int flags);

#endif /* ZT_SHELLWORDS_H */

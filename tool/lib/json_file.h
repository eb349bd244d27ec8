/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading a whole JSON document from a file with the messages a user needs:
 * "cannot open" for a file that is not there, "not a regular file" for a
 * FIFO or a device, and file:line:column (byte offset) for a syntax error,
 * so a truncated document is refused instead of read in part.
 */
#ifndef ZT_JSON_FILE_H
#define ZT_JSON_FILE_H

#include <jansson.h>

/*
 * The document in @path ("-": standard input); NULL with error() said.
 * @what names the file in messages ("compile database", "baseline", ...).
 */
json_t *zt_json_load_file(const char *path, const char *what);
/* The same for a document already in memory, said to come from @path. */
json_t *zt_json_load_text(const char *text, size_t len, const char *path, const char *what);

#endif /* ZT_JSON_FILE_H */

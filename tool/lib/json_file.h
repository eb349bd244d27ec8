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

/*
 * @s as a JSON string; null when @s is NULL or not UTF-8 (a path or message in
 * another encoding), never a NULL that would make json_object_set_new() drop the key.
 */
json_t *zt_json_str_or_null(const char *s);

#endif /* ZT_JSON_FILE_H */

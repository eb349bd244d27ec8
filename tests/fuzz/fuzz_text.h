/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared by the fuzz targets: the input as a NUL-terminated string, since
 * most readers take text. A NUL inside the input ends the text early, as a
 * file read with zt_read_file() would present it to a reader.
 */
#ifndef ZT_FUZZ_TEXT_H
#define ZT_FUZZ_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif /* ZT_FUZZ_TEXT_H */

/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the pahole reader's parts share: pahole.c (the text parser),
 * pahole_run.c (running pahole) and pahole_model.c (the model's lookups).
 */
#ifndef ZT_PAHOLE_INT_H
#define ZT_PAHOLE_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "pahole.h"

/* A type pahole said it did not find ("type 'x' not found"). */
void zt_pahole_add_not_found(struct zt_layouts *ls, const char *s, size_t n);
/* A line of pahole's stderr: "type 'x' not found" is recorded; true if it was one. */
bool zt_pahole_not_found_line(struct zt_layouts *ls, const char *s);
/* Free one layout's members and names. */
void zt_pahole_layout_free(struct zt_layout *l);

#endif /* ZT_PAHOLE_INT_H */

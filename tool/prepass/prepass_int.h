/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared between the pre-pass's reader (prepass_scan.c) and its graph (prepass.c). */
#ifndef ZT_PREPASS_INT_H
#define ZT_PREPASS_INT_H

#include <sys/types.h>

#include "prepass.h"
#include "zerotax.h"

uint32_t zt_pp_intern(struct zt_prepass *pp, const char *s, size_t len);
void zt_idlist_push(struct zt_idlist *l, uint32_t id);
void zt_idlist_copy(struct zt_idlist *to, const struct zt_idlist *from);
void zt_pp_add_store(struct zt_prepass *pp, uint32_t field, uint32_t fn, uint32_t file);
void zt_pp_add_positional(struct zt_prepass *pp, uint32_t type, uint32_t index, uint32_t fn,
			  uint32_t file);
struct zt_idlist *zt_pp_add_agg(struct zt_prepass *pp, uint32_t type);
/* #include "NAME" in @from: resolved, added to the files to read. */
void zt_pp_include(struct zt_prepass *pp, uint32_t from, const char *name, size_t len);
/* netif_napi_add*(), netif_tx_napi_add*(): the functions given to them are roots. */
bool zt_pp_registrar(const char *s, size_t len);
/* Read the tokens of one file into @pp (bodies, stores, roots, includes). */
void zt_pp_scan_file(struct zt_prepass *pp, uint32_t file, const char *text, size_t len);

#endif /* ZT_PREPASS_INT_H */

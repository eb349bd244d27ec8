/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What check knows about the kernel's own interfaces (rules/kernel.conf):
 * the NAPI registrars, the ops fields the core calls, the bulk allocators,
 * the packet records and the structs that are never a queue's own. Facts
 * about the kernel, kept as data; the format is described at the top of the
 * file. Read once by the command and passed down (facts, pre-pass, call
 * graph); its content hash is part of every cache key that depends on it.
 */
#ifndef ZT_KERNEL_RULES_H
#define ZT_KERNEL_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "strbuf.h"

enum zt_ops_freq {
	ZT_OPS_PER_PACKET,	/* once per packet */
	ZT_OPS_PER_CALL,	/* once per call, which may carry a bulk */
};

/* "ops-root RECORD FIELD FREQ PATH WHY...": a function stored there is a root. */
struct zt_ops_root {
	char *record;		/* "struct proto_ops"; NULL: any struct */
	char *field;		/* "sendmsg" */
	enum zt_ops_freq freq;
	bool tx;		/* its path is TX (else RX) */
	char *why;		/* "the stack calls it once per skb" */
};

struct zt_kernel_rules {
	struct zt_strvec napi_registrars;	/* globs */
	struct zt_strvec bulk_calls;		/* globs */
	struct zt_strvec error_reports;		/* globs: WARN_* */
	struct zt_strvec error_logs;		/* prefixes: "dev_" */
	struct zt_strvec error_levels;		/* "err" */
	struct zt_strvec device_privates;	/* "netdev_priv" */
	struct zt_strvec napi_releases;		/* "napi_complete_done" */
	struct zt_strvec packet_records;	/* "struct sk_buff" */
	struct zt_strvec never_owners;		/* "struct net_device" */
	struct zt_strvec marked_packets;	/* "struct sk_buff" */
	struct zt_ops_root *ops;
	size_t n_ops, alloc_ops;
	char *hash;		/* of the text read: the cache keys' word for it */
};

/* Parse the text of the file; -1 with error() naming @path:line on bad input. */
int zt_kernel_rules_parse(const char *text, const char *path, struct zt_kernel_rules *r);
/* Read @path (NULL: the data directory's rules/kernel.conf); -1, error said. */
int zt_kernel_rules_load(const char *path, struct zt_kernel_rules *r);
void zt_kernel_rules_release(struct zt_kernel_rules *r);

/* Does a call of @name (@len bytes, not NUL-terminated) register NAPI polls? */
bool zt_kernel_napi_registrar(const struct zt_kernel_rules *r, const char *name, size_t len);
/* Does @name allocate or free a bulk at once? */
bool zt_kernel_bulk_call(const struct zt_kernel_rules *r, const char *name);
/*
 * Does a call (or macro) named @name report an error: an error-report glob,
 * or an error-log prefix followed by an error-level? Leading '_' ignored.
 */
bool zt_kernel_error_report(const struct zt_kernel_rules *r, const char *name);
/* Does a call of @name return the device's private struct (shared by every queue)? */
bool zt_kernel_device_private(const struct zt_kernel_rules *r, const char *name);
/* Is @record ("struct sk_buff", as libclang spells a type) one packet? */
bool zt_kernel_packet_record(const struct zt_kernel_rules *r, const char *record);
/* Is @record the packet whose fields carry the marks of a slow path? */
bool zt_kernel_marked_packet(const struct zt_kernel_rules *r, const char *record);
/* Is @record never a per-queue owner? */
bool zt_kernel_never_owner(const struct zt_kernel_rules *r, const char *record);
/*
 * The ops root a store into @field (@len bytes) of @record is ("struct T" or
 * "T"), else NULL. @record NULL: the struct is not known; @unknown_matches
 * says whether an entry for one struct then matches (the pre-pass, which
 * over-approximates) or not (the AST, which knows every struct it sees).
 */
const struct zt_ops_root *zt_kernel_ops_root(const struct zt_kernel_rules *r, const char *record,
					     const char *field, size_t len, bool unknown_matches);

#endif /* ZT_KERNEL_RULES_H */

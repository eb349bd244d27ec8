/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * placement: once the owner struct embeds the local's type by value, the
 * owner's definition must see the type's. Decided by the compiler, not the
 * text: libclang parses the finding's TU (the owner's definition is in it) and
 * walks its top-level declarations in order; the type's canonical definition
 * (the declaration with a body) either comes before the owner's or not.
 *
 *   visible                          nothing moves
 *   not visible, defined elsewhere   #include its header in the owner's header,
 *                                    unless that header includes the owner's
 *                                    (a cycle)
 *   same file after the owner, or    the definition moves before the owner, only
 *   a cycle                          inside the driver's directory
 *   under include/ or another        never moved or edited: an #include, or the
 *   subsystem                        finding is refused
 */
#ifndef ZT_PLACEMENT_H
#define ZT_PLACEMENT_H

#include "shadow.h"

struct zt_strvec;

enum zt_place_action {
	ZT_PLACE_VISIBLE,	/* nothing to do */
	ZT_PLACE_INCLUDE,	/* add "#include INCLUDE" to the owner's header */
	ZT_PLACE_MOVE,		/* move the type's definition before the owner's */
};

struct zt_place {
	enum zt_place_action action;
	char *type_rel;		/* the type's definition, relative to the tree */
	unsigned int type_line;
	char *owner_rel;	/* the owner's definition */
	unsigned int owner_line;
	char *include;		/* <linux/x.h> or "en/xdp.h" */
};

/*
 * Decide for @type embedded in @owner_type, from the TU @tu_file parsed with
 * @args (libclang arguments, NULL-terminated); @dirs are its command's include
 * directories (zt_fix_include_dirs()), searched as its compiler would. 0 with
 * @p filled; -1 with *reason (the finding is refused).
 */
int zt_place_decide(const char *src, const char *tu_file, char *const *args,
		    const struct zt_strvec *dirs, const char *owner_type, const char *type,
		    struct zt_place *p, char **reason);
/*
 * Carry the decision out in the shadow. *moved gets "struct T: a.h:12 -> b.h:40"
 * for a move. -1 with *reason.
 */
int zt_place_apply(struct zt_shadow *sh, const struct zt_place *p, const char *owner_type,
		   const char *type, char **moved, char **reason);
void zt_place_release(struct zt_place *p);

/* Under include/ or arch/ARCH/include/: the kernel's public headers. */
bool zt_place_is_public(const char *rel);

/* Does the TU define the macro @name? 1 yes, 0 no, -1 it does not parse. */
int zt_tu_defines_macro(const char *tu_file, char *const *args, const char *name);

#endif /* ZT_PLACEMENT_H */

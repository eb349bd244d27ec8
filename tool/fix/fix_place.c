// SPDX-License-Identifier: GPL-2.0-only
/* fix, place: a hoist group's owner sees the type it now embeds (placement.h decides). */
#include <stdlib.h>

#include "fix_internal.h"
#include "fix_stages_int.h"
#include "placement.h"

/* The owner sees the type it now embeds: nothing, an #include, or a move. */
int fix_place_group(const struct fix_env *env, const struct site *s, struct fix_outcome *out)
{
	char **args = zt_fix_clang_args(env->build, s->rel);
	char *abs = path_in(env->src, s->rel), *reason = NULL, *moved = NULL;
	struct zt_strvec dirs = ZT_STRVEC_INIT;
	struct zt_place p;
	int ret;

	zt_fix_include_dirs(env->build, s->rel, &dirs);
	ret = zt_place_decide(env->src, abs, args, &dirs, s->owner_type, s->type, &p, &reason);
	zt_strvec_clear(&dirs);
	zt_argv_free(args);
	free(abs);
	if (ret) {
		fix_fail(out, "place", "%s", reason);
		free(reason);
		return -1;
	}
	ret = zt_place_apply(env->sh, &p, s->owner_type, s->type, &moved, &reason);
	if (ret) {
		fix_fail(out, "place", "%s", reason);
	} else if (moved) {
		/* Reported once the group is verified. */
		out->moved = moved;
		out->moved_from = xstrdup(p.type_rel);
		out->moved_to = xstrdup(p.owner_rel);
		moved = NULL;
	} else if (p.action == ZT_PLACE_INCLUDE) {
		out->included = xasprintf("%s: #include %s in %s", s->type, p.include, p.owner_rel);
	}
	free(moved);
	free(reason);
	zt_place_release(&p);
	return ret;
}


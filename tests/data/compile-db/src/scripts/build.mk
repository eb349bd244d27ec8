# SPDX-License-Identifier: GPL-2.0-only
# One directory of the small build (see ../Makefile): its Kbuild file names
# the objects (obj-y) and the directory's flags (ccflags-y, modname).
all:
include $(srctree)/$(obj)/Kbuild

all: $(addprefix $(obj)/,$(obj-y))

c_flags = -Wp,-MMD,$(@D)/.$(@F).d -I$(srctree)/include $(ccflags-y) $(KCFLAGS) \
	-DKBUILD_BASENAME='"$(basename $(@F))"' -DKBUILD_MODNAME='"$(modname)"'
cmd_cc = $(CC) $(c_flags) -c -o $@ $<

$(obj)/%.o: $(srctree)/$(obj)/%.c FORCE
	@set -e; echo '  CC  $@'; trap 'rm -f $@; trap - INT; kill -s INT $$$$' INT; $(cmd_cc) ; echo fixdep $(@D)/.$(@F).d '$(cmd_cc)' > $(@D)/.$(@F).cmd

$(obj)/%.o: $(obj)/%.c FORCE
	@set -e; $(cmd_cc)

$(obj)/%.c:
	@mkdir -p $(@D); echo 'int generated;' > $@

.PHONY: FORCE

# Builds one variant of the reference driver as a shared object (see docs/reference-driver.md):
#   make -s -f variant.mk SRC=<driver dir> CC=gcc-12|clang-19 AUTOINIT=none|zero|pattern \
#        OUT=<file.so> [OBJDIR=<dir>]
#   make -f variant.mk SRC=.. CC=.. AUTOINIT=.. OBJDIR=.. objs      driver objects with -g (pahole)
#   make -f variant.mk SRC=.. CC=.. compdb COMPDB=<file.json>        compile database of the driver
#   make -f variant.mk CC=.. print-kflags                             the kernel-like flags
# SRC may be a rewritten copy of the driver; only its sources are compiled, nothing is
# written into it.

HERE     := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
SRC      ?= $(HERE)
CC       ?= gcc-12
AUTOINIT ?= none
OUT      ?= $(CURDIR)/rd-$(notdir $(CC))-$(AUTOINIT).so
OBJDIR   ?= $(OUT).objs
COMPDB   ?= compile_commands.json

override SRC := $(abspath $(SRC))

ifneq ($(findstring clang,$(notdir $(CC))),)
COMPILER := clang
else
COMPILER := gcc
endif

# Kernel-like code generation; docs/codegen-flags.md gives the reason for each.
KFLAGS := -std=gnu11 -O2 -fno-strict-aliasing -fno-common -fno-strict-overflow \
	-fno-delete-null-pointer-checks -fno-omit-frame-pointer \
	-fno-asynchronous-unwind-tables -fstack-protector-strong -fno-stack-clash-protection \
	-mno-sse -mno-mmx -mno-sse2 -mno-avx -mno-80387 -mno-red-zone -mskip-rax-setup \
	-fPIC -fvisibility=hidden -falign-loops=1 \
	-Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Werror
ifeq ($(COMPILER),gcc)
KFLAGS += -fconserve-stack -falign-jumps=1 -fno-allow-store-data-races
endif

ifeq ($(AUTOINIT),none)
AUTOINIT_FLAG :=
else ifeq ($(AUTOINIT),zero)
AUTOINIT_FLAG := -ftrivial-auto-var-init=zero
else ifeq ($(AUTOINIT),pattern)
AUTOINIT_FLAG := -ftrivial-auto-var-init=pattern
else
$(error AUTOINIT must be none, zero or pattern)
endif

INCLUDES := -I$(SRC)/include -I$(SRC)

# the driver proper: what zerotax analyses and rewrites
DRIVER_SRCS := en_main.c en_rx.c en_tx.c en_txrx.c en/xdp.c en/params.c
# kernel services the driver calls (the shim's out-of-line half)
SHIM_SRCS   := lib/mm.c lib/page_pool.c lib/skbuff.c lib/dev.c lib/string.c
# the simulated device, the stack model and the ABI: identical in every variant
SIM_SRCS    := sim/sim.c sim/stack.c sim/xdp_progs.c sim/rd_dev.c
HOST_SRCS   := sim/host.c

DRIVER_FLAGS := $(KFLAGS) $(AUTOINIT_FLAG) -nostdinc $(INCLUDES)
SHIM_FLAGS   := $(KFLAGS) -nostdinc $(INCLUDES)
SIM_FLAGS    := $(KFLAGS) $(INCLUDES) -DRD_BUILD='"$(notdir $(CC)) autoinit=$(AUTOINIT)"'
HOST_FLAGS   := -std=gnu11 -O2 -fPIC -fvisibility=hidden -Wall -Wextra -Werror

obj = $(OBJDIR)/$(subst /,_,$(1:.c=.o))
DRIVER_OBJS := $(foreach s,$(DRIVER_SRCS),$(call obj,$(s)))
SHIM_OBJS   := $(foreach s,$(SHIM_SRCS),$(call obj,$(s)))
SIM_OBJS    := $(foreach s,$(SIM_SRCS),$(call obj,$(s)))
HOST_OBJS   := $(foreach s,$(HOST_SRCS),$(call obj,$(s)))
ALL_OBJS    := $(DRIVER_OBJS) $(SHIM_OBJS) $(SIM_OBJS) $(HOST_OBJS)

.PHONY: all objs compdb print-kflags
all: $(OUT)

$(OUT): $(ALL_OBJS)
	$(CC) -shared -fPIC -Wl,-Bsymbolic -Wl,--no-undefined -Wl,--version-script=$(HERE)/variant.map \
		-o $@ $(ALL_OBJS) -lc

define compile_rule
$(call obj,$(1)): $(SRC)/$(1) $(wildcard $(SRC)/*.h $(SRC)/en/*.h $(SRC)/sim/*.h $(SRC)/bench/*.h $(SRC)/include/*/*.h $(SRC)/include/*/*/*.h) | $(OBJDIR)
	$(CC) $(2) $$(EXTRA_CFLAGS) -c $(SRC)/$(1) -o $$@
endef
$(foreach s,$(DRIVER_SRCS),$(eval $(call compile_rule,$(s),$(DRIVER_FLAGS))))
$(foreach s,$(SHIM_SRCS),$(eval $(call compile_rule,$(s),$(SHIM_FLAGS))))
$(foreach s,$(SIM_SRCS),$(eval $(call compile_rule,$(s),$(SIM_FLAGS))))
$(foreach s,$(HOST_SRCS),$(eval $(call compile_rule,$(s),$(HOST_FLAGS))))

$(OBJDIR):
	mkdir -p $@

# driver objects with debug info, for pahole
objs: EXTRA_CFLAGS := -g
objs: $(DRIVER_OBJS)

comma := ,
compdb:
	@{ echo '['; sep=''; for s in $(DRIVER_SRCS); do \
		printf '%s  {"directory": "%s", "file": "%s", "output": "%s", "arguments": [' "$$sep" \
			"$(SRC)" "$(SRC)/$$s" "$(OBJDIR)/$$(echo $$s | tr / _ | sed 's/\.c$$/.o/')"; \
		asep=''; for a in $(CC) $(DRIVER_FLAGS) -c $(SRC)/$$s -o $(OBJDIR)/$$(echo $$s | tr / _ | sed 's/\.c$$/.o/'); do \
			printf '%s"%s"' "$$asep" "$$a"; asep=', '; done; \
		printf ']}'; sep=$$(printf ',\n'); done; echo; echo ']'; } > $(COMPDB).tmp && mv $(COMPDB).tmp $(COMPDB)

print-kflags:
	@echo $(KFLAGS)

# The README's two commands. Everything else is CMake's job.
#   make demo   set up, build, then check -> fix -> prove on the bundled driver
#   make test   set up, build (release and ASan+UBSan), run every test CI runs
#   make install [PREFIX=/usr/local] [DESTDIR=]   docs/install.md
#   make deb    the Debian package, in build/deb/ (docs/install.md)
BUILD      ?= build
TESTBUILD  ?= build/test
JOBS       ?= $(shell nproc)
CMAKE_ARGS ?=
PREFIX     ?= /usr/local
# ccache (scripts/install-deps.sh installs it) in front of the compiler when it is
# there: a CI run on the same machine recompiles only what changed. ZT_NO_CCACHE=1: without.
CCACHE      = $(if $(ZT_NO_CCACHE),,$(shell command -v ccache 2>/dev/null))
CCACHE_ARG  = $(if $(CCACHE),-DCMAKE_C_COMPILER_LAUNCHER=$(CCACHE),)

.PHONY: all demo test deps build build-test bench bench-check clean install deb

all: build

deps:
	scripts/install-deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CCACHE_ARG) $(CMAKE_ARGS)

$(TESTBUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(TESTBUILD) -DCMAKE_BUILD_TYPE=Debug -DZT_SANITIZE=ON \
		-DZT_RELEASE_ZEROTAX=$(abspath $(BUILD))/tool/zerotax $(CCACHE_ARG) $(CMAKE_ARGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

build-test: deps $(TESTBUILD)/CMakeCache.txt
	cmake --build $(TESTBUILD) -j $(JOBS)

# Only what the demo runs (zerotax, rd-trace, rd-bench, the driver's compile database),
# not the tests: it is timed.
demo: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target zerotax rd-trace rd-bench rd_compdb
	cmake --build $(BUILD) --target demo

# ZT_NO_KERNEL=1 leaves out the real-kernel tests (label 'kernel'); CI runs them.
CTEST_LABELS = $(if $(ZT_NO_KERNEL),-LE kernel,)

test: build build-test
	cd $(TESTBUILD) && ctest --output-on-failure --verbose -j $(JOBS) $(CTEST_LABELS)

bench: build
	cmake --build $(BUILD) --target bench

bench-check: build
	cmake --build $(BUILD) --target bench-check

# The prefix is the configure step's, so the man pages name the installed paths;
# DESTDIR is cmake --install's, for staging (packages, the install test).
install: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_ARGS)
	cmake --build $(BUILD) -j $(JOBS) --target zerotax rd-trace rd-bench zt_man_completion
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD)

# Not part of make test: a whole package build is minutes CI does not need to spend.
deb: deps
	JOBS=$(JOBS) scripts/deb.sh $(abspath $(BUILD))/deb

clean:
	rm -rf $(BUILD)

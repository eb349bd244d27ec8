# The real-kernel test bed (tests/kernel/, scripts/kernel-tree.sh): Debian's
# Linux 6.12 (a dozen drivers, the primary tree) and 6.1 (what pins 6.1's own
# code), each built with clang-19 and gcc-12 into a cache outside the clone.
# kernel/fixture builds it (or finds it built); every test labelled 'kernel'
# requires it. 'ZT_NO_KERNEL=1 make test' leaves the label out; CI never does.
add_test(NAME kernel/fixture COMMAND ${CMAKE_SOURCE_DIR}/scripts/kernel-tree.sh build)
set_tests_properties(kernel/fixture PROPERTIES
	FIXTURES_SETUP kernel LABELS kernel TIMEOUT 4800)

# zt_kernel_test(NAME SCRIPT [ARGS...]): a cmake -P script of tests/kernel/ that
# runs against the fixture; it gets ZEROTAX, SRC (the project), WORK (a scratch
# directory of its own) and the fixture's paths through zt_kernel_env().
function(zt_kernel_test name script)
	add_test(NAME kernel/${name}
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DSRC=${CMAKE_SOURCE_DIR}
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/kernel-${name}
			-DGCC=${GCC_EXE} -DCLANG=${CLANG_EXE}
			${ARGN}
			-P ${CMAKE_SOURCE_DIR}/tests/kernel/${script})
	set_tests_properties(kernel/${name} PROPERTIES
		FIXTURES_REQUIRED kernel LABELS kernel TIMEOUT 1800
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endfunction()

# The heaviest runs (the bed, the pre-pass identity, check-accuracy, the bed's
# layout groups, layout -p over mlx5 core) take the release binary (make test builds it first): under
# ASan+UBSan check over 323 TUs takes 2.3 times the CPU (17 min instead of 7.5
# per tree, measured), more than CI's budget. Every other kernel test and the
# corpus run the sanitized one, so real trees still go through the sanitizers.
set(ZT_RELEASE_ZEROTAX "" CACHE FILEPATH
	"a release zerotax for the heaviest kernel tests (make test sets it); empty: the tested build")
set(ZT_KERNEL_RELEASE)
if(ZT_RELEASE_ZEROTAX)
	set(ZT_KERNEL_RELEASE -DZEROTAX=${ZT_RELEASE_ZEROTAX})
endif()

file(GLOB ZT_KERNEL_FRAGMENTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/kernel/*.tests.cmake)
foreach(frag ${ZT_KERNEL_FRAGMENTS})
	include(${frag})
endforeach()

# The 6.12 test bed (issue "Linux 6.12 LTS and a dozen drivers as the test
# bed"): check over the whole tree per compiler, then fix and layout per
# driver, and the oracle of gcc's own call graph. check's JSON is shared
# through BED, so the others wait for it (a ctest fixture per tree).
#
# The bed's runs are the release binary's (ZT_KERNEL_RELEASE, tests/cmake/kernel.cmake).
set(ZT_BED ${CMAKE_CURRENT_BINARY_DIR}/kernel-bed)
set(bin ${ZT_KERNEL_RELEASE})
foreach(cc gcc clang)
	zt_kernel_test(bed-check-${cc} bed-check.cmake -DCC=${cc} -DBED=${ZT_BED} ${bin})
	set_property(TEST kernel/bed-check-${cc} APPEND PROPERTY FIXTURES_SETUP bed-${cc})
	zt_kernel_test(bed-layout-${cc} bed-layout.cmake -DCC=${cc} ${bin})
endforeach()
# fix's table on the gcc tree only: a run verifies every TU its rewrites
# reach (117 on 6.12: hoists into driver headers), 6-8 min per tree in CI,
# and the clang tree gave the same table but for one finding (25 of 26, 7
# applied on both). kernel/fix-clang keeps fix on a clang tree (6.1 mlx5e,
# the kernel's make).
zt_kernel_test(bed-fix-gcc bed-fix.cmake -DCC=gcc -DBED=${ZT_BED} ${bin})
set_property(TEST kernel/bed-fix-gcc APPEND PROPERTY FIXTURES_REQUIRED bed-gcc)
# gcc's call graph from check's roots: every reached case reported or explained.
zt_kernel_test(oracle oracle.cmake -DBED=${ZT_BED})
set_property(TEST kernel/oracle APPEND PROPERTY FIXTURES_REQUIRED bed-gcc)
# The oracle notices a cut hot path: a rule that makes a root cold.
zt_kernel_test(oracle-cut oracle-cut.cmake)

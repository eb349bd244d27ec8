# The token pre-pass on the real trees: the same JSON with and without it.
# The whole 6.12 bed is bed-sized: the release binary's run, as the bed's
# (ZT_KERNEL_RELEASE, tests/cmake/kernel.cmake).
zt_kernel_test(prepass-identity prepass-identity.cmake ${ZT_KERNEL_RELEASE})

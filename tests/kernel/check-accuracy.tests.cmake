# check on real drivers: frequencies, exact evidence, rank (tests/kernel/check_accuracy.py).
# Three runs with both compilers' evidence: the release binary's (ZT_KERNEL_RELEASE).
zt_kernel_test(check-accuracy check-accuracy.cmake ${ZT_KERNEL_RELEASE})

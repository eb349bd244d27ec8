# check on real drivers: frequencies, exact evidence, rank (tests/kernel/check_accuracy.py).
zt_kernel_test(check-accuracy check-accuracy.cmake)

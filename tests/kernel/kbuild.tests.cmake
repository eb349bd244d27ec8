# check inside Kbuild (make C=2 CHECK=...), then report, on a real driver directory.
zt_kernel_test(kbuild-clang kbuild.cmake -DCC=clang)

# check inside Kbuild (make C=2 CHECK=...) with the build's own evidence, then
# report, on a real driver directory of the 6.12 tree.
zt_kernel_test(kbuild-clang kbuild.cmake -DCC=clang)

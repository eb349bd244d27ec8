# The token pre-pass on the real trees: the same JSON with and without it.
zt_kernel_test(prepass-identity prepass-identity.cmake)

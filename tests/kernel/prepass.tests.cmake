# The token pre-pass on the real trees: the same JSON with and without it.
# The whole 6.12 bed is bed-sized: the release binary's run, as the bed's
# (ZT_RELEASE_ZEROTAX, see bed.tests.cmake).
if(ZT_RELEASE_ZEROTAX)
	zt_kernel_test(prepass-identity prepass-identity.cmake -DZEROTAX=${ZT_RELEASE_ZEROTAX})
else()
	zt_kernel_test(prepass-identity prepass-identity.cmake)
endif()

# check on the real trees (issue "Real kernel trees as the test bed").
foreach(cc clang gcc)
	zt_kernel_test(check-${cc} check.cmake -DCC=${cc})
endforeach()
zt_kernel_test(kbuild-clang kbuild.cmake -DCC=clang)

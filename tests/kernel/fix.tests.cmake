# fix on the real trees (issue 12): check's findings on mlx5 core, both
# strategies, the patch applied to a copy and rebuilt with the kernel's make.
foreach(cc clang gcc)
	zt_kernel_test(fix-${cc} fix.cmake -DCC=${cc})
endforeach()

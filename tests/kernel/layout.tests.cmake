# zerotax layout on the real-kernel fixture (tests/kernel/layout*.cmake).
# Every struct pahole prints for the fixture's objects, both compilers: parsed, and the
# layout simulation reproduces pahole's offsets and sizes.
zt_kernel_test(layout-every-struct layout-structs.cmake)
# A good object and one without DWARF: the good one is audited, the other warned about.
zt_kernel_test(layout-mixed-objects layout-mixed.cmake)
# layout -p on mlx5 core: struct mlx5e_rq's hot fields from the real RX path.
zt_kernel_test(layout-mlx5e-rq layout-rq.cmake ${ZT_KERNEL_RELEASE})
# layout --apply on a copy of the source, the kernel's make rebuilds en_rx.o, pahole
# confirms the predicted layout of struct mlx5e_rq (both compilers).
zt_kernel_test(layout-apply-clang layout-apply.cmake -DCC=clang)
zt_kernel_test(layout-apply-gcc layout-apply.cmake -DCC=gcc)
# issue 27 on 6.12, whose headers have the cache-line group macros: the groups and their
# build-time assertions written, the kernel's make rebuilds en_rx.o, pahole shows the groups.
zt_kernel_test(layout-apply-groups layout-apply.cmake -DCC=clang -DKV=6.12)
# issue 27: no suggestion on the whole 6.12 test bed (both trees) mixes one path's
# per-packet writes with another path's read-mostly fields in a line unless it says so.
zt_kernel_test(layout-groups-clang layout-groups.cmake -DCC=clang ${ZT_KERNEL_RELEASE})
zt_kernel_test(layout-groups-gcc layout-groups.cmake -DCC=gcc ${ZT_KERNEL_RELEASE})
# Both read the clang tree's database: the gcc one's AST pass is the clang one's, cached.
set_tests_properties(kernel/layout-groups-gcc PROPERTIES DEPENDS kernel/layout-groups-clang)

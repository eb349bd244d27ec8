# fix on the real trees (issue 12): check's findings on 6.1's mlx5 core, both
# strategies, the patch applied to a copy and rebuilt with the kernel's make.
# The clang tree only: fix verifies every rewrite with the tree's own compiler
# itself, and kernel/bed-fix-gcc runs fix over every driver of the 6.12 gcc
# tree; the second rebuild of mlx5 core (230 s) proved nothing the first did not.
zt_kernel_test(fix-clang fix.cmake -DCC=clang)
# fix --format-patch as a series (veth and tun of 6.12), each patch clean for
# the tree's checkpatch.pl --strict; skipped (said) without those databases.
zt_kernel_test(fix-series fix-series.cmake -DCC=clang)
set_tests_properties(kernel/fix-series PROPERTIES SKIP_REGULAR_EXPRESSION "fix-series: skipped")
# Issue 31's move on a real 6.12 driver header: mlx5e before its per-RQ
# buffer (struct mlx5e_xdp_buff back in en/xdp.h, which includes en.h); fix
# moves the definition into en.h, as upstream did.
zt_kernel_test(fix-move fix-move.cmake)

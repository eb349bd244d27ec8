# ctest -j schedules by cost, longest first, from Testing/Temporary/CTestCostData.txt;
# a fresh clone (CI) has none and would start the tests in their order of definition,
# so a long test defined late (the kernel bed, the layout groups) could start last and
# run alone on one core at the end. The longest tests' seconds in CI (2 cores, measured
# on 2026-12-07) as their COST: they start first; the bed's two check runs count what
# waits for them too (bed-fix-gcc, the oracle). A test not defined here is skipped; a
# cost file, once there, takes over.
set(zt_costs
	kernel/layout-groups-clang 540  kernel/bed-fix-gcc 350  kernel/fix-clang 260
	kernel/bed-check-gcc 300  kernel/bed-check-clang 290
	kernel/prepass-identity 120  kernel/layout-groups-gcc 110  install/relocated 100
	kernel/layout-every-struct 100  fix/hostile-kill-write-back 100
	kernel/bed-layout-clang 100  hostile/kill-signals 95  kernel/fix-series 90
	kernel/layout-apply-clang 85  kernel/layout-apply-gcc 70  kernel/layout-apply-groups 70
	kernel/layout-mlx5e-rq 65  check/build-evidence 65  kernel/kbuild-clang 60
	kernel/bed-layout-gcc 60  kernel/fix-move 50  kernel/check-accuracy 50)
while(zt_costs)
	list(POP_FRONT zt_costs zt_name zt_cost)
	if(TEST ${zt_name})
		set_tests_properties(${zt_name} PROPERTIES COST ${zt_cost})
	endif()
endwhile()

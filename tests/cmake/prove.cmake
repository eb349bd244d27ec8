# A reduced `zerotax prove` (issue 6): check -> fix -> build -> differential test on the
# bundled reference driver, no sparse and no bench (those are `make demo`'s). Only when the
# reference driver is part of the tree; its rd-trace must be built first.
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk AND TARGET rd-trace)
	add_test(NAME prove/quick
		COMMAND $<TARGET_FILE:zerotax> prove --quick
			--source ${CMAKE_SOURCE_DIR}/reference-driver
			--build ${CMAKE_BINARY_DIR}
		WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
	set_tests_properties(prove/quick PROPERTIES
		TIMEOUT 600
		# prove/quick and prove/patch/* share BUILD/prove, BUILD/prove-patch and
		# BUILD/report: one at a time. Not RUN_SERIAL: nothing is timed (no bench),
		# so another test may run beside it (its make -j only shares the cores).
		RESOURCE_LOCK zt-prove-build
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endif()

# prove --patch on each of the driver's own patches, in the quick mode: the behaviour
# class must hold (prefetch: byte-identical traces; several packets per page: identical
# packets with page-pool statistics that differ on 64K pages). Then the class of the
# second forced to must-not-change fails (exit 1), and a patch that does not apply is an
# input error (exit 3).
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/patches AND TARGET rd-trace)
	set(zt_patches ${CMAKE_SOURCE_DIR}/reference-driver/patches)
	set(zt_pp -DZEROTAX=$<TARGET_FILE:zerotax> -DSRC=${CMAKE_SOURCE_DIR}
		-DBUILD=${CMAKE_BINARY_DIR} -P ${CMAKE_SOURCE_DIR}/tests/unit/prove/prove_patch.cmake)
	add_test(NAME prove/patch/prefetch COMMAND ${CMAKE_COMMAND}
		-DPATCH=${zt_patches}/0001-net-mlx5e-RX-prefetch-a-few-strides-ahead.patch -DRC=0
		-DALL=1 "-DEXPECT=must-not-change: byte-identical traces\\): ([0-9]+) of ([0-9]+) cases byte-identical"
		${zt_pp})
	add_test(NAME prove/patch/packets-per-page COMMAND ${CMAKE_COMMAND}
		-DPATCH=${zt_patches}/0002-net-mlx5e-XDP-several-packets-per-page-on-legacy-RQ.patch
		-DRC=0 -DALL=1
		"-DEXPECT=([0-9]+) of ([0-9]+) cases identical, [1-9][0-9]* with different page-pool"
		${zt_pp})
	add_test(NAME prove/patch/class-violated COMMAND ${CMAKE_COMMAND}
		-DPATCH=${zt_patches}/0002-net-mlx5e-XDP-several-packets-per-page-on-legacy-RQ.patch
		-DRC=1 "-DEXTRA=--class;must-not-change;--compilers;gcc-12"
		"-DEXPECT=65536-byte pages: traces differ at line [0-9]+: baseline 'pool pages="
		${zt_pp})
	add_test(NAME prove/patch/does-not-apply COMMAND ${CMAKE_COMMAND}
		-DPATCH=${CMAKE_SOURCE_DIR}/tests/unit/prove/prove_patch.cmake -DRC=3
		"-DEXPECT=does not apply to the driver" ${zt_pp})
	set_tests_properties(prove/patch/prefetch prove/patch/packets-per-page
		prove/patch/class-violated prove/patch/does-not-apply PROPERTIES
		TIMEOUT 600 RESOURCE_LOCK zt-prove-build
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endif()

# rd-bench splits its rounds over fresh processes and measures the host before and after
# them (issue 29): the JSON says which process ran each round and whether the host drifted.
if(TARGET rd-bench AND TARGET rd_variants)
	add_test(NAME prove/rd-bench/processes COMMAND ${CMAKE_COMMAND}
		-DRD_BENCH=$<TARGET_FILE:rd-bench>
		-DSO=${CMAKE_BINARY_DIR}/reference-driver/variants/rd-gcc-12-none.so
		-DOUT=${CMAKE_CURRENT_BINARY_DIR}/rd-bench-processes.json
		-P ${CMAKE_SOURCE_DIR}/tests/unit/prove/rd_bench_processes.cmake)
	set_tests_properties(prove/rd-bench/processes PROPERTIES TIMEOUT 300 RUN_SERIAL TRUE)
endif()

# CI integration (issue 7): Kbuild mode, baselines, suppressions, shards, the
# cache. Each runs zerotax on a copy of tests/ci/tree; nothing is timed.
foreach(t kbuild baseline suppress shard cache)
	add_test(NAME ci/${t}
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DTREE=${CMAKE_SOURCE_DIR}/tests/ci/tree
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/ci-${t}
			-P ${CMAKE_SOURCE_DIR}/tests/ci/${t}.cmake)
	set_tests_properties(ci/${t} PROPERTIES
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endforeach()

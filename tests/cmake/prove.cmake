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
		# It builds shared objects with make -j: keep the other tests off its cores.
		RUN_SERIAL TRUE
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endif()

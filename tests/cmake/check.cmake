# zerotax check: the stack-autoinit corpus, judged from the AST alone and with
# both compilers' evidence. Each run fails on any missed or extra finding and
# prints precision and recall.
foreach(mode none both)
	add_test(NAME check/corpus-${mode}
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/stack-autoinit
			-DEVIDENCE=${mode}
			-P ${CMAKE_SOURCE_DIR}/tests/check/corpus.cmake)
	set_tests_properties(check/corpus-${mode} PROPERTIES
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endforeach()

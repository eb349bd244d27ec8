# zerotax check: the stack-autoinit corpus, judged from the AST alone and with
# each compiler's evidence. Each run fails on any missed or extra finding and
# prints precision and recall.
foreach(mode none gcc clang both)
	add_test(NAME check/corpus-${mode}
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/stack-autoinit
			-DEVIDENCE=${mode}
			-P ${CMAKE_SOURCE_DIR}/tests/check/corpus.cmake)
	set_tests_properties(check/corpus-${mode} PROPERTIES
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endforeach()

# The reference driver: exactly the four per-packet mxbuf locals, with chains
# from mlx5e_napi_poll, owner rq and both compilers' surviving bytes, in all
# three formats; and -j 2 reports exactly what -j 1 does.
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk)
	add_test(NAME check/reference-driver
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DDRIVER=${CMAKE_SOURCE_DIR}/reference-driver
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/check-reference-driver
			-P ${CMAKE_SOURCE_DIR}/tests/check/reference-driver.cmake)
	set_tests_properties(check/reference-driver PROPERTIES
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
endif()

# make bench-check: the AST pass against clang-19 -fsyntax-only over the same
# compile database (the reference driver built with clang-19, plus the corpus),
# one run each, then -j 1 against -j 2, then the evidence compiles on their own.
# A benchmark, not a test: nothing here is timed in ctest.
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk)
	add_custom_target(bench-check
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DCLANG=${CLANG_EXE}
			-DDRIVER=${CMAKE_SOURCE_DIR}/reference-driver
			-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/stack-autoinit
			-DWORK=${CMAKE_BINARY_DIR}/bench-check
			-DSOURCE=${CMAKE_SOURCE_DIR}
			-P ${CMAKE_SOURCE_DIR}/tests/check/bench-check.cmake
		DEPENDS zerotax
		USES_TERMINAL)
endif()

# A ' in a file name loses nothing on clang builds (YAML quoting undone).
add_test(NAME check/hostile-quote-in-file-name
	COMMAND ${CMAKE_COMMAND}
		-DZEROTAX=$<TARGET_FILE:zerotax>
		-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/stack-autoinit
		-DWORK=${CMAKE_CURRENT_BINARY_DIR}/check-quote-name
		-P ${CMAKE_SOURCE_DIR}/tests/check/quote-name.cmake)
set_tests_properties(check/hostile-quote-in-file-name PROPERTIES LABELS hostile
	ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")

# check --evidence=build: the corpus built by each compiler with zerotax
# build-flags; what the build left judges exactly as a recompile does, and a
# missing, stale or zeroless build is said per TU.
add_test(NAME check/build-evidence
	COMMAND python3 ${CMAKE_SOURCE_DIR}/tests/check/build_evidence.py $<TARGET_FILE:zerotax>
		${CMAKE_SOURCE_DIR}/corpus/stack-autoinit ${CMAKE_CURRENT_BINARY_DIR}/check-build-evidence
		${GCC_EXE} ${CLANG_EXE})
set_tests_properties(check/build-evidence PROPERTIES
	ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")

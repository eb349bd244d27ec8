# End-to-end tests of `zerotax fix` on corpus/fix: each case runs the binary
# on a scratch copy of a corpus tree (tests/cmake/fix/run.cmake).
set(ZT_FIX_CASES safe-in-place dirty-git unsafe-refused nocompile-in-place stale-in-place
	json emit-coccicheck format-patch format-patch-series format-patch-author uninitialized uninitialized-macro explicit-init call-under-not
	error-ladder linked-in-place
	placement-public placement-chain placement-mixed placement-otherdir
	queues-concurrent)
foreach(case ${ZT_FIX_CASES})
	add_test(NAME fix/${case}
		COMMAND ${CMAKE_COMMAND}
			-DZT=$<TARGET_FILE:zerotax>
			-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/fix
			-DDATA=${CMAKE_CURRENT_SOURCE_DIR}/data/fix
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/fix-work/${case}
			-DCASE=${case}
			-DGCC=${GCC_EXE}
			-P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/fix/run.cmake)
	set_tests_properties(fix/${case} PROPERTIES
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0"
		LABELS fix)
endforeach()

# Hostile inputs and missing tools (issue 17): label 'hostile'.
foreach(case hostile-no-sparse hostile-no-git hostile-no-home hostile-duplicates
		hostile-full-disk hostile-kill-write-back)
	add_test(NAME fix/${case}
		COMMAND ${CMAKE_COMMAND}
			-DZT=$<TARGET_FILE:zerotax>
			-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/fix
			-DDATA=${CMAKE_CURRENT_SOURCE_DIR}/data/fix
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/fix-work/${case}
			-DCASE=${case}
			-DGCC=${GCC_EXE}
			-P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/fix/run.cmake)
	set_tests_properties(fix/${case} PROPERTIES
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0"
		LABELS "fix;hostile")
endforeach()

# The reference driver: check finds the four receive functions, fix rewrites
# them (field after the hot members, definition moved into en.h) and the copy
# compiles with the driver's own flags.
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk)
	add_test(NAME fix/reference-driver
		COMMAND ${CMAKE_COMMAND}
			-DZT=$<TARGET_FILE:zerotax>
			-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/fix
			-DDATA=${CMAKE_CURRENT_SOURCE_DIR}/data/fix
			-DDRIVER=${CMAKE_SOURCE_DIR}/reference-driver
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/fix-work/reference-driver
			-DCASE=reference-driver
			-DGCC=${GCC_EXE}
			-P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/fix/run.cmake)
	set_tests_properties(fix/reference-driver PROPERTIES
		ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0"
		LABELS fix)
endif()

# Every corpus/fix tree the cases above rewrite, and that has no differential
# run in tests/hostile/: built and run before and after, under memcheck.
add_test(NAME fix/differential-corpus
	COMMAND ${CMAKE_COMMAND}
		-DZT=$<TARGET_FILE:zerotax>
		-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/fix
		-DDATA=${CMAKE_CURRENT_SOURCE_DIR}/data/fix
		-DWORK=${CMAKE_CURRENT_BINARY_DIR}/fix-work/differential-corpus
		-DGCC=${GCC_EXE}
		-P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/fix/corpus_diff.cmake)
set_tests_properties(fix/differential-corpus PROPERTIES
	ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/lsan.supp:print_suppressions=0"
	LABELS fix)

# The token pre-pass changes which TUs are parsed, never the findings: check's
# JSON with and without it, on the corpus and the reference driver (the kernel
# trees: tests/kernel/prepass.tests.cmake).
set(_zt_driver "")
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk)
	set(_zt_driver ${CMAKE_SOURCE_DIR}/reference-driver)
endif()
add_test(NAME check/prepass-identity
	COMMAND ${CMAKE_COMMAND}
		-DZEROTAX=$<TARGET_FILE:zerotax>
		-DCORPUS=${CMAKE_SOURCE_DIR}/corpus/stack-autoinit
		-DDRIVER=${_zt_driver}
		-DSAME=${CMAKE_SOURCE_DIR}/tests/unit/prepass/same_findings.py
		-DWORK=${CMAKE_CURRENT_BINARY_DIR}/check-prepass-identity
		-P ${CMAKE_SOURCE_DIR}/tests/unit/prepass/identity.cmake)
set_tests_properties(check/prepass-identity PROPERTIES
	ENVIRONMENT "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")

# Installing (docs/install.md): make install into a DESTDIR, the prefix copied
# elsewhere and the trees hidden, the copy answering as this build's binary; the
# man pages rendering; the bash completion completing.
set(ZT_LSAN_ENV "LSAN_OPTIONS=suppressions=${CMAKE_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk AND TARGET rd-trace)
	add_test(NAME install/relocated
		COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/relocated.sh ${CMAKE_BINARY_DIR}
			${CMAKE_SOURCE_DIR} $<TARGET_FILE:zerotax>)
	set_tests_properties(install/relocated PROPERTIES LABELS install
		ENVIRONMENT "${ZT_LSAN_ENV}")
endif()
add_test(NAME install/man
	COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/man.sh $<TARGET_FILE:zerotax>
		${CMAKE_BINARY_DIR}/man)
add_test(NAME install/completion
	COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/completion.sh $<TARGET_FILE:zerotax>
		${CMAKE_BINARY_DIR}/completion/zerotax)
set_tests_properties(install/man install/completion PROPERTIES LABELS install
	ENVIRONMENT "${ZT_LSAN_ENV}")

# zerotax compile-db (docs/compile-db.md) on a small build of ours shaped as
# Kbuild's (tests/data/compile-db/src): the commands taken word for word, the
# objects refused with their reasons, modules_prepare run only when the objtree
# is not ready, nothing built, and the exit codes: 11 runs of zerotax on a small
# tree, 4-8 s (about 15 s in the ASan+UBSan build of make test, loaded machine).
add_test(NAME cli/compile-db
	COMMAND ${CMAKE_COMMAND}
		-DZEROTAX=$<TARGET_FILE:zerotax>
		-DSRC=${CMAKE_SOURCE_DIR}
		-DWORK=${CMAKE_CURRENT_BINARY_DIR}/cli-compile-db
		-P ${CMAKE_SOURCE_DIR}/tests/compile-db/small-build.cmake)
set_tests_properties(cli/compile-db PROPERTIES TIMEOUT 120)

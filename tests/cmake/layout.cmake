# zerotax layout: pahole captures, the bounded parser fuzz run.

set(ZT_PAHOLE_DATA ${CMAKE_SOURCE_DIR}/tests/data/pahole)

# Developers: rewrite the committed captures after changing a tests/data/pahole/*.c.
add_custom_target(pahole-capture
	COMMAND ${CMAKE_COMMAND} -DGCC=${GCC_EXE} -DCLANG=${CLANG_EXE} -DPAHOLE=pahole -DSRC_DIR=${ZT_PAHOLE_DATA}
		-DOUT_DIR=${ZT_PAHOLE_DATA} -P ${ZT_PAHOLE_DATA}/capture.cmake
	COMMENT "recapturing tests/data/pahole/*.txt with gcc -g and pahole"
	VERBATIM)

# CI: the capture step itself runs (gcc -g, pahole) into the build tree; unit/test_pahole
# then recaptures in-process and checks the committed text still parses identically.
add_test(NAME layout/pahole-capture
	COMMAND ${CMAKE_COMMAND} -DGCC=${GCC_EXE} -DCLANG=${CLANG_EXE} -DPAHOLE=pahole -DSRC_DIR=${ZT_PAHOLE_DATA}
		-DOUT_DIR=${CMAKE_CURRENT_BINARY_DIR}/pahole-capture -P ${ZT_PAHOLE_DATA}/capture.cmake)

# libFuzzer wants clang; the project's C compiler is gcc, so the fuzz binary is
# built by a custom command invoking clang-19 on the parser's sources.
find_program(ZT_CLANG19 NAMES clang-19 PATHS ${LLVM_BIN_DIR})
if(ZT_CLANG19)
	set(fuzz_bin ${CMAKE_CURRENT_BINARY_DIR}/fuzz_pahole)
	set(fuzz_srcs
		${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_pahole.c
		${CMAKE_SOURCE_DIR}/tool/layout/pahole.c
		${CMAKE_SOURCE_DIR}/tool/layout/pahole_run.c
		${CMAKE_SOURCE_DIR}/tool/layout/pahole_model.c
		${CMAKE_SOURCE_DIR}/tool/layout/layout.c
		${CMAKE_SOURCE_DIR}/tool/layout/layout_rules.c
		${CMAKE_SOURCE_DIR}/tool/layout/layout_sim.c
		${CMAKE_SOURCE_DIR}/tool/layout/layout_suggest.c
		${CMAKE_SOURCE_DIR}/tool/layout/layout_paths.c
		${CMAKE_SOURCE_DIR}/tool/findings/finding.c
		${CMAKE_SOURCE_DIR}/tool/findings/baseline.c
		${CMAKE_SOURCE_DIR}/tool/lib/strbuf.c
		${CMAKE_SOURCE_DIR}/tool/findings/checks.c
		${CMAKE_SOURCE_DIR}/tool/lib/process.c
		${CMAKE_SOURCE_DIR}/tool/lib/util.c)
	file(GLOB fuzz_hdrs ${CMAKE_SOURCE_DIR}/tool/*/*.h)
	list(TRANSFORM JANSSON_INCLUDE_DIRS PREPEND -I OUTPUT_VARIABLE fuzz_incs)
	file(GLOB fuzz_tool_dirs LIST_DIRECTORIES true ${CMAKE_SOURCE_DIR}/tool/*)
	list(FILTER fuzz_tool_dirs EXCLUDE REGEX "(CMakeLists.txt|\\.cmake)$")
	list(TRANSFORM fuzz_tool_dirs PREPEND -I OUTPUT_VARIABLE fuzz_tool_incs)
	add_custom_command(OUTPUT ${fuzz_bin}
		COMMAND ${ZT_CLANG19} -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined
			-fno-sanitize-recover=undefined -D_GNU_SOURCE -DZT_VERSION="${PROJECT_VERSION}"
			${fuzz_tool_incs} ${fuzz_incs} ${fuzz_srcs} -o ${fuzz_bin}
			${JANSSON_LINK_LIBRARIES}
		DEPENDS ${fuzz_srcs} ${fuzz_hdrs}
		COMMENT "building the pahole parser fuzzer with clang-19"
		COMMAND_EXPAND_LISTS
		VERBATIM)
	add_custom_target(fuzz_pahole ALL DEPENDS ${fuzz_bin})
	# A bounded run: 20000 inputs grown from the captured outputs (read-only seeds).
	file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/fuzz-pahole-corpus)
	add_test(NAME layout/fuzz-pahole
		COMMAND ${fuzz_bin} -runs=20000 -seed=1 -max_len=16384 -rss_limit_mb=1024
			-print_final_stats=1 ${CMAKE_CURRENT_BINARY_DIR}/fuzz-pahole-corpus
			${ZT_PAHOLE_DATA})
else()
	message(WARNING "clang-19 not found: the pahole fuzz run is skipped")
endif()

# The reference driver (when present): the model reproduces pahole on its structs.
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk)
	add_test(NAME layout/reference-driver
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DDRIVER=${CMAKE_SOURCE_DIR}/reference-driver
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/layout-reference-driver
			-P ${CMAKE_SOURCE_DIR}/tests/layout/reference-driver.cmake)
endif()

# --format=html on the reference driver: a well-formed, self-contained page drawing the
# numbers of the JSON run (tests/layout/check_html.py).
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk)
	add_test(NAME layout/html-reference-driver
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DDRIVER=${CMAKE_SOURCE_DIR}/reference-driver
			-DSRC=${CMAKE_SOURCE_DIR}
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/layout-html
			-P ${CMAKE_SOURCE_DIR}/tests/layout/html.cmake)
endif()

# Issue 30 items 13-14 (layout): objects without structs, two definitions of one name,
# options after the objects, an object named like an option (tests/layout/hostile.cmake).
add_test(NAME layout/hostile
	COMMAND ${CMAKE_COMMAND} -DZEROTAX=$<TARGET_FILE:zerotax> -DGCC=${GCC_EXE}
		-DWORK=${CMAKE_CURRENT_BINARY_DIR}/layout-hostile
		-P ${CMAKE_SOURCE_DIR}/tests/layout/hostile.cmake)
set_tests_properties(layout/hostile PROPERTIES LABELS "hostile")

# layout --apply writes the groups by access and path: the kernel's markers, line starts and
# build-time assertions on a tree that has them, comments on one that does not
# (tests/layout/apply-groups.cmake).
add_test(NAME layout/apply-groups
	COMMAND ${CMAKE_COMMAND} -DZEROTAX=$<TARGET_FILE:zerotax> -DGCC=${GCC_EXE} -DPAHOLE=pahole
		-DDATA=${CMAKE_SOURCE_DIR}/tests/layout/apply-groups
		-DWORK=${CMAKE_CURRENT_BINARY_DIR}/layout-apply-groups
		-P ${CMAKE_SOURCE_DIR}/tests/layout/apply-groups.cmake)

# Issue 27's must-show on the reference driver: no suggestion puts one path's per-packet
# writes in a line with another path's read-mostly fields unless it says so.
if(EXISTS ${CMAKE_SOURCE_DIR}/reference-driver/variant.mk)
	add_test(NAME layout/groups-reference-driver
		COMMAND ${CMAKE_COMMAND}
			-DZEROTAX=$<TARGET_FILE:zerotax>
			-DDRIVER=${CMAKE_SOURCE_DIR}/reference-driver
			-DSRC=${CMAKE_SOURCE_DIR}
			-DWORK=${CMAKE_CURRENT_BINARY_DIR}/layout-groups-driver
			-P ${CMAKE_SOURCE_DIR}/tests/layout/groups-driver.cmake)
endif()

# rd-bench-share's grouped struct is layout's own suggestion for its false-sharing one
# (issue 27's two-thread case measures what layout suggests).
add_test(NAME layout/bench-share
	COMMAND ${CMAKE_COMMAND} -DZEROTAX=$<TARGET_FILE:zerotax> -DGCC=${GCC_EXE} -DPAHOLE=pahole
		-DSRC=${CMAKE_SOURCE_DIR} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/layout-bench-share
		-P ${CMAKE_SOURCE_DIR}/tests/layout/bench-share.cmake)
